#include "quadwrangle_policy.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

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

// A play worth less than this, with a roll left, is given up for a re-roll: a pair moves one
// square, three of a kind two. Measured (bench/level_ladder): 2 or 4 make the ladder's steps
// between levels smaller than 3 does.
constexpr int good_enough = 3;

// The re-roll that keeps the dice of the most frequent face (the highest on a tie) and throws the
// others, or throws all five when no face repeats: after 6-2-6-3-1, "reroll 2 4 5".
std::string reroll_keeping_most_frequent(const std::array<int, 5>& dice) {
    std::array<int, 7> count{};
    for (const int die : dice) ++count.at(static_cast<std::size_t>(die));
    int keep = 1;
    for (int face = 2; face <= 6; ++face)
        if (count.at(static_cast<std::size_t>(face)) >= count.at(static_cast<std::size_t>(keep)))
            keep = face;
    const bool keep_none = count.at(static_cast<std::size_t>(keep)) == 1;
    std::string request = "reroll";
    for (std::size_t i = 0; i < dice.size(); ++i)
        if (keep_none || dice.at(i) != keep) request += " " + std::to_string(i + 1);
    return request;
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
    if (board->rolls() < 3 && best_gain < good_enough) {
        const auto reroll =
            std::find(legal.begin(), legal.end(), reroll_keeping_most_frequent(board->dice()));
        if (reroll != legal.end()) return static_cast<std::size_t>(reroll - legal.begin());
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
