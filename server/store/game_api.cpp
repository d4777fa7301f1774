#include "server/store/game_api.hpp"

#include <charconv>

#include <nlohmann/json.hpp>

#include "protocol/game_json.hpp"
#include "rules/registry.hpp"
#include "rules/replay.hpp"
#include "server/rooms/lobby.hpp"
#include "server/store/store.hpp"

namespace quadra::server {

using nlohmann::json;

namespace {

api_answer error_answer(unsigned status, std::string_view code, std::string_view message) {
    return {status, json{{"error", {{"code", code}, {"message", message}}}}.dump() + "\n"};
}

std::string_view query_value(std::string_view query, std::string_view key) {
    while (!query.empty()) {
        const auto amp = query.find('&');
        const auto pair = query.substr(0, amp);
        if (pair.size() > key.size() && pair.substr(0, key.size()) == key &&
            pair[key.size()] == '=')
            return pair.substr(key.size() + 1);
        if (amp == std::string_view::npos) break;
        query.remove_prefix(amp + 1);
    }
    return {};
}

api_answer position(const protocol::game_export& game, std::string_view query) {
    const auto text = query_value(query, "ply");
    std::size_t ply = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), ply);
    if (text.empty() || ec != std::errc{} || end != text.data() + text.size() ||
        ply > game.record.moves.size())
        return error_answer(
            400, "bad_ply",
            "ply must be a whole number from 0 to " + std::to_string(game.record.moves.size()));
    auto start = rules::create_game(game.record.game, game.record.options);
    if (!start) return error_answer(500, "bad_record", start.reason());
    auto replayed =
        rules::replay(std::move(start).value(), std::span(game.record.moves).first(ply));
    if (replayed.error) return error_answer(500, "bad_record", replayed.error->reason);
    auto state = protocol::state_json(*replayed.position);
    state["ply"] = ply;
    return {200, state.dump() + "\n"};
}

}  // namespace

std::optional<protocol::game_export> export_game(const store& games, const std::string& id) {
    const auto row = games.find_game(id);
    if (!row) return std::nullopt;
    protocol::game_export out;
    out.id = row->id;
    out.room = row->room_code;
    out.record.game = row->game;
    const auto options = json::parse(row->options_json, nullptr, false);
    if (auto parsed = protocol::options_from_json(options)) out.record.options = parsed.value();
    out.created_ms = row->created_ms;
    out.commitment = row->commitment;
    auto game = rules::create_game(row->game, out.record.options);
    if (game) out.players.assign(static_cast<std::size_t>(game.value()->seat_count()), "");
    for (const auto& e : games.events_of(id)) {
        const auto seat = static_cast<std::size_t>(e.seat);
        if (e.kind == "move" || e.kind == "forced_pass") {
            out.record.moves.push_back(e.text);
            out.move_times_ms.push_back(e.at_ms);
        } else if (e.kind == "seated" && seat < out.players.size()) {
            out.players[seat] = e.text;
        } else if (e.kind == "bot_seated" && seat < out.players.size()) {
            out.players[seat] = "Computer (" + e.text + ")";
        } else if (e.kind == "unseated" && seat < out.players.size()) {
            out.players[seat].clear();
        }
    }
    if (row->finished_ms) {
        out.finished_ms = *row->finished_ms;
        out.seed = row->seed_hex;  // revealed only once the game is over
    }
    if (!row->result_json.empty()) {
        out.result = json::parse(row->result_json, nullptr, false);
        if (out.result.is_discarded()) out.result = nullptr;
    } else if (game) {
        auto replayed = rules::replay(std::move(game).value(), out.record.moves);
        out.result = protocol::result_json(replayed.position->current_outcome());
    }
    return out;
}

std::optional<api_answer> answer_api(std::string_view target, const lobby& rooms,
                                     const store& games) {
    const auto question = target.find('?');
    const auto path = target.substr(0, question);
    const auto query =
        question == std::string_view::npos ? std::string_view{} : target.substr(question + 1);
    if (path == "/api/rooms") {
        auto listing = json::parse(*rooms.listing({}), nullptr, false);
        json finished = json::array();
        for (const auto& row : games.finished_games(100)) {
            if (auto game = export_game(games, row.id))
                finished.push_back(protocol::summary_json(*game));
        }
        json body = {{"rooms", listing.is_object() ? listing["rooms"] : json::array()},
                     {"finished", finished}};
        return api_answer{200, body.dump() + "\n"};
    }
    constexpr std::string_view prefix = "/api/games/";
    if (path.substr(0, prefix.size()) == prefix) {
        auto rest = path.substr(prefix.size());
        const auto slash = rest.find('/');
        const std::string id(rest.substr(0, slash));
        const auto what = slash == std::string_view::npos ? std::string_view{} : rest.substr(slash);
        if (!what.empty() && what != "/position")
            return error_answer(404, "not_found", "no such resource");
        const auto game = export_game(games, id);
        if (!game) return error_answer(404, "no_such_game", "no game with the id '" + id + "'");
        if (what == "/position") return position(*game, query);
        return api_answer{200, protocol::to_json(*game).dump() + "\n"};
    }
    if (path.substr(0, 5) == "/api/") return error_answer(404, "not_found", "no such resource");
    return std::nullopt;
}

}  // namespace quadra::server
