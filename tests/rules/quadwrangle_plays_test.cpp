// Quadwrangle (docs/rules.md §2): the plays five dice offer, over every roll and in the worked
// examples.

#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "boards.hpp"
#include "quadwrangle_helpers.hpp"
#include "rules/quadwrangle.hpp"

using namespace quadra::testing::quadwrangle_helpers;
using quadra::testing::quadwrangle_board;

TEST_CASE("lanes are named and ordered 1 2 3 4 5 6 run high low") {
    const std::vector<std::string_view> expected{"1", "2",   "3",    "4",  "5",
                                                 "6", "run", "high", "low"};
    for (int lane = 0; lane < quadra::rules::quadwrangle_lanes; ++lane)
        CHECK(quadra::rules::quadwrangle_lane_name(lane) == expected[lane]);
}

TEST_CASE("available plays over all 7776 rolls match a plain reading of the rules") {
    int no_play = 0, lanes = 0, low_runs = 0, high_runs = 0;
    std::set<std::multiset<int>> scoreless;
    for (const auto& dice : all_rolls()) {
        const auto plays = available_plays(dice);
        REQUIRE_MESSAGE(plays == plays_by_the_book(dice),
                        dice[0] << dice[1] << dice[2] << dice[3] << dice[4]);
        if (plays.empty()) {
            ++no_play;
            scoreless.insert(std::multiset<int>(dice.begin(), dice.end()));
        }
        for (const auto& play : plays) {
            lanes += play.token == "play lanes";
            low_runs += play.token == "play run" && play.lane_steps == steps_t{{lane_run, 2}};
            high_runs += play.token == "play run" && play.lane_steps == steps_t{{lane_run, 3}};
        }
    }
    CHECK(no_play == 480);  // 4 scoreless sets x 5! orders
    CHECK(scoreless == std::set<std::multiset<int>>{
                           {1, 2, 3, 4, 6}, {1, 2, 3, 5, 6}, {1, 2, 4, 5, 6}, {1, 3, 4, 5, 6}});
    CHECK(lanes == 7776 - 6 * 5 * 4 * 3 * 2);  // every roll but the all-different ones
    CHECK(low_runs == 120);
    CHECK(high_runs == 120);
}

TEST_CASE("legal lists the available plays of every roll, or pass when there is none") {
    for (const auto& dice : all_rolls()) {
        auto plays = tokens_of(plays_by_the_book(dice));
        if (plays.empty()) plays = {"pass"};
        CHECK(quadwrangle_board("", 0, 1, dice).legal() == with_rerolls(plays));
        CHECK(quadwrangle_board("", 1, 2, dice).legal() == with_rerolls(plays));
        CHECK(quadwrangle_board("", 0, 3, dice).legal() == plays);
    }
}

TEST_CASE("docs/rules.md table of final dice and their plays") {
    CHECK(available_plays({6, 6, 6, 5, 5}) ==
          std::vector<play_option>{{"play high", {{lane_high, 3}}},
                                   {"play lanes", {{lane_5, 1}, {lane_6, 2}}}});
    CHECK(available_plays({6, 6, 5, 5, 3}) ==
          std::vector<play_option>{{"play high", {{lane_high, 2}}},
                                   {"play lanes", {{lane_5, 1}, {lane_6, 1}}}});
    CHECK(available_plays({1, 1, 1, 2, 2}) ==
          std::vector<play_option>{{"play lanes", {{lane_1, 2}, {lane_2, 1}}},
                                   {"play low", {{lane_low, 3}}}});
    CHECK(available_plays({2, 2, 2, 2, 2}) ==
          std::vector<play_option>{{"play lanes", {{lane_2, 4}}}, {"play low", {{lane_low, 2}}}});
    CHECK(available_plays({3, 3, 1, 2, 6}) ==
          std::vector<play_option>{{"play lanes", {{lane_3, 1}}}});
    CHECK(available_plays({1, 2, 3, 4, 5}) ==
          std::vector<play_option>{{"play run", {{lane_run, 2}}}});
    CHECK(available_plays({2, 3, 4, 5, 6}) ==
          std::vector<play_option>{{"play run", {{lane_run, 3}}}});
    CHECK(available_plays({1, 2, 3, 4, 6}).empty());
    CHECK(available_plays({6, 6, 6, 6, 7}).empty());
    CHECK(available_plays({0, 0, 1, 1, 1}).empty());
    // Dice order does not matter.
    CHECK(available_plays({5, 3, 1, 4, 2}) == available_plays({1, 2, 3, 4, 5}));
}

TEST_CASE("HIGH and LOW boundaries: 22/23, 25/26, 9/10, 12/13") {
    CHECK(available_plays({6, 6, 5, 4, 1}) ==
          std::vector<play_option>{{"play lanes", {{lane_6, 1}}}});
    CHECK(available_plays({6, 6, 5, 4, 2})[0] == play_option{"play high", {{lane_high, 2}}});
    CHECK(available_plays({6, 6, 6, 4, 3})[0] == play_option{"play high", {{lane_high, 2}}});
    CHECK(available_plays({6, 6, 6, 4, 4})[0] == play_option{"play high", {{lane_high, 3}}});
    CHECK(available_plays({1, 1, 1, 3, 3})[1] == play_option{"play low", {{lane_low, 3}}});
    CHECK(available_plays({1, 1, 1, 3, 4})[1] == play_option{"play low", {{lane_low, 2}}});
    CHECK(available_plays({1, 1, 2, 3, 5})[1] == play_option{"play low", {{lane_low, 2}}});
    CHECK(available_plays({1, 1, 2, 3, 6}) ==
          std::vector<play_option>{{"play lanes", {{lane_1, 1}}}});
}
