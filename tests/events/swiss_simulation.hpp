#pragma once
// Random two-player Swiss events played round by round, for the property test and the matcher's
// oracle: a field with ratings, late entries and withdrawals, results drawn from the ratings.

#include <random>
#include <vector>

#include "events/swiss.hpp"

namespace quadra::events::testing {

// `count` players p1, p2, ... with random ratings, ranked by rating. About one in eight enters
// late: absent (present false) until the round in `late_from`.
struct simulated_field {
    std::vector<quadra::events::swiss_player> players;
    std::vector<int> late_from;  // per player: the first round (0-based) they play
};
simulated_field random_field(int count, std::mt19937_64& random);

// Before round `round`: late players arrive with what they have (zero points), and each present
// player withdraws with probability `withdraw`.
void update_presence(simulated_field& field, int round, double withdraw, std::mt19937_64& random);

// Plays the round: results from the ratings (a draw one game in ten), scores, opponents, first
// moves and the bye (a win) written into the players.
void play_round(simulated_field& field, const quadra::events::swiss_round& round,
                std::mt19937_64& random);

}  // namespace quadra::events::testing
