// Kvadratura (docs/rules.md §4): the squares of every board size and random games, checked against
// the brute-force geometry of kvadratura_reference.hpp.

#include <doctest/doctest.h>

#include <array>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "boards.hpp"
#include "kvadratura_helpers.hpp"
#include "kvadratura_reference.hpp"
#include "rules/kvadratura.hpp"

using namespace quadra::rules;
using namespace quadra::testing::kvadratura_helpers;
using quadra::testing::brute_squares;
using quadra::testing::corner_set;
using quadra::testing::recount;

TEST_CASE("an n x n board holds n^2(n^2-1)/12 squares, of which the axis-aligned are fewer") {
    const int all[] = {6, 20, 50, 105, 196, 336};
    const int axis[] = {5, 14, 30, 55, 91, 140};
    for (int n = 3; n <= 8; ++n) {
        CAPTURE(n);
        const auto listed = kvadratura::squares_on(n);
        CHECK(static_cast<int>(listed.size()) == all[n - 3]);
        CHECK(n * n * (n * n - 1) / 12 == all[n - 3]);
        CHECK(static_cast<int>(brute_squares(n, false).size()) == all[n - 3]);
        CHECK(static_cast<int>(brute_squares(n, true).size()) == axis[n - 3]);

        std::set<corner_set> distinct;
        int aligned = 0;
        for (const auto& c : listed) {
            // Counter-clockwise: each side is the previous one turned a quarter to the left.
            const int vf = c[1].file - c[0].file, vr = c[1].rank - c[0].rank;
            CHECK((vf >= 1 && vr >= 0));
            CHECK(c[2] == cell{c[1].file - vr, c[1].rank + vf});
            CHECK(c[3] == cell{c[0].file - vr, c[0].rank + vf});
            for (const auto& corner : c) {
                CHECK((corner.file >= 0 && corner.file < n));
                CHECK((corner.rank >= 0 && corner.rank < n));
            }
            if (vr == 0) ++aligned;
            distinct.insert(corner_set{{c[0].file, c[0].rank},
                                       {c[1].file, c[1].rank},
                                       {c[2].file, c[2].rank},
                                       {c[3].file, c[3].rank}});
        }
        CHECK(aligned == axis[n - 3]);
        CHECK(distinct == brute_squares(n, false));
    }
}

TEST_CASE("square counts kept move by move match a full recount in random games") {
    for (int n = 3; n <= 8; ++n) {
        const auto squares = brute_squares(n, false);
        for (auto mode : {loses, fill}) {
            for (std::uint64_t seed = 1; seed <= 4; ++seed) {
                CAPTURE(n);
                CAPTURE(seed);
                std::mt19937_64 rng(seed);
                kvadratura game(n, mode);
                int placed = 0;
                while (!game.current_outcome().finished()) {
                    const auto legal = game.legal();
                    REQUIRE(static_cast<int>(legal.size()) == n * n - placed);
                    const int mover = game.to_move();
                    play(game, {legal[rng() % legal.size()]});
                    ++placed;
                    const auto counts = recount(game, squares);
                    const auto result = game.current_outcome();
                    CHECK(result.scores == std::vector<int>{counts[0], counts[1]});
                    const view shown = game.describe();
                    const auto& listed = std::get<view_list>(field(shown, "squares").value);
                    CHECK(static_cast<int>(listed.size()) == counts[0] + counts[1]);
                    if (mode == loses && counts[mover] > 0) {
                        CHECK(result.winners == std::vector<int>{1 - mover});
                    } else {
                        CHECK(result.finished() == (placed == n * n));
                    }
                }
            }
        }
    }
}

TEST_CASE("on 7x7 and 8x8 a first_square_loses game never ends in a draw") {
    for (int n : {7, 8}) {
        for (std::uint64_t seed = 1; seed <= 20; ++seed) {
            std::mt19937_64 rng(seed);
            kvadratura game(n);
            while (!game.current_outcome().finished()) {
                const auto legal = game.legal();
                play(game, {legal[rng() % legal.size()]});
            }
            CHECK_FALSE(game.current_outcome().draw());
        }
    }
}
