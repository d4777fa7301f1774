#include "protocol/game_json.hpp"

#include <algorithm>

#include "protocol/detail/json.hpp"
#include "rules/registry.hpp"

namespace quadra::protocol {

using nlohmann::json;

namespace {

struct view_to_json {
    json operator()(std::monostate) const { return nullptr; }
    json operator()(bool b) const { return b; }
    json operator()(std::int64_t n) const { return n; }
    json operator()(const std::string& s) const { return s; }
    json operator()(const rules::view_list& list) const {
        json array = json::array();
        for (const auto& item : list) array.push_back(to_json(item));
        return array;
    }
    json operator()(const rules::view_fields& fields) const {
        json object = json::object();
        for (const auto& [name, item] : fields) object[name] = to_json(item);
        return object;
    }
};

json seat_names(const rules::game& game) {
    json names = json::array();
    for (int seat = 0; seat < game.seat_count(); ++seat) names.push_back(game.seat_name(seat));
    return names;
}

}  // namespace

json to_json(const rules::view& view) { return std::visit(view_to_json{}, view.value); }

json to_json(const rules::options& options) {
    json object = json::object();
    // Clang before 16 cannot capture a structured binding: `field` is a plain reference.
    for (const auto& [name, value] : options)
        std::visit([&, &field = object[name]](const auto& v) { field = v; }, value);
    return object;
}

rules::result<rules::options> options_from_json(const json& object) {
    if (!object.is_object()) return rules::refusal{"options must be a JSON object"};
    rules::options options;
    for (const auto& [name, value] : object.items()) {
        if (value.is_number_integer())
            options[name] = value.get<std::int64_t>();
        else if (value.is_string())
            options[name] = value.get<std::string>();
        else
            return rules::refusal{"option '" + name + "' must be an integer or a string"};
    }
    return options;
}

const char* status_name(const rules::outcome& outcome) {
    return outcome.finished() ? "finished" : "ongoing";
}

json result_json(const rules::outcome& outcome) {
    if (!outcome.finished()) return nullptr;
    return {{"winners", outcome.winners}, {"draw", outcome.draw()}, {"reason", outcome.reason}};
}

json state_json(const rules::game& game, bool ended_by_room) {
    const auto outcome = game.current_outcome();
    const bool over = ended_by_room || outcome.finished();
    return {
        {"game", game.id()},
        {"options", to_json(game.settings())},
        {"seats", seat_names(game)},
        {"to_move", over ? -1 : game.to_move()},
        {"legal", over ? std::vector<std::string>{} : game.legal()},
        {"status", over ? "finished" : "ongoing"},
        {"result", result_json(outcome)},
        {"scores", outcome.scores},
        {"board", to_json(game.describe())},
    };
}

namespace {

json option_json(const rules::option_spec& spec) {
    json out = {{"name", spec.name},  {"description", spec.description},
                {"default", nullptr}, {"min", nullptr},
                {"max", nullptr},     {"words", spec.words}};
    if (spec.fallback)
        out["default"] = std::visit([](const auto& value) { return json(value); }, *spec.fallback);
    if (spec.accepts_integers()) {
        out["min"] = *spec.min;
        out["max"] = spec.max;
    }
    return out;
}

// Every value an option can take, when there are few enough to try each one.
std::vector<rules::option_value> candidate_values(const rules::option_spec& spec) {
    constexpr std::int64_t most_tried = 16;
    std::vector<rules::option_value> values(spec.words.begin(), spec.words.end());
    if (spec.accepts_integers() && spec.max - *spec.min < most_tried)
        for (auto n = *spec.min; n <= spec.max; ++n) values.emplace_back(n);
    return values;
}

// The seat counts of a game type, found by starting games: with the defaults, then with each
// value of each option. The option whose values change the count is named, with the values the
// rules accept, so that a client offers exactly those.
json seat_counts_json(const rules::game_type& type) {
    auto plain = rules::create_game(type.id, {});
    const int fallback = plain ? plain.value()->seat_count() : 2;
    std::vector<int> counts{fallback};
    json seat_option = nullptr;
    json choices = json::array();
    for (const auto& spec : type.options) {
        json found = json::array();
        bool changes = false;
        for (const auto& value : candidate_values(spec)) {
            auto game = rules::create_game(type.id, {{spec.name, value}});
            if (!game) continue;
            const int seats = game.value()->seat_count();
            changes = changes || seats != fallback;
            found.push_back({{"value", std::visit([](const auto& v) { return json(v); }, value)},
                             {"seats", seats}});
            counts.push_back(seats);
        }
        if (changes && seat_option.is_null()) {
            seat_option = spec.name;
            choices = std::move(found);
        }
    }
    std::sort(counts.begin(), counts.end());
    counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
    return {{"seats", counts}, {"seats_option", seat_option}, {"seat_choices", choices}};
}

}  // namespace

json games_json() {
    json out = json::array();
    for (const auto* type : rules::game_types()) {
        json options = json::array();
        for (const auto& spec : type->options) options.push_back(option_json(spec));
        json game = {{"id", type->id}, {"title", type->title}, {"summary", type->summary}};
        game.update(seat_counts_json(*type));
        game["options"] = std::move(options);
        out.push_back(std::move(game));
    }
    return out;
}

std::string dump_text(const json& value, int indent) {
    return value.dump(indent, ' ', false, json::error_handler_t::replace);
}

std::string options_text(const rules::options& options) { return dump_text(to_json(options)); }

rules::result<rules::options> parse_options(std::string_view text) {
    const auto parsed = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (parsed.is_discarded()) return rules::refusal{"the options are not valid JSON"};
    return options_from_json(parsed);
}

std::string view_text(const rules::view& view) { return dump_text(to_json(view)); }

std::string outcome_text(const rules::outcome& outcome) { return dump_text(result_json(outcome)); }

std::string state_text(const rules::game& game, std::optional<std::size_t> ply, bool pretty) {
    auto state = state_json(game);
    if (ply) state["ply"] = *ply;
    return dump_text(state, pretty ? 2 : -1);
}

}  // namespace quadra::protocol
