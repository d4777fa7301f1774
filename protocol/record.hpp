#pragma once
// Game records (RULES.md): {"game": "<id>", "options": {...}, "moves": ["<token>", ...]}.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/options.hpp"
#include "rules/result.hpp"

namespace quadra::protocol {

struct game_record {
    std::string game;
    rules::options options;
    std::vector<std::string> moves;  // recorded tokens
};

// Parses a record from JSON text. Fields other than game, options and moves are ignored, so an
// exported record with players and timestamps still reads; missing options mean the defaults.
rules::result<game_record> parse_record(std::string_view text);
rules::result<game_record> record_from_json(const nlohmann::json& json);

nlohmann::json to_json(const game_record& record);

// A game as GET /api/games/{id} exports it: the record plus who played, how it ended, when, and
// the fair-dice commitment and (once finished) seed. `quadra verify` reads it back.
struct game_export {
    std::string id;    // the game id
    std::string room;  // the room's lobby code
    game_record record;
    std::vector<std::string> players;         // one display name per seat, in seat order
    std::vector<std::int64_t> move_times_ms;  // when each recorded token was applied
    std::int64_t created_ms = 0;
    std::int64_t finished_ms = -1;  // -1 while unfinished
    nlohmann::json result;          // result_json of the final position; null while ongoing
    std::string commitment;
    std::string seed;  // empty while unfinished: exported as null
};

// {"id", "room", "game", "options", "moves", "move_times", "players", "result", "created_at",
//  "finished_at", "commitment", "seed"}; times are milliseconds since the Unix epoch.
nlohmann::json to_json(const game_export& exported);
// The short form for listings: id, room, game, players, result, created_at, finished_at.
nlohmann::json summary_json(const game_export& exported);

}  // namespace quadra::protocol
