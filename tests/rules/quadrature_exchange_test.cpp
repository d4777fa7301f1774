// Quadrature (docs/rules.md §1): exchanges beyond the worked examples: cascades, men exchanged onto
// squared cells, and men squared before the move.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "boards.hpp"
#include "quadrature_helpers.hpp"
#include "rules/quadrature.hpp"

using namespace quadra::rules;
using namespace quadra::testing::quadrature_helpers;
using quadra::testing::quadrature_board;

TEST_CASE("a cascade: the man exchanged on c5 squares e7, which c3 alone does not") {
    // c2-c3 completes a3-a5-c5-c3 and exchanges c5. Only then does c5 with c7 and e5 square e7:
    // no rectangle through c3 reaches e7 (it would need e3 or c7 with e3).
    auto game = quadrature_board(0, R"(
        . . . . . . . . W W W
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . B . W . . . . . .
        . . . . . . . . . . .
        B . W . B . . . . . .
        . . . . . . . . . . .
        B . . . . . . . . . .
        . . B . . . . . . . .
        . . . . . . . . . . .
    )");
    play(game, "c2-c3");
    CHECK(exchanged(game) == strings{"c5", "e7"});
    CHECK(men_of(game, 0) == strings{"a3", "c3", "a5", "c5", "e5", "c7", "e7"});
    CHECK(men_of(game, 1) == strings{"i11", "j11", "k11"});
    CHECK(game.current_outcome().scores == std::vector<int>{7, 3});
    check_ongoing(game, 1);
}

TEST_CASE("an exchanged man may stand where the opponent squares it, and it stays") {
    // c5 is the fourth corner of White's c9-g9-g5; Black's c2-c3 exchanges it anyway.
    auto game = quadrature_board(0, R"(
        . . . . . . . . . . W
        . . . . . . . . . . .
        . . W . . . W . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        B . W . . . W . . . .
        . . . . . . . . . . .
        B . . . . . . . . . .
        . . B . . . . . . . .
        . . . . . . . . . . .
    )");
    play(game, "c2-c3");
    CHECK(exchanged(game) == strings{"c5"});
    CHECK(men_of(game, 0) == strings{"a3", "c3", "a5", "c5"});
    // White's next move does not pass through c9, g9 or g5, so nothing is exchanged back.
    play(game, "k11-k10");
    CHECK(exchanged(game).empty());
    CHECK(men_of(game, 0) == strings{"a3", "c3", "a5", "c5"});
    CHECK(men_of(game, 1) == strings{"g5", "c9", "g9", "k10"});
}

TEST_CASE("a man squared before the move is exchanged only through the moved man") {
    // d4 is squared by b2-b4-d2 before Black moves.
    const auto* const squared_d4 = R"(
        . . . . . . . . W W W
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . B . W . . . . . . .
        . . . . . . B . . . .
        . B . B . B . . . . .
        . . . . . . . . . . .
    )";

    auto untouched = quadrature_board(0, squared_d4);
    play(untouched, "g3-g4");
    CHECK(exchanged(untouched).empty());
    CHECK(men_of(untouched, 1) == strings{"d4", "i11", "j11", "k11"});

    // f4 completes d2-f2-f4-d4, a new rectangle through the moved man.
    auto through_mover = quadrature_board(0, squared_d4);
    play(through_mover, "g3-f4");
    CHECK(exchanged(through_mover) == strings{"d4"});
    CHECK(men_of(through_mover, 1) == strings{"i11", "j11", "k11"});
}
