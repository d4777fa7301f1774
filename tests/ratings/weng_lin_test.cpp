// Weng-Lin with Plackett-Luce (Weng & Lin 2011, Algorithm 4): four-player games against numbers
// computed by hand from the paper's formulas, symmetry under permuted seats, ties, the direction
// of every change, and two players.

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <stdexcept>
#include <vector>

#include "ratings/weng_lin.hpp"

using namespace quadra::ratings;

namespace {

// Four players with different skills and certainties, reused by several cases.
const std::vector<skill> four_players{{25, 25.0 / 3}, {30, 6}, {20, 7}, {27, 4}};

void check_skill(const skill& actual, double mu, double sigma) {
    CHECK(actual.mu == doctest::Approx(mu).epsilon(1e-12));
    CHECK(actual.sigma == doctest::Approx(sigma).epsilon(1e-12));
}

}  // namespace

// The expected numbers come from the paper's Algorithm 4 written out in a few lines of python3,
// independently of the C++ (β = 25/6, κ = 0.0001, γi = σi/c), with players 0-3 above finishing
// 2nd, 1st, 4th, 3rd:
//   c² = Σ (σi² + β²) = 239.8888888888889, c = 15.488346873985257
//   exp(μq/c): 5.023448963455843, 6.937490368669258, 3.6374882194302987, 5.715867513954631
//   Cq (sum over r(s) ≥ r(q)): 14.376804696840773, 21.31429506551003, 3.6374882194302987,
//       9.35335573338493; every Aq = 1 (no ties)
//   Ωi: 1.8602787288010543, 1.567793406758238, -2.570693043223874, -0.28599531548849927
//   Δi: 0.06346395269781639, 0.012763252782802501, 0.052453012480323725, 0.011599814831835137
//   μi + Ωi and σi sqrt(max(1 − Δi, κ)): below.
TEST_CASE("a four-player game matches the paper's formulas computed by hand") {
    const std::array ranks{2, 1, 4, 3};
    const std::vector<skill> after = update(four_players, ranks);
    REQUIRE(after.size() == 4);
    check_skill(after[0], 26.860278728801056, 8.064566045801604);
    check_skill(after[1], 31.567793406758238, 5.9615872802315915);
    check_skill(after[2], 17.429306956776127, 6.813941765855072);
    check_skill(after[3], 26.7140046845115, 3.9767326994268344);
}

// The same players, player 0 first, players 1 and 2 tied for second, player 3 last (python3 as
// above): c as above;
//   Cq: 21.31429506551003, 16.29084610205419, 16.29084610205419, 5.715867513954631
//   Aq: 1, 2, 2, 1
//   Ωi: 3.426929016274619, -0.5841905605739898, 0.3355268809462319, -0.6394839940656705
//   Δi: 0.028057227298091427, 0.026977410014379467, 0.02907627555475013, 0.007303726047672076
TEST_CASE("a four-player game with a tie matches the paper's formulas computed by hand") {
    const std::array ranks{1, 2, 2, 3};
    const std::vector<skill> after = update(four_players, ranks);
    REQUIRE(after.size() == 4);
    check_skill(after[0], 28.42692901627462, 8.215596501902768);
    check_skill(after[1], 29.41580943942601, 5.91851444532176);
    check_skill(after[2], 20.335526880946233, 6.897482330373688);
    check_skill(after[3], 26.36051600593433, 3.9853657778474045);

    // Ranks are compared, not counted: 1, 3, 3, 4 is the same result.
    const std::array gapped{1, 3, 3, 4};
    const std::vector<skill> same = update(four_players, gapped);
    for (std::size_t i = 0; i < 4; ++i) {
        CHECK(same[i].mu == after[i].mu);
        CHECK(same[i].sigma == after[i].sigma);
    }
}

TEST_CASE("permuting the seats permutes the updates exactly") {
    for (const std::array<int, 4> ranks : {std::array{2, 1, 4, 3}, std::array{1, 2, 2, 3},
                                           std::array{1, 1, 1, 1}, std::array{3, 3, 1, 2}}) {
        CAPTURE(ranks);
        const std::vector<skill> reference = update(four_players, ranks);
        std::array<std::size_t, 4> seat_of{0, 1, 2, 3};  // seat_of[k]: where player k sits
        do {
            std::vector<skill> seated(4);
            std::array<int, 4> seated_ranks{};
            for (std::size_t k = 0; k < 4; ++k) {
                seated[seat_of[k]] = four_players[k];
                seated_ranks[seat_of[k]] = ranks[k];
            }
            const std::vector<skill> after = update(seated, seated_ranks);
            for (std::size_t k = 0; k < 4; ++k) {
                CAPTURE(k);
                CHECK(after[seat_of[k]].mu == reference[k].mu);
                CHECK(after[seat_of[k]].sigma == reference[k].sigma);
            }
        } while (std::next_permutation(seat_of.begin(), seat_of.end()));
    }
}

TEST_CASE("the winner's mean rises, the last player's falls, and every sigma shrinks") {
    for (const std::array<int, 4> ranks : {std::array{1, 2, 3, 4}, std::array{4, 3, 2, 1},
                                           std::array{2, 1, 4, 3}, std::array{1, 2, 2, 3}}) {
        CAPTURE(ranks);
        const std::vector<skill> after = update(four_players, ranks);
        for (std::size_t i = 0; i < 4; ++i) {
            CAPTURE(i);
            if (ranks[i] == 1) CHECK(after[i].mu > four_players[i].mu);
            if (ranks[i] == *std::max_element(ranks.begin(), ranks.end())) {
                CHECK(after[i].mu < four_players[i].mu);
            }
            CHECK(after[i].sigma < four_players[i].sigma);
        }
    }
}

TEST_CASE("equal players who tie keep their means and become equally more certain") {
    const std::vector<skill> equals(4);
    const std::array all_tied{1, 1, 1, 1};
    for (const skill& after : update(equals, all_tied)) {
        CHECK(after.mu == doctest::Approx(25).epsilon(1e-12));
        CHECK(after.sigma < 25.0 / 3);
    }

    // Two equal players tied for second: the same update for both, between first's and last's.
    const std::array two_tied{1, 2, 2, 4};
    const std::vector<skill> after = update(equals, two_tied);
    CHECK(after[1].mu == after[2].mu);
    CHECK(after[1].sigma == after[2].sigma);
    CHECK(after[0].mu > after[1].mu);
    CHECK(after[1].mu > after[3].mu);
}

// Two players, both new, the first wins (python3 as above): c² = 2(σ0² + β²) = 173.61111111111114,
// c = 13.176156917368248, exp(μ/c) = 6.668310944174612 for both, C = 13.336621888349224 and
// 6.668310944174612, Ω = ±2.63523138347365, Δ = 0.06324555320336758 for both. OpenSkill's own
// tests print the same 27.63523138347365 / 22.36476861652635 / 8.065506316323548.
TEST_CASE("two players: the winner gains what the loser loses") {
    const std::vector<skill> players(2);
    const std::array ranks{1, 2};
    const std::vector<skill> after = update(players, ranks);
    check_skill(after[0], 27.63523138347365, 8.065506316323548);
    check_skill(after[1], 22.36476861652635, 8.065506316323548);
}

TEST_CASE("sigma never shrinks by more than the kappa floor allows") {
    const std::vector<skill> players(2);
    const std::array ranks{1, 2};
    // Δ = 0.063 here, so a floor of 0.99 is what decides: σ² shrinks by exactly 0.99.
    const std::vector<skill> after = update(players, ranks, {.kappa = 0.99});
    CHECK(after[0].sigma * after[0].sigma == doctest::Approx(0.99 * 625 / 9).epsilon(1e-12));
}

TEST_CASE("skills show on Glicko's scale: a new player is 1500 with deviation 350, provisional") {
    const displayed_rating fresh = display(skill{});
    CHECK(fresh.rating == doctest::Approx(1500));
    CHECK(fresh.deviation == doctest::Approx(350));
    CHECK(provisional(skill{}));

    const displayed_rating strong = display({30, 2.5});
    CHECK(strong.rating == doctest::Approx(1710));  // 1500 + 42 · 5
    CHECK(strong.deviation == doctest::Approx(105));
    CHECK_FALSE(provisional({30, 2.5}));
    CHECK(provisional({30, 2.7}));  // 113.4
}

TEST_CASE("mismatched or too few players are programmer errors") {
    const std::array one_rank{1};
    const std::array two_ranks{1, 2};
    CHECK_THROWS_AS(update(four_players, two_ranks), std::invalid_argument);
    CHECK_THROWS_AS(update(std::vector<skill>(1), one_rank), std::invalid_argument);
    CHECK_THROWS_AS(update(std::vector<skill>{{25, 0}, {25, 1}}, two_ranks), std::invalid_argument);
}
