#include "game_json.hpp"

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
    for (const auto& [name, value] : options)
        std::visit([&](const auto& v) { object[name] = v; }, value);
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

json state_json(const rules::game& game) {
    const auto outcome = game.current_outcome();
    return {
        {"game", game.id()},
        {"options", to_json(game.settings())},
        {"seats", seat_names(game)},
        {"to_move", game.to_move()},
        {"legal", game.legal()},
        {"status", status_name(outcome)},
        {"result", result_json(outcome)},
        {"scores", outcome.scores},
        {"board", to_json(game.describe())},
    };
}

}  // namespace quadra::protocol
