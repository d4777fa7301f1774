// Quadrature (docs/rules.md §1): winning by goal or by men, forced passes, and the two draws.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "boards.hpp"
#include "quadrature_helpers.hpp"
#include "rules/quadrature.hpp"

using namespace quadra::rules;
using namespace quadra::testing::quadrature_helpers;
using quadra::testing::quadrature_board;

TEST_CASE("a goal filled by exchange wins") {
    // h8-g9 completes e9-e11-g11-g9: g11 becomes Black, filling e11 f11 g11.
    auto game = quadrature_board(0, R"(
        . . . . B B W . . . .
        . . . . . . . . . . .
        . . . . B . . . . . .
        . . . . . . . B . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . W
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        W W . . . . . . . . .
    )");
    play(game, "h8-g9");
    CHECK(exchanged(game) == strings{"g11"});
    CHECK(game.men(1) == 3);
    check_won(game, 0, "Black filled its goal e11 f11 g11", "goal", {{"seat", 0}});
}

TEST_CASE("White wins by filling e1 f1 g1, or by leaving Black 2 men") {
    auto goal = quadrature_board(1, R"(
        . . . . . . . . . . W
        . . . . . . . . . . .
        B B . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . B
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . W . . . . .
        . . . . W W . . . . .
    )");
    play(goal, "f2-g1");
    check_won(goal, 1, "White filled its goal e1 f1 g1", "goal", {{"seat", 1}});

    // White's d5-c5 completes c5-c8-f8-f5 and exchanges f5; Black keeps 2 men.
    auto men = quadrature_board(1, R"(
        . . . . . . . . . . W
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . W . . W . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . W . B . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        B B . . . . . . . . .
    )");
    play(men, "d5-c5");
    CHECK(exchanged(men) == strings{"f5"});
    check_won(men, 1, "White reduced Black to 2 men", "reduced", {{"seat", 1}, {"men", 2}});
}

TEST_CASE("a side with no move must pass, then the opponent moves on") {
    // White's men on its last rank cannot step forward, and at marker 2 c1-d1 would be quiet.
    auto game = quadrature_board(0, {0, 2}, R"(
        . . . . . . . . . . .
        . . . . . . . . . . .
        B B . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . B
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        W W W . . . . . . . .
    )");
    check_refused(game, "pass", "pass is only allowed when Black has no move");
    play(game, "k5-k6");
    check_ongoing(game, 1);
    CHECK(game.legal() == strings{"pass"});
    check_refused(game, "c1-d1", "White's marker is at 2: a sideways move must exchange a man");
    play(game, "pass");
    check_ongoing(game, 0);
    CHECK(game.marker(1) == 2);
    CHECK(exchanged(game).empty());
    CHECK(men_of(game, 1) == strings{"a1", "b1", "c1"});
    play(game, "k6-k7");
    CHECK(game.legal() == strings{"pass"});
}

TEST_CASE("the game is a draw as soon as neither side can move") {
    // Black's c11-b11 takes its marker to 2; then b11-c11 would be a third quiet sideways move
    // and a11 is boxed in. White's men are stuck on rank 1 with marker 2.
    auto game = quadrature_board(0, {1, 2}, R"(
        B . B . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        W W W . . . . . . . .
    )");
    CHECK(game.legal() == strings{"a11-b11", "c11-b11", "c11-d11"});
    play(game, "c11-b11");
    check_drawn(game, "neither side can move", "no_moves");
    CHECK(game.current_outcome().scores == std::vector<int>{2, 3});

    // A position that starts that way is finished from the start.
    auto stuck = quadrature_board(0, {2, 2}, R"(
        B B . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        W W W . . . . . . . .
    )");
    check_drawn(stuck, "neither side can move", "no_moves");
}

TEST_CASE("the third occurrence of a position is a draw") {
    // f6 changes hands on every ply: Black's b6/c6 square it with b2/c2 and f2, White's i6/h6
    // with i10/h10 and f10. After four plies the board and both markers (0) are back.
    auto game = quadrature_board(0, R"(
            . . . . . . . . . . .
            . . . . . W . W W . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . B . . . W . . W . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . B B . . B . . . . .
            . . . . . . . . . . .
        )");
    const strings cycle = {"b6-c6", "i6-h6", "c6-b6", "h6-i6"};
    for (int round = 0; round < 2; ++round) {
        for (std::size_t ply = 0; ply < cycle.size(); ++ply) {
            check_ongoing(game, static_cast<int>(ply % 2));
            play(game, cycle[ply]);
            CHECK(exchanged(game) == strings{"f6"});
            CHECK(game.marker(0) == 0);
            CHECK(game.marker(1) == 0);
        }
        CHECK(men_of(game, 0) == strings{"b2", "c2", "f2", "b6"});
        CHECK(men_of(game, 1) == strings{"f6", "i6", "f10", "h10", "i10"});
    }
    check_drawn(game, "the same position occurred a third time", "repetition");
}

TEST_CASE("markers are part of a repeated position") {
    // The same cycle from Black's marker 1: every move exchanges and resets the marker, so the
    // start never recurs. The first position to occur a third time is the one after ply 1, at
    // ply 9 (it recurs at ply 5), not the start at ply 8.
    auto game = quadrature_board(0, {1, 0}, R"(
        . . . . . . . . . . .
        . . . . . W . W W . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . B . . . W . . W . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . B B . . B . . . . .
        . . . . . . . . . . .
    )");
    const strings cycle = {"b6-c6", "i6-h6", "c6-b6", "h6-i6"};
    for (std::size_t ply = 0; ply < 8; ++ply) play(game, cycle[ply % 4]);
    check_ongoing(game, 0);
    CHECK(men_of(game, 0) == strings{"b2", "c2", "f2", "b6"});
    play(game, "b6-c6");
    check_drawn(game, "the same position occurred a third time", "repetition");
}
