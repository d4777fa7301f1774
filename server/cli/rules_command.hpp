#pragma once
// `quadra rules`: replays a game record read from `in` and prints the resulting state as JSON.

#include <iosfwd>

namespace quadra::server {

// Exit status: 0 printed the state, 1 the record has an illegal move (printed as
// {"error": {...}}), 2 the input is not a usable record (message on `err`).
int run_rules_command(std::istream& in, std::ostream& out, std::ostream& err, bool pretty);

}  // namespace quadra::server
