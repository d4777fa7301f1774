#pragma once
// What an HTTP API target (path and query) asks for, read without the store or the lobby: the
// one place that splits /api/... targets, so it can be tested and fuzzed on its own.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace quadra::server {

// The question a target asks of the API.
struct api_target {
    enum class kind {
        not_api,      // not under /api/: for the static files
        rooms,        // /api/rooms
        game,         // /api/games/{id}
        position,     // /api/games/{id}/position?ply=K
        user,         // /api/users/{name}
        leaderboard,  // /api/leaderboard/{key}?limit=N
        events,       // /api/events
        event,        // /api/events/{id}
        not_found,    // under /api/ but no such resource
    };
    kind what = kind::not_api;
    std::string game_id;  // game and position; a user's name; a leaderboard's key; an event's id
    std::optional<std::size_t> ply;  // position: none when `ply` is missing or not a whole number;
                                     // leaderboard: `limit`, none when missing or not a number
};

api_target parse_api_target(std::string_view target);

// The value of the first `key=value` pair of a query ("a=1&b=2"); empty when there is none.
std::string_view query_value(std::string_view query, std::string_view key);

}  // namespace quadra::server
