#pragma once
// What the network-free commands print: the first refused ply of a record (`quadra rules` and
// `quadra verify`), a refused position notation and a verified
// record's figures.

#include <cstddef>
#include <string>
#include <string_view>

#include "rules/game.hpp"
#include "rules/replay.hpp"

namespace quadra::protocol {

// {"error": {"move": "...", "ply": k, "reason": "..."}}; indented by 2 when `pretty`.
std::string ply_error_text(const rules::replay_error& failure, bool pretty = false);

// {"error": {"position": "...", "reason": "..."}}: a notation `quadra rules --from` refused.
std::string position_error_text(std::string_view notation, std::string_view reason, bool pretty);

// {"ok": true, "plies": N, "rolls": R}.
std::string verified_text(int plies, int rolls);

}  // namespace quadra::protocol
