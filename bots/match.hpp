#pragma once
// One game between two levels, as `quadra selfplay` and bench/level_ladder play them: A and B
// take alternate seats (A every even seat when it starts), every request searched with its
// level's budget and a seed derived from the match's, the dice from a generator of their own as
// the server's would be.

#include <cstdint>
#include <memory>

#include "level.hpp"
#include "rules/game.hpp"

namespace quadra::bots {

// Moves, search time and playouts of one side.
struct side_figures {
    long moves = 0;  // moves that needed a search (a forced request costs nothing)
    long playouts = 0;
    double seconds = 0;

    side_figures& operator+=(const side_figures& more);
};

struct match_result {
    rules::outcome end;
    int plies = 0;
    double margin = 0;  // A's share of the result less B's: 1 a win for A, 0 a draw, -1 a loss
    side_figures a, b;
};

// Whether `seat` is A's when A starts (takes seat 0) or not.
bool seat_of_a(int seat, bool a_starts);

// Plays `start` to its end; game `number` of a series seeds the bots' and the dice's generators.
match_result play_match(const rules::game& start, level a, level b, bool a_starts,
                        std::uint64_t seed, std::uint64_t number);

}  // namespace quadra::bots
