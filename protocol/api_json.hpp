#pragma once
// The bodies of the HTTP answers (PROTOCOL.md "HTTP"): /healthz, /api/rooms, /api/games/{id},
// its position at a ply, /api/events, and the API's errors. Each body ends with a newline.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/messages.hpp"
#include "protocol/record.hpp"
#include "rules/game.hpp"

namespace quadra::protocol {

// What /healthz reports; the status is "ok" only when both the store and the rules are.
struct health_view {
    std::string_view version;
    double uptime_seconds = 0;
    std::size_t rooms = 0;
    std::size_t connections = 0;
    bool store_ok = true;
    bool rules_ok = true;
    // Where games are kept and, with a shared store, this node's part in it.
    std::string_view backend = "sqlite";
    std::string_view node;
    std::string_view lease = "none";  // "held", "lost", or "none" (a store of one node)
    std::size_t rooms_owned = 0;
};
// Ready to serve: the store and the rules work and, with a shared store, the lease is held.
bool healthy(const health_view& health);
std::string health_body(const health_view& health);

// {"error": {"code": "...", "message": "..."}}.
std::string api_error_body(std::string_view code, std::string_view message);

// {"rooms": [...], "finished": [...]}: the public rooms as the `rooms` message lists them and
// the short form of each finished game.
std::string rooms_body(std::span<const room_summary> rooms, std::span<const game_export> finished);

// The exported game (export_text).
std::string game_body(const game_export& exported);

// Ratings (#17), as shown: the rating and deviation rounded to whole points.
struct rating_view {
    std::string key;  // e.g. "quadrature.blitz", "kvadrat.4p"
    double rating = 1500;
    double deviation = 350;
    bool provisional = true;
    std::int64_t games = 0;
};
// One rated game of a player: the game's short form (rooms_body's), where to replay it, and
// what it did to the rating.
struct rated_game_view {
    game_export game;
    std::string key;
    std::string outcome;  // "win", "draw", "loss"
    double before = 1500;
    double after = 1500;
    std::int64_t at_ms = 0;  // when it was rated
};
struct win_draw_loss {
    std::string game;
    std::int64_t wins = 0;
    std::int64_t draws = 0;
    std::int64_t losses = 0;
};
struct user_view {
    std::string name;     // the display name
    std::string account;  // the account's user name
    std::vector<rating_view> ratings;
    std::vector<rated_game_view> games;  // newest first: recent games and the chart's points
    std::vector<win_draw_loss> records;  // per game id
};
// {"name", "account", "ratings": [...], "history": [{"key","game_id","at","rating"}...] (oldest
// first), "games": [...], "records": [...]}.
std::string user_body(const user_view& user);

struct leaderboard_entry {
    std::string name;     // display name; "Computer (<level>)" for a bot level
    std::string account;  // empty for a bot level
    rating_view rating;
};
// {"key", "players": [{"rank", "name", "account", "rating", "deviation", "provisional",
// "games"}...]}, best first.
std::string leaderboard_body(std::string_view key, std::span<const leaderboard_entry> players);

// GET /api/events: {"upcoming": [...], "running": [...], "finished": [...]}, each event as
// the `events` message lists it.
std::string api_events_json(std::span<const event_view> upcoming,
                            std::span<const event_view> running,
                            std::span<const event_view> finished);
// GET /api/events/{id}: {"event": {...}, "entries": [{"name", "status"}...]}.
std::string api_event_json(const event_view& event, std::span<const event_entry_view> entries);

// The state after `ply` tokens, with "ply" (state_text); finished when `ended_by_room`.
std::string position_body(const rules::game& position, std::size_t ply, bool ended_by_room);

}  // namespace quadra::protocol
