#include "quadwrangle_policy.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "rules/quadwrangle.hpp"

namespace quadra::bots {

namespace {

// How much a play helps the side to move: squares moved, +2 per counter newly on its red square,
// +1 per counter pulled off the opponent's.
int gain(const rules::quadwrangle& game, const rules::play_option& play) {
    const int n = game.half_length();
    const int toward = game.to_move() == 0 ? -1 : 1;
    int total = 0;
    for (const auto& [lane, steps] : play.lane_steps) {
        const int from = game.position(lane);
        const int to = std::clamp(from + toward * steps, -n, n);
        total += std::abs(to - from);
        if (to == toward * n && from != to) total += 2;
        if (from == -toward * n && from != to) total += 1;
    }
    return total;
}

}  // namespace

std::size_t quadwrangle_policy::choose(const rules::game& game,
                                       const std::vector<std::string>& legal, rng& random) const {
    const auto* board = dynamic_cast<const rules::quadwrangle*>(&game);
    const auto count = static_cast<std::uint32_t>(legal.size());
    if (!board || board->rolls() == 0) return random.below(count);
    const auto plays = rules::available_plays(board->dice());
    std::size_t best = legal.size();
    int best_gain = -1;
    for (const auto& play : plays) {
        const auto at = std::find(legal.begin(), legal.end(), play.token);
        if (at == legal.end()) continue;
        const int g = gain(*board, play);
        if (g > best_gain) best_gain = g, best = static_cast<std::size_t>(at - legal.begin());
    }
    if (best < legal.size()) return best;
    return random.below(count);
}

void quadwrangle_policy::evaluate(const rules::game& game, std::vector<double>& rewards) const {
    rewards.assign(2, 0.5);
    const auto* board = dynamic_cast<const rules::quadwrangle*>(&game);
    if (!board) return;
    // Seat 0 pulls toward -N. A counter's lean counts in units of the half-length; a counter on a
    // red square counts one more, since the target is counted there.
    double lead = 0;
    for (int lane = 0; lane < rules::quadwrangle_lanes; ++lane)
        lead -= double(board->position(lane)) / board->half_length();
    lead += board->red_count(0) - board->red_count(1);
    rewards[0] = 1 / (1 + std::exp(-0.6 * lead));
    rewards[1] = 1 - rewards[0];
}

}  // namespace quadra::bots
