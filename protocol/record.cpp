#include "protocol/record.hpp"

#include <algorithm>

#include "protocol/detail/json.hpp"

namespace quadra::protocol {

using nlohmann::json;

namespace {

json parse_json(std::string_view text) {
    return json::parse(text, nullptr, /*allow_exceptions=*/false);
}

rules::result<std::string> string_field(const json& object, const char* key) {
    const auto found = object.find(key);
    if (found == object.end() || !found->is_string())
        return rules::refusal{std::string("field '") + key + "' must be a string"};
    return found->get<std::string>();
}

}  // namespace

rules::result<game_record> parse_record(std::string_view text) {
    auto parsed = parse_json(text);
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

std::string record_text(const game_record& record) { return dump_text(to_json(record)); }

json to_json(const std::optional<result_view>& result) {
    if (!result) return nullptr;
    json out = {{"winners", result->winners}, {"draw", result->draw()}, {"reason", result->reason}};
    if (!result->by.empty()) out["by"] = result->by;
    // A result stored before codes has none: its reason is all there is.
    if (!result->code.empty()) {
        out["code"] = result->code;
        out["figures"] = figures_json(result->figures);
    }
    return out;
}

json to_json(const game_export& exported) {
    json out = to_json(exported.record);
    out["id"] = exported.id;
    out["room"] = exported.room;
    out["move_times"] = exported.move_times_ms;
    out["move_seats"] = exported.move_seats;
    out["players"] = exported.players;
    // Only where an account played (#29: whom a finished game's player can challenge).
    const auto named = [](const std::string& account) { return !account.empty(); };
    if (std::any_of(exported.accounts.begin(), exported.accounts.end(), named)) {
        json accounts = json::array();
        for (const auto& a : exported.accounts)
            accounts.push_back(a.empty() ? json(nullptr) : json(a));
        out["accounts"] = std::move(accounts);
    }
    out["result"] = to_json(exported.result);
    out["created_at"] = exported.created_ms;
    out["finished_at"] = exported.finished_ms < 0 ? json(nullptr) : json(exported.finished_ms);
    out["commitment"] = exported.commitment;
    out["seed"] = exported.seed.empty() ? json(nullptr) : json(exported.seed);
    return out;
}

std::string export_text(const game_export& exported) { return dump_text(to_json(exported)); }

json summary_json(const game_export& exported) {
    const auto full = to_json(exported);
    json out;
    for (const char* key : {"id", "room", "game", "players", "result", "created_at", "finished_at"})
        out[key] = full[key];
    if (full.contains("accounts")) out["accounts"] = full["accounts"];
    return out;
}

rules::result<checkable_record> parse_checkable_record(std::string_view text) {
    const auto document = parse_json(text);
    if (document.is_discarded()) return rules::refusal{"the record is not valid JSON"};
    auto record = record_from_json(document);
    if (!record) return rules::refusal{record.reason()};
    auto id = string_field(document, "id");
    if (!id) return rules::refusal{id.reason()};
    auto commitment = string_field(document, "commitment");
    if (!commitment) return rules::refusal{commitment.reason()};
    checkable_record out{std::move(record).value(), std::move(id).value(),
                         std::move(commitment).value(), std::nullopt};
    const auto seed = document.find("seed");
    if (seed == document.end() || seed->is_null()) return out;
    if (!seed->is_string()) return rules::refusal{"field 'seed' must be a string"};
    out.seed = seed->get<std::string>();
    return out;
}

bool is_json(std::string_view text) { return !parse_json(text).is_discarded(); }

std::string result_text(const std::optional<result_view>& result) {
    return dump_text(to_json(result));
}

std::optional<result_view> parse_result(std::string_view text) {
    const auto document = parse_json(text);
    if (!document.is_object()) return std::nullopt;
    result_view out;
    const auto winners = document.find("winners");
    if (winners != document.end()) {
        if (!winners->is_array()) return std::nullopt;
        for (const auto& seat : *winners) {
            if (!seat.is_number_integer()) return std::nullopt;
            out.winners.push_back(seat.get<int>());
        }
    }
    const auto reason = document.find("reason");
    if (reason != document.end() && reason->is_string()) out.reason = reason->get<std::string>();
    const auto by = document.find("by");
    if (by != document.end() && by->is_string()) out.by = by->get<std::string>();
    // Results stored before codes have none: their words are the English reason alone.
    const auto code = document.find("code");
    if (code != document.end() && code->is_string()) out.code = code->get<std::string>();
    const auto figures = document.find("figures");
    if (figures != document.end() && figures->is_object())
        for (const auto& [name, value] : figures->items())
            if (value.is_number_integer()) out.figures.push_back({name, value.get<int>()});
    return out;
}

}  // namespace quadra::protocol
