#pragma once
// What the network-free commands print: the first refused ply of a record (`quadra rules` and
// `quadra verify`) and a verified record's figures.

#include <string>

#include "rules/replay.hpp"

namespace quadra::protocol {

// {"error": {"move": "...", "ply": k, "reason": "..."}}; indented by 2 when `pretty`.
std::string ply_error_text(const rules::replay_error& failure, bool pretty = false);

// {"ok": true, "plies": N, "rolls": R}.
std::string verified_text(int plies, int rolls);

}  // namespace quadra::protocol
