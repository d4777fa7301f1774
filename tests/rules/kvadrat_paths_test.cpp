// Kvadrat (docs/rules.md §3): where a placement may go: five-cell paths from the own edge or an own
// piece, through empty cells only.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "boards.hpp"
#include "kvadrat_helpers.hpp"
#include "rules/kvadrat.hpp"

using namespace quadra::rules;
using namespace quadra::testing::kvadrat_helpers;
using quadra::testing::kvadrat_board;

TEST_CASE("kvadrat: the first move reaches exactly the five ranks or files nearest the own edge") {
    const auto south = cells_where([](int, int rank) { return rank < 5; });
    const auto north = cells_where([](int, int rank) { return rank >= 10; });
    const auto west = cells_where([](int file, int) { return file < 5; });
    const auto east = cells_where([](int file, int) { return file >= 10; });
    REQUIRE(south.size() == 75);

    SUBCASE("two players") {
        auto game = make();
        CHECK(game.legal() == south);
        REQUIRE(game.apply("h3").ok());
        CHECK(game.legal() == north);
    }
    SUBCASE("two players, path at most five") {
        auto game = make({{"path", "at_most"}});
        CHECK(game.legal() == south);
    }
    SUBCASE("four players") {
        auto game = make(four_players);
        CHECK(game.legal() == south);
        REQUIRE(game.apply("h3").ok());
        CHECK(game.legal() == west);
        REQUIRE(game.apply("c8").ok());
        CHECK(game.legal() == north);
        REQUIRE(game.apply("h13").ok());
        CHECK(game.legal() == east);
    }
}

TEST_CASE("kvadrat: a lone piece at h8 reaches the 36 cells at odd distance up to five") {
    const auto game = position({}, {{"h8"}, {}}, 0);
    const auto expected = cells_where([](int file, int rank) {
        const int d = distance(file, rank, "h8");
        return d % 2 == 1 && d <= 5;
    });
    REQUIRE(expected.size() == 36);
    REQUIRE(game.legal() == expected);
    int by_distance[6] = {};
    for (const auto& name : game.legal()) {
        const auto c = parse_cell(name, 15, 15);
        ++by_distance[distance(c->file, c->rank, "h8")];
    }
    CHECK(by_distance[1] == 4);
    CHECK(by_distance[3] == 12);
    CHECK(by_distance[5] == 20);
}

TEST_CASE("kvadrat: a lone piece at a1 reaches exactly twelve cells") {
    const auto game = position({}, {{"a1"}, {}}, 0);
    CHECK(game.legal() ==
          sorted({"a2", "a4", "a6", "b1", "b3", "b5", "c2", "c4", "d1", "d3", "e2", "f1"}));
}

TEST_CASE("kvadrat: a path may not come back round a unit square to its first cell") {
    // a1 with b1 taken leaves a2 as the only first cell; a2 a3 b3 b2 a2 is not a path.
    const auto game = position({}, {{"a1"}, {"b1"}}, 0);
    CHECK(game.legal() == sorted({"a4", "a6", "b3", "b5", "c2", "c4", "d1", "d3", "e2"}));
}

TEST_CASE("kvadrat: paths do not pass through occupied cells") {
    // Red leaves h8 only h9, and h9 only h10: the path is h9 h10 and three more cells that
    // avoid g9 and i9.
    const auto game = kvadrat_board({}, 0, R"(
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .

        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .

        . . .  . . .  1 . 1  . . .  . . .
        . . .  . . .  1 0 1  . . .  . . .
        . . .  . . .  . 1 .  . . .  . . .

        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .

        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
    )");
    CHECK(game.legal() == sorted({"f9", "j9", "e10", "g10", "i10", "k10", "f11", "h11", "j11",
                                  "g12", "i12", "h13"}));
}

TEST_CASE("kvadrat: a piece walled in at c3 has no move and must pass") {
    auto game = kvadrat_board({}, 0, R"(
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .

        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .

        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .

        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
        . . 1  . . .  . . .  . . .  . . .

        . 1 0  1 . .  . . .  . . .  . . .
        . . 1  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
    )");
    CHECK(game.legal() == strings{"pass"});
    CHECK(game.to_move() == 0);
    check_refused(game, "c5", "must pass");
    REQUIRE(game.apply("pass").ok());
    CHECK(game.to_move() == 1);
    CHECK(!game.current_outcome().finished());
    CHECK(game.legal().size() > 1);
}

TEST_CASE("kvadrat: path at_most reaches every empty cell within distance five") {
    const auto game = position({{"path", "at_most"}}, {{"h8"}, {}}, 0);
    const auto expected = cells_where([](int file, int rank) {
        const int d = distance(file, rank, "h8");
        return d >= 1 && d <= 5;
    });
    REQUIRE(expected.size() == 60);
    CHECK(game.legal() == expected);

    // A Red wall on rank 9 from d9 to l9: going round it takes at least six cells, so nothing
    // above rank 8 is reachable.
    const auto walled = kvadrat_board({{"path", "at_most"}}, 0, R"(
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .

        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .

        . . .  1 1 1  1 1 1  1 1 1  . . .
        . . .  . . .  . 0 .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .

        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .

        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
    )");
    const auto below = cells_where([](int file, int rank) {
        const int d = distance(file, rank, "h8");
        return d >= 1 && d <= 5 && rank <= 7;
    });
    REQUIRE(below.size() == 35);
    CHECK(walled.legal() == below);
}
