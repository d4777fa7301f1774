#pragma once
// JSON for the rules' values: options, position views, outcomes and a game's full state.

#include <nlohmann/json.hpp>

#include "rules/game.hpp"

namespace quadra::protocol {

nlohmann::json to_json(const rules::view& view);
nlohmann::json to_json(const rules::options& options);

// Options from a JSON object whose values are integers or strings; the reason names the option.
rules::result<rules::options> options_from_json(const nlohmann::json& object);

// "ongoing" or "finished".
const char* status_name(const rules::outcome& outcome);

// null while ongoing, else {"winners": [...], "draw": bool, "reason": "..."}.
nlohmann::json result_json(const rules::outcome& outcome);

// Everything a client needs to show a game: game, options, seats (names), to_move, legal,
// status, result, scores and board (the game's own view). When the room ended the game
// (`ended_by_room`: a resignation, a timeout, an agreed draw, a claim), the state is the effective
// one: status "finished", no legal requests, nobody to move; `result` stays the rules' own.
nlohmann::json state_json(const rules::game& game, bool ended_by_room = false);

// Every registered game: id, title, summary, seat counts and options (PROTOCOL.md `games`).
nlohmann::json games_json();

}  // namespace quadra::protocol
