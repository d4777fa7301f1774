#pragma once
// `quadra rules`: replays a game record read from `in`, or goes on from a position notation given
// with --from, and prints the resulting state as JSON.

#include <iosfwd>
#include <span>

namespace quadra::server {

// `args` follow "rules": [--pretty] [--position] [--from NOTATION [TOKEN...]]. Exit status: 0
// printed the state, 1 a token is illegal (printed as {"error": {...}}), 2 the input is not a
// usable record, notation or argument list (message on `err`; a refused notation is also printed
// as {"error": {"position": ..., "reason": ...}}).
int run_rules_command(std::span<char* const> args, std::istream& in, std::ostream& out,
                      std::ostream& err);

}  // namespace quadra::server
