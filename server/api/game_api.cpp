#include "server/api/game_api.hpp"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "ratings/glicko2.hpp"

#include "protocol/api_json.hpp"
#include "protocol/game_json.hpp"
#include "rules/registry.hpp"
#include "rules/replay.hpp"
#include "server/api/api_target.hpp"
#include "server/api/event_api.hpp"
#include "server/rooms/lobby.hpp"
#include "server/store/rated_games.hpp"
#include "server/store/store.hpp"

namespace quadra::server {

namespace {

api_answer error_answer(unsigned status, std::string_view code, std::string_view message) {
    return {status, protocol::api_error_body(code, message)};
}

// The state after `ply` tokens of the record; none when the target's ply was not a whole number.
// The last position of a game its room ended (a resignation, a timeout) is finished, though the
// rules alone would go on.
api_answer position(const protocol::game_export& game, std::optional<std::size_t> ply) {
    if (!ply || *ply > game.record.moves.size())
        return error_answer(
            400, "bad_ply",
            "ply must be a whole number from 0 to " + std::to_string(game.record.moves.size()));
    auto start = rules::create_game(game.record.game, game.record.options);
    if (!start) return error_answer(500, "bad_record", start.reason());
    auto replayed =
        rules::replay(std::move(start).value(), std::span(game.record.moves).first(*ply));
    if (replayed.error) return error_answer(500, "bad_record", replayed.error->reason);
    const bool ended_by_room = game.result && *ply == game.record.moves.size();
    return {200, protocol::position_body(*replayed.position, *ply, ended_by_room)};
}

// The moves, their times and the players by seat, from the game's stored events.
void read_events(const store& games, const std::string& id, protocol::game_export& out) {
    for (const auto& e : games.events_of(id)) {
        const auto seat = static_cast<std::size_t>(e.seat);
        if (e.kind == "move" || e.kind == "forced_pass") {
            out.record.moves.push_back(e.text);
            out.move_times_ms.push_back(e.at_ms);
            out.move_seats.push_back(e.seat);
        } else if (e.kind == "takeback_accepted") {
            // The record goes back to its first moves (#29); a malformed row changes nothing.
            const auto back_to =
                static_cast<std::size_t>(std::strtoull(e.text.c_str(), nullptr, 10));
            if (back_to < out.record.moves.size()) {
                out.record.moves.resize(back_to);
                out.move_times_ms.resize(back_to);
                out.move_seats.resize(back_to);
            }
        } else if (e.kind == "seated" && seat < out.players.size()) {
            out.players[seat] = e.text;
            const auto who = games.find_identity(e.identity);
            out.accounts[seat] = who ? who->account : "";
        } else if (e.kind == "bot_seated" && seat < out.players.size()) {
            out.players[seat] = "Computer (" + e.text + ")";
            out.accounts[seat].clear();
        } else if (e.kind == "unseated" && seat < out.players.size()) {
            out.players[seat].clear();
            out.accounts[seat].clear();
        }
    }
}

// The rules' result of the recorded moves, for a game whose room stored none.
std::optional<protocol::result_view> replayed_result(std::unique_ptr<rules::game> start,
                                                     std::span<const std::string> moves) {
    const auto outcome = rules::replay(std::move(start), moves).position->current_outcome();
    if (!outcome.finished()) return std::nullopt;
    return protocol::result_view{outcome.winners, outcome.reason, "", outcome.code,
                                 outcome.figures};
}

// A game's export, or its position when the target asked for one.
api_answer answer_game(const api_target& asked, const store& games) {
    const auto game = export_game(games, asked.game_id);
    if (!game)
        return error_answer(404, "no_such_game", "no game with the id '" + asked.game_id + "'");
    if (asked.what == api_target::kind::position) return position(*game, asked.ply);
    return {200, protocol::game_body(*game)};
}

api_answer answer_rooms(const lobby& rooms, const store& games) {
    std::vector<protocol::game_export> finished;
    for (const auto& row : games.finished_games(100)) {
        if (auto game = export_game(games, row.id)) finished.push_back(std::move(*game));
    }
    return {200, protocol::rooms_body(rooms.listed(), finished)};
}

protocol::rating_view rating_of(const rating_row& row) {
    return {row.key, row.rating, row.deviation, row.deviation > ratings::provisional_deviation,
            row.games};
}

api_answer answer_user(const std::string& name, const store& games) {
    const auto who = games.find_account(name);
    if (!who) return error_answer(404, "no_such_user", "no user named '" + name + "'");
    return {200, protocol::user_body(user_profile(games, *who))};
}

constexpr std::size_t default_leaderboard = 100, max_leaderboard = 500;

api_answer answer_leaderboard(const std::string& key, std::optional<std::size_t> limit,
                              const store& games) {
    const auto count =
        std::clamp<std::size_t>(limit.value_or(default_leaderboard), 1, max_leaderboard);
    std::vector<protocol::leaderboard_entry> players;
    for (const auto& row : games.leaderboard(key, static_cast<int>(count))) {
        auto& entry = players.emplace_back();
        entry.rating = rating_of(row);
        if (const auto bot = bot_of_rating_identity(row.identity))
            entry.name = "Computer (" + std::string(bots::level_name(*bot)) + ")";
        else
            entry.name = row.name;
        entry.account = row.account;
    }
    return {200, protocol::leaderboard_body(key, players)};
}

}  // namespace

protocol::user_view user_profile(const store& games, const identity_row& who) {
    protocol::user_view user;
    user.name = who.name;
    user.account = who.account;
    for (const auto& row : games.ratings_of(who.id)) user.ratings.push_back(rating_of(row));
    constexpr int recent = 50;
    for (const auto& change : games.rating_history(who.id, recent)) {
        auto game = export_game(games, change.game_id);
        if (!game) continue;
        const std::string game_id = game->record.game;
        auto it = std::find_if(user.records.begin(), user.records.end(),
                               [&](const auto& r) { return r.game == game_id; });
        if (it == user.records.end()) it = user.records.insert(user.records.end(), {game_id});
        (change.outcome == "win" ? it->wins : change.outcome == "draw" ? it->draws : it->losses)++;
        user.games.push_back({std::move(*game), change.key, change.outcome, change.before,
                              change.after, change.at_ms});
    }
    std::sort(user.records.begin(), user.records.end(),
              [](const auto& a, const auto& b) { return a.game < b.game; });
    return user;
}

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
    out.accounts.assign(out.players.size(), "");
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
    const auto asked = parse_api_target(target);
    switch (asked.what) {
        case api_target::kind::not_api:
            return std::nullopt;
        case api_target::kind::rooms:
            return answer_rooms(rooms, games);
        case api_target::kind::game:
        case api_target::kind::position:
            return answer_game(asked, games);
        case api_target::kind::user:
            return answer_user(asked.game_id, games);
        case api_target::kind::leaderboard:
            return answer_leaderboard(asked.game_id, asked.ply, games);
        case api_target::kind::events:
            return answer_events(games);
        case api_target::kind::event:
            return answer_event(games, asked.game_id);
        case api_target::kind::not_found:
            return error_answer(404, "not_found", "no such resource");
    }
    return std::nullopt;
}

}  // namespace quadra::server
