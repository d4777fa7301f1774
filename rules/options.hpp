#pragma once
// Game options: a flat map of named integers or strings, checked against each game's option specs.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "result.hpp"

namespace quadra::rules {

using option_value = std::variant<std::int64_t, std::string>;
using options = std::map<std::string, option_value, std::less<>>;

// One option a game accepts: integers within [min, max] and/or one of the listed words.
struct option_spec {
    std::string name;
    std::string description;               // one line for the lobby, mentioning the default
    std::optional<option_value> fallback;  // the default; empty when it depends on other options
    std::optional<std::int64_t> min;       // integers allowed when min is set
    std::int64_t max = 0;
    std::vector<std::string> words;  // words allowed

    bool accepts_integers() const { return min.has_value(); }
};

// Checks names, types and ranges of `given` against `specs`; the reason names the option, the
// code is "unknown_option" or "bad_value" and the details {"option": its name}.
result<void> check_options(const std::vector<option_spec>& specs, const options& given);

// The value of option `name` in `given`, or the spec's default. Only valid after check_options.
std::int64_t integer_option(const options& given, std::string_view name, std::int64_t fallback);
std::string word_option(const options& given, std::string_view name, std::string_view fallback);

std::string to_string(const option_value& value);

}  // namespace quadra::rules
