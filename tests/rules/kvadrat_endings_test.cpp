// Kvadrat (docs/rules.md §3): turns, passes and the two ways the game ends.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "boards.hpp"
#include "kvadrat_helpers.hpp"
#include "rules/kvadrat.hpp"

using namespace quadra::rules;
using namespace quadra::testing::kvadrat_helpers;
using quadra::testing::kvadrat_board;

TEST_CASE("kvadrat: four players take turns clockwise from Black in the south") {
    auto game = make(four_players);
    const auto shown = game.describe();
    CHECK(field(shown, "edges") == view(view_list{"south", "west", "north", "east"}));
    CHECK(game.seat_name(0) == "Black");
    CHECK(game.seat_name(1) == "White");
    CHECK(game.seat_name(2) == "Red");
    CHECK(game.seat_name(3) == "Blue");
    CHECK(make({}).seat_name(1) == "Red");
    const strings moves{"h3", "c8", "h13", "m8", "h6"};
    for (std::size_t ply = 0; ply < moves.size(); ++ply) {
        CHECK(game.to_move() == static_cast<int>(ply % 4));
        REQUIRE(game.apply(moves[ply]).ok());
    }
    CHECK(game.to_move() == 1);
    CHECK(game.pieces_left(0) == 28);
    CHECK(game.pieces_left(1) == 29);
}

TEST_CASE("kvadrat: a seat out of pieces passes until the game ends") {
    const options two_each{{"pieces", std::int64_t{2}}};
    auto game = position(two_each, {{"h3", "h5"}, {"h13"}}, 0);
    CHECK(game.pieces_left(0) == 0);
    CHECK(game.pieces_left(1) == 1);
    CHECK(game.legal() == strings{"pass"});
    check_refused(game, "h8", "must pass");
    REQUIRE(game.apply("pass").ok());
    CHECK(game.to_move() == 1);
    REQUIRE(game.apply("h10").ok());
    CHECK(game.to_move() == -1);
    CHECK(game.legal().empty());
    const auto result = game.current_outcome();
    CHECK(result.finished());
    CHECK(result.reason == "no player can place a piece");
    CHECK(result.code == "no_placement");
    CHECK(result.scores == std::vector<int>{2, 2});  // C1 C2 against C5 C4
    CHECK(result.draw());
}

TEST_CASE("kvadrat: the game ends as soon as every square is settled") {
    // Every square but E5 is full of one colour, Black on even column + row, Red on odd; E5 has
    // Black on m14 n14 m15 n15 and the open line m13 n13 o13 o14 o15.
    auto game = kvadrat_board({}, 0, R"(
        0 0 0  1 1 1  0 0 0  1 1 1  0 0 .
        0 0 0  1 1 1  0 0 0  1 1 1  0 0 .
        0 0 0  1 1 1  0 0 0  1 1 1  . . .

        1 1 1  0 0 0  1 1 1  0 0 0  1 1 1
        1 1 1  0 0 0  1 1 1  0 0 0  1 1 1
        1 1 1  0 0 0  1 1 1  0 0 0  1 1 1

        0 0 0  1 1 1  0 0 0  1 1 1  0 0 0
        0 0 0  1 1 1  0 0 0  1 1 1  0 0 0
        0 0 0  1 1 1  0 0 0  1 1 1  0 0 0

        1 1 1  0 0 0  1 1 1  0 0 0  1 1 1
        1 1 1  0 0 0  1 1 1  0 0 0  1 1 1
        1 1 1  0 0 0  1 1 1  0 0 0  1 1 1

        0 0 0  1 1 1  0 0 0  1 1 1  0 0 0
        0 0 0  1 1 1  0 0 0  1 1 1  0 0 0
        0 0 0  1 1 1  0 0 0  1 1 1  0 0 0
    )");
    CHECK(!game.current_outcome().finished());
    CHECK(game.legal() == strings{"m13", "o15"});
    REQUIRE(game.apply("o15").ok());
    CHECK(game.to_move() == -1);
    const auto result = game.current_outcome();
    CHECK(result.reason == "every square is settled");
    CHECK(result.code == "settled");
    CHECK(result.figures.empty());
    CHECK(result.scores == std::vector<int>{13, 12});
    CHECK(result.winners == std::vector<int>{0});
    check_refused(game, "m13", "over");
    check_refused(game, "pass", "over");
}

TEST_CASE("kvadrat: the game ends as soon as nobody can place") {
    SUBCASE("the last five-cell path is used") {
        // A1 and B1 are open along rank 1; every other square is full of one colour.
        auto game = kvadrat_board({}, 0, R"(
            0 0 0  1 1 1  0 0 0  1 1 1  0 0 0
            0 0 0  1 1 1  0 0 0  1 1 1  0 0 0
            0 0 0  1 1 1  0 0 0  1 1 1  0 0 0

            1 1 1  0 0 0  1 1 1  0 0 0  1 1 1
            1 1 1  0 0 0  1 1 1  0 0 0  1 1 1
            1 1 1  0 0 0  1 1 1  0 0 0  1 1 1

            0 0 0  1 1 1  0 0 0  1 1 1  0 0 0
            0 0 0  1 1 1  0 0 0  1 1 1  0 0 0
            0 0 0  1 1 1  0 0 0  1 1 1  0 0 0

            1 1 1  0 0 0  1 1 1  0 0 0  1 1 1
            1 1 1  0 0 0  1 1 1  0 0 0  1 1 1
            1 1 1  0 0 0  1 1 1  0 0 0  1 1 1

            1 0 1  1 0 1  0 0 0  1 1 1  0 0 0
            0 1 0  0 1 0  0 0 0  1 1 1  0 0 0
            . . .  . . 1  0 0 0  1 1 1  0 0 0
        )");
        CHECK(game.legal() == strings{"e1"});  // a1 b1 c1 d1 e1 from a2
        REQUIRE(game.apply("e1").ok());
        CHECK(game.to_move() == -1);
        const auto result = game.current_outcome();
        CHECK(result.reason == "no player can place a piece");
        CHECK(result.code == "no_placement");
        CHECK(game.square_owner(square_index("A1")) == -1);  // 3 - 3
        CHECK(game.square_owner(square_index("B1")) == -1);  // 4 - 4
        CHECK(result.scores == std::vector<int>{12, 11});
        CHECK(result.winners == std::vector<int>{0});
    }
    SUBCASE("four players share first place") {
        auto game = make({{"players", std::int64_t{4}}, {"pieces", std::int64_t{1}}});
        for (const char* move : {"a1", "c3", "h13"}) REQUIRE(game.apply(move).ok());
        CHECK(!game.current_outcome().finished());
        REQUIRE(game.apply("o8").ok());
        const auto result = game.current_outcome();
        CHECK(result.finished());
        CHECK(result.reason == "no player can place a piece");
        CHECK(result.code == "no_placement");
        CHECK(result.scores == std::vector<int>{0, 0, 1, 1});  // A1 is 1 - 1
        CHECK(result.winners == std::vector<int>{2, 3});
    }
    SUBCASE("two players tie") {
        auto game = make({{"pieces", std::int64_t{1}}});
        REQUIRE(game.apply("h3").ok());
        REQUIRE(game.apply("h13").ok());
        const auto result = game.current_outcome();
        CHECK(result.finished());
        CHECK(result.scores == std::vector<int>{1, 1});
        CHECK(result.draw());
        CHECK(result.winners.empty());
    }
}
