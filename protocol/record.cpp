#include "record.hpp"

#include "game_json.hpp"

namespace quadra::protocol {

using nlohmann::json;

rules::result<game_record> parse_record(std::string_view text) {
    auto parsed = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (parsed.is_discarded()) return rules::refusal{"the record is not valid JSON"};
    return record_from_json(parsed);
}

rules::result<game_record> record_from_json(const json& record) {
    if (!record.is_object()) return rules::refusal{"a record must be a JSON object"};
    game_record out;

    auto game = record.find("game");
    if (game == record.end() || !game->is_string())
        return rules::refusal{"field 'game' must be a string (a game id)"};
    out.game = game->get<std::string>();

    if (auto options = record.find("options"); options != record.end()) {
        auto parsed = options_from_json(*options);
        if (!parsed) return rules::refusal{parsed.reason()};
        out.options = std::move(parsed).value();
    }

    auto moves = record.find("moves");
    if (moves == record.end() || !moves->is_array())
        return rules::refusal{"field 'moves' must be an array of strings"};
    for (const auto& move : *moves) {
        if (!move.is_string()) return rules::refusal{"field 'moves' must be an array of strings"};
        out.moves.push_back(move.get<std::string>());
    }
    return out;
}

json to_json(const game_record& record) {
    return {{"game", record.game}, {"options", to_json(record.options)}, {"moves", record.moves}};
}

json to_json(const game_export& exported) {
    json out = to_json(exported.record);
    out["id"] = exported.id;
    out["room"] = exported.room;
    out["move_times"] = exported.move_times_ms;
    out["players"] = exported.players;
    out["result"] = exported.result;
    out["created_at"] = exported.created_ms;
    out["finished_at"] = exported.finished_ms < 0 ? json(nullptr) : json(exported.finished_ms);
    out["commitment"] = exported.commitment;
    out["seed"] = exported.seed.empty() ? json(nullptr) : json(exported.seed);
    return out;
}

json summary_json(const game_export& exported) {
    const auto full = to_json(exported);
    json out;
    for (const char* key : {"id", "room", "game", "players", "result", "created_at", "finished_at"})
        out[key] = full[key];
    return out;
}

}  // namespace quadra::protocol
