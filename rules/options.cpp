#include "options.hpp"

#include <algorithm>

namespace quadra::rules {

namespace {

std::string allowed_values(const option_spec& spec) {
    std::string text;
    if (spec.accepts_integers())
        text = "an integer from " + std::to_string(*spec.min) + " to " + std::to_string(spec.max);
    for (const auto& word : spec.words) {
        text += text.empty() ? "" : " or ";
        text += '"' + word + '"';
    }
    return text;
}

result<void> check_one(const option_spec& spec, const option_value& value) {
    if (const auto* number = std::get_if<std::int64_t>(&value)) {
        if (spec.accepts_integers() && *number >= *spec.min && *number <= spec.max) return {};
    } else {
        const auto& word = std::get<std::string>(value);
        if (std::find(spec.words.begin(), spec.words.end(), word) != spec.words.end()) return {};
    }
    return refusal{
        "option '" + spec.name + "' must be " + allowed_values(spec) + ", not " + to_string(value),
        "bad_value",
        {{"option", spec.name}}};
}

}  // namespace

result<void> check_options(const std::vector<option_spec>& specs, const options& given) {
    for (const auto& [name, value] : given) {
        // Clang before 16 cannot capture a structured binding: `named` is a plain reference.
        auto spec = std::find_if(specs.begin(), specs.end(),
                                 [&named = name](const option_spec& s) { return s.name == named; });
        if (spec == specs.end()) {
            std::string known;
            for (const auto& s : specs) known += (known.empty() ? "" : ", ") + s.name;
            return refusal{
                "unknown option '" + name + "' (known: " + (known.empty() ? "none" : known) + ")",
                "unknown_option",
                {{"option", name}}};
        }
        if (auto checked = check_one(*spec, value); !checked) return checked;
    }
    return {};
}

std::int64_t integer_option(const options& given, std::string_view name, std::int64_t fallback) {
    auto found = given.find(name);
    if (found == given.end()) return fallback;
    const auto* number = std::get_if<std::int64_t>(&found->second);
    return number ? *number : fallback;
}

std::string word_option(const options& given, std::string_view name, std::string_view fallback) {
    auto found = given.find(name);
    if (found == given.end()) return std::string(fallback);
    const auto* word = std::get_if<std::string>(&found->second);
    return word ? *word : std::string(fallback);
}

std::string to_string(const option_value& value) {
    if (const auto* number = std::get_if<std::int64_t>(&value)) return std::to_string(*number);
    return '"' + std::get<std::string>(value) + '"';
}

}  // namespace quadra::rules
