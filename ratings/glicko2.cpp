#include "ratings/glicko2.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

namespace quadra::ratings {

namespace {

// Step 2: Glicko's public scale to Glicko-2's internal one, μ = (r − 1500)/173.7178 and
// φ = RD/173.7178, and back (Step 8).
constexpr double scale = 173.7178;
constexpr double unrated_rating = 1500;

double to_mu(double rating) { return (rating - unrated_rating) / scale; }
double to_phi(double deviation) { return deviation / scale; }

// Step 3: g(φ) = 1/sqrt(1 + 3φ²/π²) discounts a game against an uncertain opponent.
double g(double phi) {
    return 1 / std::sqrt(1 + 3 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

// Step 3: E(μ, μj, φj) = 1/(1 + exp(−g(φj)(μ − μj))), the expected score against opponent j.
double expected_score(double mu, double opponent_mu, double opponent_g) {
    return 1 / (1 + std::exp(-opponent_g * (mu - opponent_mu)));
}

// Step 6, capped: φ* = sqrt(φ² + σ²), the deviation grown by one period's volatility.
double grown_phi(double phi, double volatility, const glicko2_settings& settings) {
    return std::min(std::sqrt(phi * phi + volatility * volatility), to_phi(settings.max_deviation));
}

// Step 5: the new volatility σ', the root of f(x) = e^x(Δ² − φ² − v − e^x) / (2(φ² + v + e^x)²)
// − (x − a)/τ² with a = ln σ², found by the Illinois variant of regula falsi exactly as the paper
// gives it (steps 5.1 to 5.5).
double new_volatility(double phi, double volatility, double variance, double improvement,
                      const glicko2_settings& settings) {
    const double a = std::log(volatility * volatility);
    const double tau_squared = settings.tau * settings.tau;
    const double phi_squared = phi * phi;
    const double improvement_squared = improvement * improvement;
    auto f = [&](double x) {
        const double ex = std::exp(x);
        const double denominator = phi_squared + variance + ex;
        return ex * (improvement_squared - phi_squared - variance - ex) /
                   (2 * denominator * denominator) -
               (x - a) / tau_squared;
    };

    // 5.2: bracket the root between A and B.
    double lower = a;
    double upper = 0;
    if (improvement_squared > phi_squared + variance) {
        upper = std::log(improvement_squared - phi_squared - variance);
    } else {
        int k = 1;
        while (f(a - k * settings.tau) < 0) ++k;
        upper = a - k * settings.tau;
    }

    // 5.3-5.4: regula falsi, halving the kept end's value when the same end is kept twice
    // (Illinois), so the bracket shrinks from both sides.
    double f_lower = f(lower);
    double f_upper = f(upper);
    while (std::abs(upper - lower) > settings.epsilon) {
        const double c = lower + (lower - upper) * f_lower / (f_upper - f_lower);
        const double f_c = f(c);
        if (f_c * f_upper <= 0) {
            lower = upper;
            f_lower = f_upper;
        } else {
            f_lower /= 2;
        }
        upper = c;
        f_upper = f_c;
    }
    // 5.5: σ' = e^(A/2).
    return std::exp(lower / 2);
}

}  // namespace

glicko2_rating update(const glicko2_rating& player, std::span<const glicko2_game> games,
                      const glicko2_settings& settings) {
    if (games.empty()) return without_games(player, settings);
    const double mu = to_mu(player.rating);
    const double phi = to_phi(player.deviation);

    // Step 3: v, the estimated variance of the rating from the games alone; and the sum
    // Σ g(φj)(sj − Ej) that Step 4's Δ and Step 7's μ' share.
    double information = 0;
    double score_surplus = 0;
    for (const glicko2_game& game : games) {
        if (!(game.score >= 0 && game.score <= 1)) {
            throw std::invalid_argument("glicko2: a score is 1, 0.5 or 0");
        }
        const double opponent_g = g(to_phi(game.opponent.deviation));
        const double expected = expected_score(mu, to_mu(game.opponent.rating), opponent_g);
        information += opponent_g * opponent_g * expected * (1 - expected);
        score_surplus += opponent_g * (game.score - expected);
    }
    const double variance = 1 / information;
    // Step 4: Δ = v Σ g(φj)(sj − Ej), the improvement the games suggest.
    const double improvement = variance * score_surplus;

    const double volatility =
        new_volatility(phi, player.volatility, variance, improvement, settings);
    // Steps 6-7: φ' = 1/sqrt(1/φ*² + 1/v), μ' = μ + φ'² Σ g(φj)(sj − Ej).
    const double phi_star = grown_phi(phi, volatility, settings);
    const double new_phi = 1 / std::sqrt(1 / (phi_star * phi_star) + 1 / variance);
    const double new_mu = mu + new_phi * new_phi * score_surplus;
    // Step 8: back to Glicko's scale.
    return {new_mu * scale + unrated_rating, new_phi * scale, volatility};
}

glicko2_rating without_games(const glicko2_rating& player, const glicko2_settings& settings) {
    const double phi = grown_phi(to_phi(player.deviation), player.volatility, settings);
    return {player.rating, phi * scale, player.volatility};
}

bool provisional(const glicko2_rating& player) { return player.deviation > provisional_deviation; }

}  // namespace quadra::ratings
