// Kvadrat (docs/rules.md §3): who owns a square (plurality or absolute) and when it is settled.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "kvadrat_helpers.hpp"
#include "rules/kvadrat.hpp"

using namespace quadra::rules;
using namespace quadra::testing::kvadrat_helpers;

TEST_CASE("kvadrat: plurality ownership examples") {
    std::vector<strings> two(2);
    fill(two, "A1", {4, 3});  // 4 Black vs 3 Red
    fill(two, "B1", {2, 2});
    fill(two, "C1", {1, 0});
    fill(two, "D1", {0, 1});
    const auto game = position({}, two, 0);
    CHECK(game.square_owner(square_index("A1")) == 0);
    CHECK(game.square_owner(square_index("B1")) == -1);
    CHECK(game.square_owner(square_index("C1")) == 0);
    CHECK(game.square_owner(square_index("D1")) == 1);
    CHECK(game.square_owner(square_index("E5")) == -1);  // 0 - 0
    CHECK(game.current_outcome().scores == std::vector<int>{2, 1});

    std::vector<strings> four(4);
    fill(four, "A1", {3, 2, 3, 1});  // 3 Black, 2 White, 3 Red, 1 Blue
    fill(four, "C3", {3, 2, 4, 0});  // 4 Red, 3 Black, 2 White
    const auto game4 = position(four_players, four, 0);
    CHECK(game4.square_owner(square_index("A1")) == -1);
    CHECK(game4.square_owner(square_index("C3")) == 2);
}

TEST_CASE("kvadrat: absolute ownership needs more than all others together") {
    const options absolute{{"players", std::int64_t{4}}, {"majority", "absolute"}};
    std::vector<strings> four(4);
    fill(four, "A1", {3, 2, 4, 0});  // 4 Red vs 3 + 2: neutral
    fill(four, "B1", {2, 1, 5, 1});  // 5 Red vs 2 + 1 + 1: Red
    fill(four, "C1", {1, 0, 3, 0});  // 3 Red vs 1, 5 empty: Red
    fill(four, "D1", {3, 2, 3, 1});  // 3 Red, 3 Black, 2 White, 1 Blue: neutral
    fill(four, "E1", {2, 1, 4, 1});  // 4 Red vs 2 + 1 + 1: half is not more
    const auto game = position(absolute, four, 0);
    CHECK(game.square_owner(square_index("A1")) == -1);
    CHECK(game.square_owner(square_index("B1")) == 2);
    CHECK(game.square_owner(square_index("C1")) == 2);
    CHECK(game.square_owner(square_index("D1")) == -1);
    CHECK(game.square_owner(square_index("E1")) == -1);

    std::vector<strings> two(2);
    fill(two, "A1", {1, 0});
    fill(two, "B1", {4, 3});
    const auto game2 = position({{"majority", "absolute"}}, two, 0);
    CHECK(game2.square_owner(square_index("A1")) == 0);
    CHECK(game2.square_owner(square_index("B1")) == 0);
}

TEST_CASE("kvadrat: plurality squares settle when the lead exceeds the empty positions") {
    std::vector<strings> two(2);
    fill(two, "A1", {5, 0});  // lead 5 > 4 empty
    fill(two, "B1", {4, 0});  // lead 4, 5 empty
    fill(two, "C1", {5, 2});  // lead 3 > 2 empty
    fill(two, "D1", {4, 2});  // lead 2, 3 empty
    fill(two, "E1", {5, 4});  // full
    fill(two, "A2", {3, 3});  // tie, 3 empty
    fill(two, "B2", {4, 4});  // tie, 1 empty
    const auto game = position({}, two, 0);
    CHECK(game.square_settled(square_index("A1")));
    CHECK(!game.square_settled(square_index("B1")));
    CHECK(game.square_settled(square_index("C1")));
    CHECK(!game.square_settled(square_index("D1")));
    CHECK(game.square_settled(square_index("E1")));
    CHECK(!game.square_settled(square_index("A2")));
    CHECK(!game.square_settled(square_index("B2")));
    CHECK(!game.square_settled(square_index("E5")));  // empty

    std::vector<strings> four(4);
    fill(four, "A1", {3, 2, 3, 1});  // full tie: settled neutral
    fill(four, "B1", {2, 2, 2, 1});  // tie with 2 empty: a leader can still emerge
    fill(four, "C1", {3, 2, 3, 0});  // 1 empty
    fill(four, "D1", {0, 1, 5, 0});  // lead 4 > 3 empty
    fill(four, "E1", {4, 1, 1, 0});  // lead 3 = 3 empty: the runner-up can still tie
    const auto game4 = position(four_players, four, 0);
    CHECK(game4.square_settled(square_index("A1")));
    CHECK(game4.square_owner(square_index("A1")) == -1);
    CHECK(!game4.square_settled(square_index("B1")));
    CHECK(!game4.square_settled(square_index("C1")));
    CHECK(game4.square_settled(square_index("D1")));
    CHECK(!game4.square_settled(square_index("E1")));
}

TEST_CASE("kvadrat: absolute squares settle owned or neutral for good") {
    const options absolute{{"players", std::int64_t{4}}, {"majority", "absolute"}};
    std::vector<strings> four(4);
    fill(four, "A1", {2, 2, 2, 1});  // nobody can exceed the rest even with both empties
    fill(four, "B1", {3, 2, 3, 0});  // 3 + 1 empty <= 5: neutral for good
    fill(four, "C1", {1, 0, 5, 0});  // 5 - 1 > 3 empty: Red for good
    fill(four, "D1", {1, 1, 4, 0});  // 4 - 2 = 2, 3 empty: could be pulled back to neutral
    fill(four, "E1", {2, 2, 2, 0});  // 2 + 3 empty > 4: someone could still win it
    fill(four, "A2", {1, 1, 1, 1});  // 5 empty
    const auto game = position(absolute, four, 0);
    CHECK(game.square_settled(square_index("A1")));
    CHECK(game.square_settled(square_index("B1")));
    CHECK(game.square_owner(square_index("B1")) == -1);
    CHECK(game.square_settled(square_index("C1")));
    CHECK(game.square_owner(square_index("C1")) == 2);
    CHECK(!game.square_settled(square_index("D1")));
    CHECK(game.square_owner(square_index("D1")) == 2);
    CHECK(!game.square_settled(square_index("E1")));
    CHECK(!game.square_settled(square_index("A2")));

    // Under plurality the same ties are still open.
    const auto plural = position(four_players, four, 0);
    CHECK(!plural.square_settled(square_index("A1")));
    CHECK(!plural.square_settled(square_index("B1")));
}
