// Glicko-2: Glickman's worked example ("Example of the Glicko-2 system", 2013), a period without
// games, and a draw between equals.

#include <doctest/doctest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

#include "ratings/glicko2.hpp"

using namespace quadra::ratings;

namespace {

// True when `value` is within one unit of the last decimal the paper prints: the paper carries
// rounded intermediate numbers from step to step, so its last digit can be off by one.
bool prints_as(double value, double printed, int decimals) {
    return std::abs(value - printed) <= std::pow(10.0, -decimals);
}

constexpr double glicko2_scale = 173.7178;

}  // namespace

TEST_CASE(
    "Glickman's worked example: 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300") {
    const glicko2_rating player{1500, 200, 0.06};
    const std::vector<glicko2_game> games{
        {{1400, 30, 0.06}, 1},
        {{1550, 100, 0.06}, 0},
        {{1700, 300, 0.06}, 0},
    };
    const glicko2_rating after = update(player, games, {.tau = 0.5});
    CAPTURE(after.rating);
    CAPTURE(after.deviation);
    CAPTURE(after.volatility);

    // Step 5's σ' = 0.05999, Step 7's μ' = −0.2069 and φ' = 0.8722, Step 8's RD' = 151.52.
    CHECK(prints_as(after.volatility, 0.05999, 5));
    CHECK(std::abs(after.volatility - 0.0599960) < 1e-7);  // unrounded, by python3
    CHECK(prints_as((after.rating - 1500) / glicko2_scale, -0.2069, 4));
    CHECK(prints_as(after.deviation / glicko2_scale, 0.8722, 4));
    CHECK(prints_as(after.deviation, 151.52, 2));
    // The paper prints r' = 1464.06, converted from its rounded μ' = −0.2069; unrounded, μ' is
    // −0.206941 and r' is 1464.0507 (the same to python3, step by step). So r' is held to the
    // precision of the μ' it came from: one unit of μ's fourth decimal is 0.017 rating points.
    CHECK(std::abs(after.rating - 1464.06) < 0.01);
    CHECK(std::abs(after.rating - 1464.0507) < 0.0001);
}

TEST_CASE("a period without games keeps rating and volatility and grows the deviation") {
    const glicko2_rating player{1720, 80, 0.06};
    const glicko2_rating after = without_games(player);
    CHECK(after.rating == 1720);
    CHECK(after.volatility == 0.06);
    // φ* = sqrt(φ² + σ²) on the Glicko-2 scale: sqrt((80/173.7178)² + 0.06²) · 173.7178 = 80.67614.
    CHECK(after.deviation == doctest::Approx(80.67614).epsilon(1e-6));
    CHECK(after.deviation > player.deviation);

    // An empty rating period is the same thing.
    const glicko2_rating via_update = update(player, std::span<const glicko2_game>{});
    CHECK(via_update.rating == after.rating);
    CHECK(via_update.deviation == after.deviation);
    CHECK(via_update.volatility == after.volatility);
}

TEST_CASE("the deviation never grows past an unrated player's 350") {
    // Uncapped, sqrt(340² + (0.6 · 173.7178)²) would be 355.6.
    CHECK(without_games({1500, 340, 0.6}).deviation == doctest::Approx(350));
    CHECK(without_games({1500, 350, 0.06}).deviation == doctest::Approx(350));
    // Uncapped, 340.16.
    CHECK(without_games({1500, 340, 0.06}, {.max_deviation = 340.1}).deviation ==
          doctest::Approx(340.1));
}

TEST_CASE("a draw between equals leaves both ratings equal and shrinks both deviations") {
    const glicko2_rating first{1600, 120, 0.06};
    const glicko2_rating second{1600, 120, 0.06};
    const glicko2_rating first_after = update(first, std::vector<glicko2_game>{{second, 0.5}});
    const glicko2_rating second_after = update(second, std::vector<glicko2_game>{{first, 0.5}});
    CHECK(first_after.rating == doctest::Approx(1600).epsilon(1e-12));
    CHECK(second_after.rating == first_after.rating);
    CHECK(second_after.deviation == first_after.deviation);
    CHECK(first_after.deviation < first.deviation);
}

TEST_CASE("a win raises the rating and a loss lowers it") {
    const glicko2_rating player;
    const glicko2_rating opponent{1500, 350, 0.06};
    CHECK(update(player, std::vector<glicko2_game>{{opponent, 1}}).rating > 1500);
    CHECK(update(player, std::vector<glicko2_game>{{opponent, 0}}).rating < 1500);
}

TEST_CASE("a new player is provisional until the deviation is 110 or less") {
    CHECK(provisional(glicko2_rating{}));
    CHECK(provisional({1500, 110.5, 0.06}));
    CHECK_FALSE(provisional({1500, 110, 0.06}));
    CHECK_FALSE(provisional({1500, 45, 0.06}));
}

TEST_CASE("a score outside 0 to 1 is a programmer error") {
    const glicko2_rating player;
    CHECK_THROWS_AS(update(player, std::vector<glicko2_game>{{player, 2}}), std::invalid_argument);
    CHECK_THROWS_AS(update(player, std::vector<glicko2_game>{{player, -0.5}}),
                    std::invalid_argument);
}
