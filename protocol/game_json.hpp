#pragma once
// JSON text for the rules' values: options, position views, outcomes and a game's full state.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "rules/game.hpp"

namespace quadra::protocol {

// The options as a JSON object (keys sorted), as records and the store keep them.
std::string options_text(const rules::options& options);

// Options from JSON text: an object whose values are integers or strings; the reason names the
// option. Every reader of options (records, create_room, the store, `quadra selfplay`) ends here.
rules::result<rules::options> parse_options(std::string_view text);

// Every registered game as the `games` message lists them (PROTOCOL.md): for a client with no
// server (the WebAssembly module, wasm/).
std::string games_text();

// A position view as JSON, of the same shape.
std::string view_text(const rules::view& view);

// "ongoing" or "finished".
const char* status_name(const rules::outcome& outcome);

// null while ongoing, else {"draw": bool, "reason": "...", "winners": [...]}.
std::string outcome_text(const rules::outcome& outcome);

// Everything a client needs to show a game (game, options, seats, to_move, legal, status,
// result, scores, board, position), with "ply" when given: what `quadra rules` prints and
// /api/games/{id}/position answers. Indented by 2 when `pretty`. `ended_by_room`: the room ended
// the game here (a resignation, a timeout...), so it is finished whatever the rules say.
std::string state_text(const rules::game& game, std::optional<std::size_t> ply = std::nullopt,
                       bool pretty = false, bool ended_by_room = false);

}  // namespace quadra::protocol
