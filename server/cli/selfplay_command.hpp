#pragma once
// `quadra selfplay`: bots play each other for tuning and print the score.

#include <iosfwd>
#include <span>

namespace quadra::server {

// Arguments (after "selfplay"): --game G --a LEVEL --b LEVEL [--games N] [--seed S]
// [--options JSON]. A and B alternate seat 0; in a 4-player game A holds seats 0 and 2 in the
// games it starts and 1 and 3 in the others. A game counts as a win for the side whose seats
// took the larger share of the result (shared first place and draws split it). Prints a line
// per game and the score. Exit status: 0 done, 2 bad arguments (message on `err`).
int run_selfplay_command(std::span<char* const> args, std::ostream& out, std::ostream& err);

}  // namespace quadra::server
