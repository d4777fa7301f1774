#include "ratings/weng_lin.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <tuple>

#include "ratings/glicko2.hpp"

namespace quadra::ratings {

namespace {

constexpr double initial_mu = 25;
constexpr double initial_sigma = 25.0 / 3;
constexpr double display_scale = 350 / initial_sigma;  // 42

}  // namespace

std::vector<skill> update(std::span<const skill> players, std::span<const int> ranks,
                          const weng_lin_settings& settings) {
    if (players.size() != ranks.size()) {
        throw std::invalid_argument("weng_lin: one rank per player");
    }
    if (players.size() < 2) throw std::invalid_argument("weng_lin: a game has 2 players or more");
    for (const skill& player : players) {
        if (!std::isfinite(player.mu) || !std::isfinite(player.sigma) || !(player.sigma > 0)) {
            throw std::invalid_argument("weng_lin: μ finite and σ finite and positive");
        }
    }
    const std::size_t count = players.size();

    // Every sum runs over the players in one order that does not depend on the seats: by rank,
    // then μ, then σ. Floating-point sums then round the same way however the seats are
    // numbered, so permuting the seats permutes the updates exactly, to the last bit.
    std::vector<std::size_t> order(count);
    for (std::size_t s = 0; s < count; ++s) order[s] = s;
    std::sort(order.begin(), order.end(), [&](std::size_t left, std::size_t right) {
        return std::tie(ranks[left], players[left].mu, players[left].sigma) <
               std::tie(ranks[right], players[right].mu, players[right].sigma);
    });

    // Algorithm 4: c² = Σ (σq² + β²), the total variance of the game's performances.
    double c_squared = 0;
    for (std::size_t s : order) {
        c_squared += players[s].sigma * players[s].sigma + settings.beta * settings.beta;
    }
    const double c = std::sqrt(c_squared);

    // The strengths exp(μq/c). Only their ratios enter the update, so they are taken relative to
    // the strongest player: the same numbers, without overflow for any μ.
    double highest_mu = players[0].mu;
    for (const skill& player : players) highest_mu = std::max(highest_mu, player.mu);
    std::vector<double> strength(count);
    for (std::size_t q = 0; q < count; ++q)
        strength[q] = std::exp((players[q].mu - highest_mu) / c);

    // Cq = Σ over players s not ranked better than q (r(s) ≥ r(q)) of exp(μs/c): the field that q
    // was chosen from. Aq = how many players share q's rank, so a tie splits one choice evenly.
    std::vector<double> field(count, 0);
    std::vector<int> tied(count, 0);
    for (std::size_t q = 0; q < count; ++q) {
        for (std::size_t s : order) {
            if (ranks[s] >= ranks[q]) field[q] += strength[s];
            if (ranks[s] == ranks[q]) ++tied[q];
        }
    }

    std::vector<skill> updated(count);
    for (std::size_t i = 0; i < count; ++i) {
        const double variance = players[i].sigma * players[i].sigma;
        // Over the choices q that i took part in (r(q) ≤ r(i)), with p̂(i, q) = exp(μi/c)/Cq the
        // probability that i would have been chosen there:
        //   Ωi = σi²/c  Σ (1/Aq)(1[q = i] − p̂(i, q))      the surprise of the result
        //   Δi = γi σi²/c² Σ (1/Aq) p̂(i, q)(1 − p̂(i, q))  the information in it
        double surprise = 0;
        double information = 0;
        for (std::size_t q : order) {
            if (ranks[q] > ranks[i]) continue;
            const double chosen = strength[i] / field[q];
            surprise += ((q == i ? 1.0 : 0.0) - chosen) / tied[q];
            information += chosen * (1 - chosen) / tied[q];
        }
        // γi = σi/c, the paper's default: σ shrinks in proportion to how much of the game's
        // total uncertainty c is the player's own, which keeps σ² from collapsing after a few
        // games.
        const double gamma = players[i].sigma / c;
        const double omega = variance / c * surprise;
        const double delta = gamma * variance / c_squared * information;
        // μi ← μi + Ωi; σi² ← σi² max(1 − Δi, κ).
        updated[i].mu = players[i].mu + omega;
        updated[i].sigma = std::sqrt(variance * std::max(1 - delta, settings.kappa));
    }
    return updated;
}

displayed_rating display(const skill& player) {
    return {1500 + display_scale * (player.mu - initial_mu), display_scale * player.sigma};
}

bool provisional(const skill& player) { return display(player).deviation > provisional_deviation; }

}  // namespace quadra::ratings
