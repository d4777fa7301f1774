#include "server/store/game_api.hpp"

#include <charconv>
#include <vector>

#include "protocol/api_json.hpp"
#include "protocol/game_json.hpp"
#include "rules/registry.hpp"
#include "rules/replay.hpp"
#include "server/rooms/lobby.hpp"
#include "server/store/store.hpp"

namespace quadra::server {

namespace {

api_answer error_answer(unsigned status, std::string_view code, std::string_view message) {
    return {status, protocol::api_error_body(code, message)};
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
    return {200, protocol::position_body(*replayed.position, ply)};
}

// The moves, their times and the players by seat, from the game's stored events.
void read_events(const store& games, const std::string& id, protocol::game_export& out) {
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
}

// The rules' result of the recorded moves, for a game whose room stored none.
std::optional<protocol::result_view> replayed_result(std::unique_ptr<rules::game> start,
                                                     std::span<const std::string> moves) {
    const auto outcome = rules::replay(std::move(start), moves).position->current_outcome();
    if (!outcome.finished()) return std::nullopt;
    return protocol::result_view{outcome.winners, outcome.reason, ""};
}

std::optional<api_answer> answer_game(std::string_view path, std::string_view query,
                                      const store& games) {
    const auto slash = path.find('/');
    const std::string id(path.substr(0, slash));
    const auto what = slash == std::string_view::npos ? std::string_view{} : path.substr(slash);
    if (!what.empty() && what != "/position")
        return error_answer(404, "not_found", "no such resource");
    const auto game = export_game(games, id);
    if (!game) return error_answer(404, "no_such_game", "no game with the id '" + id + "'");
    if (what == "/position") return position(*game, query);
    return api_answer{200, protocol::game_body(*game)};
}

api_answer answer_rooms(const lobby& rooms, const store& games) {
    std::vector<protocol::game_export> finished;
    for (const auto& row : games.finished_games(100)) {
        if (auto game = export_game(games, row.id)) finished.push_back(std::move(*game));
    }
    return {200, protocol::rooms_body(rooms.listed(), finished)};
}

}  // namespace

std::optional<protocol::game_export> export_game(const store& games, const std::string& id) {
    const auto row = games.find_game(id);
    if (!row) return std::nullopt;
    protocol::game_export out;
    out.id = row->id;
    out.room = row->room_code;
    out.record.game = row->game;
    if (auto parsed = protocol::parse_options(row->options_json))
        out.record.options = parsed.value();
    out.created_ms = row->created_ms;
    out.commitment = row->commitment;
    auto game = rules::create_game(row->game, out.record.options);
    if (game) out.players.assign(static_cast<std::size_t>(game.value()->seat_count()), "");
    read_events(games, id, out);
    if (row->finished_ms) {
        out.finished_ms = *row->finished_ms;
        out.seed = row->seed_hex;  // revealed only once the game is over
    }
    if (!row->result_json.empty())
        out.result = protocol::parse_result(row->result_json);
    else if (game)
        out.result = replayed_result(std::move(game).value(), out.record.moves);
    return out;
}

std::optional<api_answer> answer_api(std::string_view target, const lobby& rooms,
                                     const store& games) {
    const auto question = target.find('?');
    const auto path = target.substr(0, question);
    const auto query =
        question == std::string_view::npos ? std::string_view{} : target.substr(question + 1);
    if (path == "/api/rooms") return answer_rooms(rooms, games);
    constexpr std::string_view prefix = "/api/games/";
    if (path.substr(0, prefix.size()) == prefix)
        return answer_game(path.substr(prefix.size()), query, games);
    if (path.substr(0, 5) == "/api/") return error_answer(404, "not_found", "no such resource");
    return std::nullopt;
}

}  // namespace quadra::server
