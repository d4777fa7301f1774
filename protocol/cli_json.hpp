#pragma once
// What the network-free commands print: the first refused ply of a record (`quadra rules` and
// `quadra verify`), a refused position notation, a verified
// record's figures and the engine's move.

#include <cstddef>
#include <string>
#include <string_view>

#include "rules/game.hpp"
#include "rules/replay.hpp"

namespace quadra::bots {
struct analysis;  // bots/search.hpp
}

namespace quadra::protocol {

// {"error": {"move": "...", "ply": k, "reason": "..."}}; indented by 2 when `pretty`.
std::string ply_error_text(const rules::replay_error& failure, bool pretty = false);

// {"error": {"position": "...", "reason": "..."}}: a notation `quadra rules --from` refused.
std::string position_error_text(std::string_view notation, std::string_view reason, bool pretty);

// {"ok": true, "plies": N, "rolls": R}.
std::string verified_text(int plies, int rolls);

// {"playouts": N, "request": "...", "value": V}: the engine's move (`quadra rules --best` and the
// WebAssembly module's best_move, wasm/), so both print it byte for byte alike.
std::string decision_text(std::string_view request, double value, int playouts);

// {"line": [...], "moves": [{"request", "value", "visits"}...], "playouts", "request",
//  "seat_values": [...], "value"}: what bots::analyse saw.
std::string analysis_text(const bots::analysis& seen);

}  // namespace quadra::protocol
