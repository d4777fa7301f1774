#pragma once
// Game records (docs/rules.md): {"game": "<id>", "options": {...}, "moves": [...]}, and the
// exported form of a played game that GET /api/games/{id} serves and `quadra verify` reads.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/messages.hpp"
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

// {"game", "moves", "options"}.
std::string record_text(const game_record& record);

// A game as GET /api/games/{id} exports it: the record plus who played, how it ended, when, and
// the fair-dice commitment and (once finished) seed. `quadra verify` reads it back.
struct game_export {
    std::string id;    // the game id
    std::string room;  // the room's lobby code
    game_record record;
    std::vector<std::string> players;         // one display name per seat, in seat order
    std::vector<std::string> accounts;        // each seat's account user name ("": none), #29
    std::vector<std::int64_t> move_times_ms;  // when each recorded token was applied
    std::vector<int> move_seats;              // the seat that played each recorded token
    std::int64_t created_ms = 0;
    std::int64_t finished_ms = -1;      // -1 while unfinished
    std::optional<result_view> result;  // none while ongoing; `by` empty when from the rules
    std::string commitment;
    std::string seed;  // empty while unfinished: exported as null
};

// {"id", "room", "game", "options", "moves", "move_times", "move_seats", "players", "result",
//  "created_at", "finished_at", "commitment", "seed"}; times are milliseconds since the Unix
// epoch.
// A game of `my_games` still on: its export, and its room's status when this node serves it.
struct running_game {
    game_export game;
    std::optional<room_status> status;
    bool your_turn = false;                   // it waits for the asking account's move (#29)
    std::optional<std::int64_t> deadline_ms;  // ... until then; none: no clock
};

std::string export_text(const game_export& exported);

// What `quadra verify` needs of an exported game: the record, the game id, the commitment and
// the seed (none while the game is unfinished).
struct checkable_record {
    game_record record;
    std::string id;
    std::string commitment;
    std::optional<std::string> seed;
};

// Reads an exported game; refused (with the field named) when a needed field is missing or of
// the wrong type. A missing or null seed is not a refusal here.
rules::result<checkable_record> parse_checkable_record(std::string_view text);

// Whether `text` is JSON at all.
bool is_json(std::string_view text);

// A room's stored and exported result: {"by" (unless empty), "draw", "reason", "winners"}/null.
std::string result_text(const std::optional<result_view>& result);
// And back; none for null or anything that is not a result object.
std::optional<result_view> parse_result(std::string_view text);

}  // namespace quadra::protocol
