#pragma once
// The bodies of the HTTP answers (PROTOCOL.md "HTTP"): /healthz, /api/rooms, /api/games/{id},
// its position at a ply, and the API's errors. Each body ends with a newline.

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

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

// The state after `ply` tokens, with "ply" (state_text).
std::string position_body(const rules::game& position, std::size_t ply);

}  // namespace quadra::protocol
