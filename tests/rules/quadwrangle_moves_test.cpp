// Quadwrangle (docs/rules.md §2): counters moving toward the mover, stopping on red squares, and
// the win.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "boards.hpp"
#include "quadwrangle_helpers.hpp"
#include "rules/quadwrangle.hpp"

using namespace quadra::testing::quadwrangle_helpers;
using quadra::rules::figure;
using quadra::testing::quadwrangle_board;
using quadra::testing::quadwrangle_lanes;

TEST_CASE("a counter at -3 pulled 3 by seat 0 stops at -4 and the rest is lost") {
    auto game = quadwrangle_board("high=-3", 0, 1, "66655");
    require_applies(game, "play high");
    CHECK(game.position(lane_high) == -4);
    CHECK(game.red_count(0) == 1);
    for (int lane : {lane_1, lane_2, lane_3, lane_5, lane_6, lane_run, lane_low})
        CHECK(game.position(lane) == 0);
    CHECK(game.to_move() == 1);
}

TEST_CASE("a counter at +1 pulled 2 by seat 0 crosses the centre to -1") {
    auto game = quadwrangle_board("6=1", 0, 1, "66612");
    require_applies(game, "play lanes");
    CHECK(game.position(lane_6) == -1);
}

TEST_CASE("seat 1 pulling a counter at -4 by 1 takes away seat 0's red counter") {
    auto game = quadwrangle_board("3=-4 1=-4", 1, 1, "33126");
    CHECK(game.current_outcome().scores == std::vector<int>{2, 0});
    require_applies(game, "play lanes");
    CHECK(game.position(lane_3) == -3);
    CHECK(game.position(lane_1) == -4);
    CHECK(game.current_outcome().scores == std::vector<int>{1, 0});
    CHECK(game.to_move() == 0);
}

TEST_CASE("seat 1 pulls toward +N and stops there, and two lanes move in one play") {
    auto game = quadwrangle_board("5=3 6=-1", 1, 2, "66655");
    require_applies(game, "play lanes");
    CHECK(game.position(lane_5) == 4);
    CHECK(game.position(lane_6) == 1);
    CHECK(game.position(lane_high) == 0);
}

TEST_CASE("seat 0 wins with its third red counter when the target is 3") {
    // run=4 is seat 1's counter, which does not count for seat 0.
    auto game = quadwrangle_board("1=-4 2=-4 6=-3 run=4", 0, 2, "66123");
    CHECK_FALSE(game.current_outcome().finished());
    require_applies(game, "play lanes");
    const auto result = game.current_outcome();
    CHECK(result.finished());
    CHECK(result.winners == std::vector<int>{0});
    CHECK(result.scores == std::vector<int>{3, 1});
    CHECK(result.reason == "Player 1 has 3 counters on its red square");
    CHECK(result.code == "counters");
    CHECK(result.figures == std::vector<figure>{{"seat", 0}, {"counters", 3}});
    CHECK(game.to_move() == -1);
    CHECK(game.legal().empty());
    CHECK(game.dice_needed("roll") == 0);
    check_refused(game, "roll=12345", "over");
    check_refused(game, "roll", "over");
    check_refused(game, "play lanes", "over");
    check_refused(game, "pass", "over");
    CHECK_FALSE(game.with_dice("roll", dice_t{1, 2, 3, 4, 5}).ok());
}

TEST_CASE("seat 1 wins by pulling its third counter onto +N") {
    auto game = quadwrangle_board("1=4 2=4 high=2", 1, 1, "66665");
    require_applies(game, "play high");
    CHECK(game.position(lane_high) == 4);
    CHECK(game.current_outcome().winners == std::vector<int>{1});
    CHECK(game.current_outcome().scores == std::vector<int>{0, 3});
}

TEST_CASE("one play can bring two counters home: the win counts both") {
    auto game = quadwrangle_board("1=-3 2=-3 3=-4 5=-4", 0, 1, "11226");
    require_applies(game, "play lanes");
    CHECK(game.position(lane_1) == -4);
    CHECK(game.position(lane_2) == -4);
    const auto result = game.current_outcome();
    CHECK(result.winners == std::vector<int>{0});
    CHECK(result.scores == std::vector<int>{4, 0});
    CHECK(result.reason == "Player 1 has 4 counters on its red square");
    CHECK(result.code == "counters");
    CHECK(result.figures == std::vector<figure>{{"seat", 0}, {"counters", 4}});
}

TEST_CASE("with target 4, three red counters do not win and four do") {
    auto three = quadwrangle_board("1=-4 2=-4 6=-3", 0, 1, "66123", 4);
    require_applies(three, "play lanes");
    CHECK(three.red_count(0) == 3);
    CHECK_FALSE(three.current_outcome().finished());
    CHECK(three.to_move() == 1);
    CHECK(three.legal() == std::vector<std::string>{"roll"});

    auto four = quadwrangle_board("1=-4 2=-4 3=-4 6=-3", 0, 1, "66123", 4);
    require_applies(four, "play lanes");
    CHECK(four.current_outcome().finished());
    CHECK(four.current_outcome().winners == std::vector<int>{0});
    CHECK(four.current_outcome().scores == std::vector<int>{4, 0});
}

TEST_CASE("from_position refuses a position that is already won or off the board") {
    const auto three_red = quadwrangle_lanes("1=-4 2=-4 3=-4");
    CHECK_FALSE(quadwrangle::from_position(4, 3, three_red, 0).ok());
    CHECK(quadwrangle::from_position(4, 4, three_red, 0).ok());
    CHECK_FALSE(quadwrangle::from_position(4, 4, quadwrangle_lanes("1=-5 2=-4 3=-4"), 0).ok());
    CHECK_FALSE(quadwrangle::from_position(4, 3, centre(), 2).ok());
    CHECK_FALSE(quadwrangle::from_position(4, 3, centre(), 0, 4, {1, 1, 1, 1, 1}).ok());
    CHECK_FALSE(quadwrangle::from_position(4, 3, centre(), 0, 1, {0, 1, 1, 1, 1}).ok());
}

TEST_CASE("with lane 2 a counter crosses from +2 to -2 in one pull of 4") {
    auto game = quadwrangle_board("2=2", 0, 1, "22222", 3, 2);
    require_applies(game, "play lanes");
    CHECK(game.position(lane_2) == -2);
}
