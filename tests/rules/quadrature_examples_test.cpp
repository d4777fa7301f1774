// Quadrature (docs/rules.md §1): the six worked examples, the no-suicide rule and the markers.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "boards.hpp"
#include "quadrature_helpers.hpp"
#include "rules/quadrature.hpp"

using namespace quadra::rules;
using namespace quadra::testing::quadrature_helpers;
using quadra::testing::quadrature_board;

TEST_CASE("worked example 1: d7-e8 exchanges b10 through the rectangle b8-b10-e10-e8") {
    auto game = quadrature_board(0, R"(
        W . . . . . . . . W W
        . W . . B . . . . . .
        . . . . . . . . . . .
        . B . . . . . . . . .
        . . . B . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
    )");
    play(game, "d7-e8");
    CHECK(exchanged(game) == strings{"b10"});
    CHECK(men_of(game, 0) == strings{"b8", "e8", "b10", "e10"});
    CHECK(men_of(game, 1) == strings{"a11", "j11", "k11"});
    CHECK(game.men(1) == 3);
    CHECK(game.marker(0) == 0);
    check_ongoing(game, 1);
    CHECK(game.current_outcome().scores == std::vector<int>{4, 3});
}

TEST_CASE("worked example 2: b6-b7 exchanges d7 and f7 and leaves White 2 men, so Black wins") {
    auto game = quadrature_board(0, R"(
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . W . . . W . . .
        . . . . . . . . . . .
        . . . W . W . . . . .
        . B . . . . . B . . .
        . B . B . B . . . . .
        . . . . . . . . . . .
        . . B . . B . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
    )");
    play(game, "b6-b7");
    CHECK(exchanged(game) == strings{"d7", "f7"});
    CHECK(men_of(game, 1) == strings{"d9", "h9"});
    check_won(game, 0, "Black reduced White to 2 men", "reduced", {{"seat", 0}, {"men", 2}});
    CHECK(game.current_outcome().scores == std::vector<int>{9, 2});
    check_refused(game, "d9-d8", "the game is over");
    check_refused(game, "pass", "the game is over");
}

TEST_CASE("worked example 3: a step that would square c5 but completes a White rectangle") {
    // As written, c8-c7 is also a backward step for Black, so it is refused for that first.
    auto as_written = quadrature_board(0, R"(
            . . . . . . . . . . W
            . . . . . . . . . . .
            W . W . . . . . . . .
            . . B . . . . . . . .
            W . . . B . . . . . .
            . . . . . . . . . . .
            . . W . B . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
        )");
    check_refused(as_written, "c8-c7", "men never move backward");

    // The same rectangles reached by the forward step c6-c7: c7 with e7 and e5 would square c5,
    // but c7 is the fourth corner of White's a7-a9-c9.
    auto forward = quadrature_board(0, R"(
            . . . . . . . . . . W
            . . . . . . . . . . .
            W . W . . . . . . . .
            . . . . . . . . . . .
            W . . . B . . . . . .
            . . B . . . . . . . .
            . . W . B . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
        )");
    check_refused(forward, "c6-c7",
                  "no man may step onto c7: it would complete a rectangle with three "
                  "White men");
    // White squares a5, a7 and c7 (a7-a9 with c9, c5-c9 with a9); everything else is open.
    CHECK(forward.legal() == strings{"c6-b6", "c6-b7", "c6-d6", "c6-d7", "e5-d5", "e5-d6", "e5-e6",
                                     "e5-f5", "e5-f6", "e7-d7", "e7-d8", "e7-e8", "e7-f7",
                                     "e7-f8"});

    // Without a9 the same step is legal and does square c5.
    auto control = quadrature_board(0, R"(
        . . . . . . . . . . W
        . . . . . . . . . . .
        . . W . . . . . . . .
        . . . . . . . . . . .
        W . . . B . . . . . .
        . . B . . . . . . . .
        . . W . B . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
    )");
    play(control, "c6-c7");
    CHECK(exchanged(control) == strings{"c5"});
    CHECK(men_of(control, 1) == strings{"a7", "c9", "k11"});
}

TEST_CASE("the no-suicide test comes before exchanges, even of the rectangle's own men") {
    // c6-c7 would exchange a7 (a3-c3-c7-a7), which would break White's a7-a9-c9 around c7;
    // but the test is made right after the step, so the move stays illegal.
    auto game = quadrature_board(0, R"(
        . . . . . . . . . . W
        . . . . . . . . . . .
        W . W . . . . . . . .
        . . . . . . . . . . .
        W . . . . . . . . . .
        . . B . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        B . B . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
    )");
    check_refused(game, "c6-c7",
                  "no man may step onto c7: it would complete a rectangle with three "
                  "White men");
    CHECK(is_legal(game, "c6-b7"));
}

TEST_CASE("worked example 4: a man squared before the move is not exchanged by j2-j3") {
    auto game = quadrature_board(0, R"(
        W . . . . . . . . . W
        . . . . . . . . . . W
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . B . W . . . . . . .
        . . . . . . . . . . .
        . B . B . . . . . B .
        . . . . . . . . . . .
    )");
    play(game, "j2-j3");
    CHECK(exchanged(game).empty());
    CHECK(men_of(game, 1) == strings{"d4", "k10", "a11", "k11"});
    CHECK(men_of(game, 0) == strings{"b2", "d2", "j3", "b4"});
    CHECK(game.marker(0) == 0);
    check_ongoing(game, 1);
}

TEST_CASE("worked example 5: f10-g11 fills Black's goal e11 f11 g11 and wins") {
    auto game = quadrature_board(0, R"(
            . . . . B B . . . . .
            . . . . . B . . . . .
            W W . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . B B . . . . . . .
            . . . . . . . . . . .
            . . . . W W . . . . .
        )");
    play(game, "f10-g11");
    CHECK(exchanged(game).empty());
    CHECK(game.men(1) == 4);
    check_won(game, 0, "Black filled its goal e11 f11 g11", "goal", {{"seat", 0}});

    // Two goal cells are not enough: any other move leaves the game going.
    auto other = quadrature_board(0, R"(
            . . . . B B . . . . .
            . . . . . B . . . . .
            W W . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . B B . . . . . . .
            . . . . . . . . . . .
            . . . . W W . . . . .
        )");
    play(other, "c3-c4");
    check_ongoing(other, 1);
}

TEST_CASE("worked example 6: quiet sideways moves raise the marker to 2, then only others") {
    auto game = quadrature_board(0, R"(
        . . . . . . . . W W W
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . B . B . . . . . . .
        . . . . . . . . . . .
        . . B W . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
    )");
    // Every quiet sideways move is legal at marker 0.
    CHECK(is_legal(game, "b5-a5"));
    CHECK(is_legal(game, "d5-e5"));

    play(game, "b5-a5");
    CHECK(exchanged(game).empty());
    CHECK(game.marker(0) == 1);
    play(game, "k11-k10");
    CHECK(game.marker(1) == 0);
    play(game, "a5-b5");
    CHECK(game.marker(0) == 2);
    play(game, "k10-k9");
    CHECK(game.marker(0) == 2);

    // At marker 2 the quiet sideways moves b5-a5, d5-c5 and d5-e5 are gone; c3-b3 and b5-c5
    // stay because each completes a rectangle with d3 (b3-b5-d5 and c3-c5-d5).
    CHECK(game.legal() == strings{"b5-a6", "b5-b6", "b5-c5", "b5-c6", "c3-b3", "c3-b4", "c3-c4",
                                  "c3-d4", "d5-c6", "d5-d6", "d5-e6"});
    const std::string at_two = "Black's marker is at 2: a sideways move must exchange a man";
    check_refused(game, "b5-a5", at_two);
    check_refused(game, "d5-c5", at_two);
    check_refused(game, "d5-e5", at_two);

    play(game, "c3-b3");
    CHECK(exchanged(game) == strings{"d3"});
    CHECK(game.marker(0) == 0);

    play(game, "k9-k8");
    play(game, "b5-a5");
    CHECK(game.marker(0) == 1);
    play(game, "k8-k7");
    play(game, "b3-b4");
    CHECK(game.marker(0) == 0);
    CHECK(game.marker(1) == 0);
}

TEST_CASE("White's quiet sideways moves raise White's marker only") {
    auto game = quadrature_board(1, R"(
        W . . . . . . . . . W
        . . . . . . . . . . .
        . . . . W . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        B B . . . . . . . . B
        . . . . . . . . . . .
        . . . . . . . . . . .
    )");
    play(game, "e9-f9");
    CHECK(game.marker(1) == 1);
    CHECK(game.marker(0) == 0);
    play(game, "a3-a4");
    play(game, "f9-e9");
    CHECK(game.marker(1) == 2);
    play(game, "a4-a5");
    CHECK_FALSE(is_legal(game, "e9-d9"));
    CHECK(is_legal(game, "e9-e8"));
    play(game, "e9-d8");
    CHECK(game.marker(1) == 0);
}
