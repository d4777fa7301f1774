#include "kvadrat_policy.hpp"

#include <algorithm>

namespace quadra::bots {

std::size_t kvadrat_policy::choose(const rules::game&, const std::vector<std::string>& legal,
                                   rng& random) const {
    return random.below(static_cast<std::uint32_t>(legal.size()));
}

void kvadrat_policy::evaluate(const rules::game& game, std::vector<double>& rewards) const {
    // Kvadrat reports the squares each seat owns as its score while the game goes on.
    const auto scores = game.current_outcome().scores;
    const auto seats = static_cast<std::size_t>(game.seat_count());
    rewards.assign(seats, 1.0 / double(seats));
    if (scores.size() != seats) return;
    const int top = *std::max_element(scores.begin(), scores.end());
    const auto leaders = std::count(scores.begin(), scores.end(), top);
    double owned = 0;
    for (const int score : scores) owned += score + 1;
    for (std::size_t seat = 0; seat < seats; ++seat)
        rewards[seat] = 0.5 * (scores[seat] == top ? 1.0 / double(leaders) : 0.0) +
                        0.5 * (scores[seat] + 1) / owned;
}

}  // namespace quadra::bots
