// Any HTTP target through parse_api_target and query_value: what was asked is read from the
// target itself, and the pieces it returns are parts of it.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "server/api/api_target.hpp"

using quadra::fuzzing::require;
using quadra::server::api_target;

namespace {

bool within(std::string_view part, std::string_view whole) {
    return part.empty() || (part.data() >= whole.data() &&
                            part.data() + part.size() <= whole.data() + whole.size());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view target(reinterpret_cast<const char*>(data), size);
    const auto path = target.substr(0, target.find('?'));
    const auto asked = quadra::server::parse_api_target(target);

    require((asked.what == api_target::kind::not_api) != path.starts_with("/api/"),
            "exactly the paths under /api/ are the API's");
    // game_id names the game, the user, the rating key or the event of those targets, and
    // nothing else.
    const bool names_something =
        asked.what == api_target::kind::game || asked.what == api_target::kind::position ||
        asked.what == api_target::kind::user || asked.what == api_target::kind::leaderboard ||
        asked.what == api_target::kind::event;
    require(names_something || asked.game_id.empty(), "only a named target has a name");
    require(asked.what == api_target::kind::position ||
                asked.what == api_target::kind::leaderboard || !asked.ply,
            "only a position (ply) or a leaderboard (limit) has a number");
    if (asked.what == api_target::kind::game)
        require(path == "/api/games/" + asked.game_id, "a game's path is /api/games/{id}");
    if (asked.what == api_target::kind::position)
        require(path == "/api/games/" + asked.game_id + "/position",
                "a position's path is /api/games/{id}/position");
    if (asked.ply) {
        // A position's number is its `ply`, a leaderboard's its `limit`.
        const auto query = target.substr(path.size() + 1);
        const auto number = quadra::server::query_value(
            query, asked.what == api_target::kind::leaderboard ? "limit" : "ply");
        require(!number.empty() && number.find_first_not_of("0123456789") == std::string_view::npos,
                "a ply or a limit is read only from digits");
    }

    // Any key of any query: the value is a part of the query.
    const auto split = target.find('=');
    const auto key = target.substr(0, split == std::string_view::npos ? 0 : split);
    const auto query = split == std::string_view::npos ? target : target.substr(split + 1);
    require(within(quadra::server::query_value(query, key), query), "a value is part of the query");
    return 0;
}
