#pragma once
// What the network-free commands print: the first refused ply of a record (`quadra rules` and
// `quadra verify`), a state with its position notation, a refused notation and a verified
// record's figures.

#include <cstddef>
#include <string>
#include <string_view>

#include "rules/game.hpp"
#include "rules/replay.hpp"

namespace quadra::protocol {

// {"error": {"move": "...", "ply": k, "reason": "..."}}; indented by 2 when `pretty`.
std::string ply_error_text(const rules::replay_error& failure, bool pretty = false);

// state_text with "position": the game's position notation (docs/rules.md §6).
std::string state_with_position_text(const rules::game& game, std::size_t ply, bool pretty);

// {"error": {"position": "...", "reason": "..."}}: a notation `quadra rules --from` refused.
std::string position_error_text(std::string_view notation, std::string_view reason, bool pretty);

// {"ok": true, "plies": N, "rolls": R}.
std::string verified_text(int plies, int rolls);

}  // namespace quadra::protocol
