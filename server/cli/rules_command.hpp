#pragma once
// `quadra rules`: replays a game record read from `in`, or goes on from a position notation given
// with --from, and prints the resulting state as JSON, or with --best the engine's move there
// (with --analyse, what the engine saw).

#include <iosfwd>
#include <span>

namespace quadra::server {

// `args` follow "rules": [--pretty] [--position] [--from NOTATION [TOKEN...]]
// [--best|--analyse PLAYOUTS|LEVEL [--seed S]]. Exit status: 0 printed the state (or with --best
// {"playouts", "request", "value"}, bots::choose_move's answer for that budget and seed; with
// --analyse protocol::analysis_text of bots::analyse), 1 a
// token is illegal (printed as {"error": {...}}), 2 the input is not a usable record, notation or
// argument list, or --best was asked of a finished game (message on `err`; a refused notation is
// also printed as {"error": {"position": ..., "reason": ...}}).
int run_rules_command(std::span<char* const> args, std::istream& in, std::ostream& out,
                      std::ostream& err);

}  // namespace quadra::server
