#include "rules/quadwrangle.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <set>

#include "boards.hpp"

namespace {

using quadra::rules::available_plays;
using quadra::rules::option_value;
using quadra::rules::options;
using quadra::rules::play_option;
using quadra::rules::quadwrangle;
using quadra::rules::view;
using quadra::rules::view_fields;
using quadra::rules::view_list;
using quadra::testing::quadwrangle_board;
using quadra::testing::quadwrangle_lanes;
using dice_t = std::array<int, 5>;
using steps_t = std::vector<std::pair<int, int>>;

// Lane indices by name, as RULES.md §2 orders them.
constexpr int lane_1 = 0, lane_2 = 1, lane_3 = 2, lane_5 = 4, lane_6 = 5;
constexpr int lane_run = 6, lane_high = 7, lane_low = 8;

std::array<int, 9> centre() { return {}; }

void require_applies(quadwrangle& game, std::string_view token) {
    const auto applied = game.apply(token);
    REQUIRE_MESSAGE(applied.ok(), token << ": " << applied.reason());
}

// Applies `token`, expects a refusal whose reason contains `because`, and an unchanged state.
void check_refused(quadwrangle& game, std::string_view token, std::string_view because = "") {
    const auto before = game.clone();
    const auto applied = game.apply(token);
    CHECK_MESSAGE(!applied.ok(), "accepted '" << token << "'");
    if (applied.ok()) return;
    CHECK_MESSAGE(!applied.reason().empty(), token);
    CHECK_MESSAGE(applied.reason().find(because) != std::string::npos,
                  "'" << token << "' refused with: " << applied.reason());
    CHECK(before->same_state(game));
}

// The plays for five dice by a plain reading of RULES.md §2, independent of the implementation.
std::vector<play_option> plays_by_the_book(const dice_t& dice) {
    const int total = std::accumulate(dice.begin(), dice.end(), 0);
    dice_t sorted = dice;
    std::sort(sorted.begin(), sorted.end());
    std::vector<play_option> plays;

    steps_t repeats;
    for (int face = 1; face <= 6; ++face) {
        const auto shown = static_cast<int>(std::count(dice.begin(), dice.end(), face));
        if (shown >= 2) repeats.emplace_back(face - 1, shown - 1);
    }
    if (!repeats.empty()) plays.push_back({"play lanes", repeats});
    if (sorted == dice_t{1, 2, 3, 4, 5}) plays.push_back({"play run", {{lane_run, 2}}});
    if (sorted == dice_t{2, 3, 4, 5, 6}) plays.push_back({"play run", {{lane_run, 3}}});
    if (total >= 23 && total <= 25) plays.push_back({"play high", {{lane_high, 2}}});
    if (total >= 26) plays.push_back({"play high", {{lane_high, 3}}});
    if (total >= 10 && total <= 12) plays.push_back({"play low", {{lane_low, 2}}});
    if (total <= 9) plays.push_back({"play low", {{lane_low, 3}}});
    std::sort(plays.begin(), plays.end(),
              [](const play_option& a, const play_option& b) { return a.token < b.token; });
    return plays;
}

std::vector<dice_t> all_rolls() {
    std::vector<dice_t> rolls;
    for (int code = 0; code < 7776; ++code) {
        dice_t dice{};
        for (int i = 0, rest = code; i < 5; ++i, rest /= 6) dice[i] = rest % 6 + 1;
        rolls.push_back(dice);
    }
    return rolls;
}

// The 31 reroll requests, built from subsets and sorted in byte order.
std::vector<std::string> all_rerolls() {
    std::vector<std::string> tokens;
    for (int subset = 1; subset < 32; ++subset) {
        std::string token = "reroll";
        for (int position = 1; position <= 5; ++position)
            if (subset & (1 << (position - 1))) token += " " + std::to_string(position);
        tokens.push_back(token);
    }
    std::sort(tokens.begin(), tokens.end());
    return tokens;
}

std::vector<std::string> with_rerolls(std::vector<std::string> first) {
    const auto rerolls = all_rerolls();
    first.insert(first.end(), rerolls.begin(), rerolls.end());
    return first;
}

std::vector<std::string> tokens_of(const std::vector<play_option>& plays) {
    std::vector<std::string> tokens;
    for (const auto& play : plays) tokens.push_back(play.token);
    return tokens;
}

}  // namespace

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

TEST_CASE("RULES.md table of final dice and their plays") {
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

TEST_CASE("legal lists after 0, 1, 2 and 3 rolls") {
    quadwrangle game;
    CHECK(game.to_move() == 0);
    CHECK(game.legal() == std::vector<std::string>{"roll"});

    require_applies(game, "roll=66655");
    const auto after_first = game.legal();
    CHECK(after_first.size() == 33);
    CHECK(after_first == with_rerolls({"play high", "play lanes"}));
    CHECK(std::is_sorted(after_first.begin(), after_first.end()));
    CHECK(std::vector<std::string>(after_first.begin() + 2, after_first.begin() + 8) ==
          std::vector<std::string>{"reroll 1", "reroll 1 2", "reroll 1 2 3", "reroll 1 2 3 4",
                                   "reroll 1 2 3 4 5", "reroll 1 2 3 5"});
    CHECK(after_first.back() == "reroll 5");

    require_applies(game, "reroll 4 5=66612");
    CHECK(game.legal() == with_rerolls({"play lanes"}));

    require_applies(game, "reroll 1 2 3=34512");
    CHECK(game.rolls() == 3);
    CHECK(game.legal() == std::vector<std::string>{"play run"});
    require_applies(game, "play run");
    CHECK(game.position(lane_run) == -2);
    CHECK(game.to_move() == 1);
    CHECK(game.rolls() == 0);
    CHECK(game.legal() == std::vector<std::string>{"roll"});
}

TEST_CASE("no play after the third roll leaves only pass, which ends the turn") {
    quadwrangle game;
    require_applies(game, "roll=12346");
    CHECK(game.legal() == with_rerolls({"pass"}));
    require_applies(game, "reroll 5=12346");
    CHECK(game.legal() == with_rerolls({"pass"}));
    require_applies(game, "reroll 1 2=21346");
    CHECK(game.legal() == std::vector<std::string>{"pass"});
    check_refused(game, "play lanes", "a repeated face");
    require_applies(game, "pass");
    CHECK(game.to_move() == 1);
    CHECK(game.rolls() == 0);
    CHECK(game.dice() == dice_t{});
    CHECK(game.legal() == std::vector<std::string>{"roll"});
    CHECK(game.position(lane_1) == 0);
}

TEST_CASE("pass after the first roll is legal when no play exists") {
    quadwrangle game;
    require_applies(game, "roll=65431");
    require_applies(game, "pass");
    CHECK(game.to_move() == 1);
    CHECK(game == quadwrangle_board("", 1));
}

TEST_CASE("malformed and out-of-turn tokens are refused and change nothing") {
    quadwrangle game;
    for (const char* token : {"", "a1 ", "A1", "z99", "Roll", "roll ", "rollx", "play", "pass "})
        check_refused(game, token);
    check_refused(game, "play lanes", "roll the dice first");
    check_refused(game, "pass", "roll the dice first");
    check_refused(game, "reroll 1=12345", "roll all five dice first");
    check_refused(game, "roll", "dice must be supplied");
    check_refused(game, "roll=12345 ", "five dice");
    check_refused(game, "roll=1234", "five dice");
    check_refused(game, "roll=123456", "five dice");
    check_refused(game, "roll=12370", "five dice");
    check_refused(game, "roll=", "five dice");

    require_applies(game, "roll=36625");
    check_refused(game, "roll=12345", "already rolled");
    check_refused(game, "reroll 2 3", "dice must be supplied");
    for (const char* tail : {"", "=12345"}) {
        const std::string with(tail);
        check_refused(game, "reroll" + with, "name the dice");
        check_refused(game, "reroll 0" + with, "1 to 5");
        check_refused(game, "reroll 6" + with, "1 to 5");
        check_refused(game, "reroll 2 2" + with, "ascending");
        check_refused(game, "reroll 3 2" + with, "ascending");
        check_refused(game, "reroll  2" + with, "malformed");
        check_refused(game, "reroll 2 " + with, "malformed");
        check_refused(game, "reroll 12" + with, "malformed");
        check_refused(game, "reroll2" + with, "malformed");
    }
    check_refused(game, "reroll 2 3 5=41615", "die 1 was kept and must stay 3, not 4");
    check_refused(game, "reroll 2 3 5=31655", "die 4 was kept and must stay 2, not 5");
    check_refused(game, "pass", "available: play lanes");
    check_refused(game, "play high", "a total of 23 or more");
    check_refused(game, "play run", "1-2-3-4-5 or 2-3-4-5-6");
    check_refused(game, "play lanes ");
    check_refused(game, "play middle", "unknown play");

    require_applies(game, "reroll 1 5=26623");
    require_applies(game, "reroll 1=46623");
    check_refused(game, "reroll 1=56623", "at most three rolls");
    check_refused(game, "reroll 1 2 3 4 5=11111", "at most three rolls");
    check_refused(game, "pass", "available");
}

TEST_CASE("play high is refused on a total of 20") {
    auto game = quadwrangle_board("", 0, 1, "23456");
    check_refused(game, "play high", "the dice 23456 total 20");
    check_refused(game, "play low", "a total of 12 or less");
    check_refused(game, "play lanes", "a repeated face");
    require_applies(game, "play run");
    CHECK(game.position(lane_run) == -3);
}

TEST_CASE("dice_needed and with_dice turn requests into recorded tokens") {
    quadwrangle game;
    CHECK(game.dice_needed("roll") == 5);
    CHECK(game.dice_needed("reroll 2 3") == 0);
    CHECK(game.dice_needed("play lanes") == 0);
    CHECK(game.dice_needed("nonsense") == 0);
    CHECK(game.with_dice("roll", dice_t{3, 6, 6, 2, 5}).value() == "roll=36625");
    CHECK_FALSE(game.with_dice("roll", dice_t{3, 6, 6, 2}).ok());
    CHECK_FALSE(game.with_dice("roll", dice_t{3, 6, 6, 2, 7}).ok());
    CHECK_FALSE(game.with_dice("roll", dice_t{3, 6, 0, 2, 5}).ok());
    CHECK_FALSE(game.with_dice("roll=36625", {}).ok());
    CHECK_FALSE(game.with_dice("reroll 1", std::vector<int>{4}).ok());
    CHECK_FALSE(game.with_dice("pass", {}).ok());

    require_applies(game, "roll=36625");
    CHECK(game.dice_needed("roll") == 0);
    CHECK(game.dice_needed("reroll 2 3 5") == 3);
    CHECK(game.dice_needed("reroll 1 2 3 4 5") == 5);
    CHECK(game.dice_needed("reroll 3 2") == 0);
    CHECK(game.with_dice("reroll 2 3 5", std::vector<int>{1, 6, 1}).value() ==
          "reroll 2 3 5=31621");
    CHECK(game.with_dice("reroll 1 2 3 4 5", dice_t{1, 1, 1, 1, 1}).value() ==
          "reroll 1 2 3 4 5=11111");
    CHECK_FALSE(game.with_dice("reroll 2 3 5", std::vector<int>{1, 6}).ok());
    CHECK_FALSE(game.with_dice("reroll 2 3 5=31621", std::vector<int>{1, 6, 1}).ok());
    CHECK(game.with_dice("play lanes", {}).value() == "play lanes");
    CHECK_FALSE(game.with_dice("play lanes", std::vector<int>{1}).ok());
    CHECK_FALSE(game.with_dice("play high", {}).ok());
    CHECK_FALSE(game.with_dice("pass", {}).ok());

    require_applies(game, "reroll 2 3 5=31621");
    CHECK(game.dice() == dice_t{3, 1, 6, 2, 1});
    require_applies(game, "reroll 1=11621");
    CHECK(game.dice_needed("reroll 1") == 0);
    CHECK_FALSE(game.with_dice("reroll 1", std::vector<int>{4}).ok());
}

TEST_CASE("describe shows lanes, dice, rolls and the plays with where counters land") {
    auto game = quadwrangle_board("6=-3", 0);
    auto lane_views = [] {
        view_list list;
        for (const char* name : {"1", "2", "3", "4", "5"})
            list.emplace_back(view_fields{{"name", name}, {"position", 0}});
        list.emplace_back(view_fields{{"name", "6"}, {"position", -3}});
        for (const char* name : {"run", "high", "low"})
            list.emplace_back(view_fields{{"name", name}, {"position", 0}});
        return list;
    };
    CHECK(game.describe() == view(view_fields{{"lanes", lane_views()},
                                              {"half_length", 4},
                                              {"target", 3},
                                              {"dice", view()},
                                              {"rolls", 0},
                                              {"plays", view_list{}}}));

    require_applies(game, "roll=66655");
    const view_list plays{
        view_fields{{"token", "play high"},
                    {"moves", view_list{view_fields{{"lane", "high"}, {"steps", 3}, {"to", -3}}}}},
        view_fields{{"token", "play lanes"},
                    {"moves", view_list{view_fields{{"lane", "5"}, {"steps", 1}, {"to", -1}},
                                        view_fields{{"lane", "6"}, {"steps", 2}, {"to", -4}}}}},
    };
    CHECK(game.describe() == view(view_fields{{"lanes", lane_views()},
                                              {"half_length", 4},
                                              {"target", 3},
                                              {"dice", view_list{6, 6, 6, 5, 5}},
                                              {"rolls", 1},
                                              {"plays", plays}}));
}

TEST_CASE("options: defaults, settings and bad values") {
    const auto& type = quadra::rules::quadwrangle_type();
    CHECK(type.id == "quadwrangle");
    CHECK(type.title == "Quadwrangle");
    CHECK_FALSE(type.summary.empty());
    REQUIRE(type.options.size() == 2);

    auto fresh = type.start({});
    REQUIRE(fresh.ok());
    CHECK(fresh.value()->id() == "quadwrangle");
    CHECK(fresh.value()->seat_count() == 2);
    CHECK(fresh.value()->settings() ==
          options{{"lane", std::int64_t{4}}, {"target", std::int64_t{3}}});
    CHECK(fresh.value()->same_state(quadwrangle()));

    const options custom{{"lane", std::int64_t{2}}, {"target", std::int64_t{4}}};
    REQUIRE(quadra::rules::check_options(type.options, custom).ok());
    auto short_lanes = type.start(custom);
    REQUIRE(short_lanes.ok());
    CHECK(short_lanes.value()->settings() == custom);
    CHECK(short_lanes.value()->same_state(quadwrangle(2, 4)));
    CHECK(quadra::rules::check_options(type.options, {{"lane", std::int64_t{9}}}).ok());

    const auto lane_1_opt = quadra::rules::check_options(type.options, {{"lane", std::int64_t{1}}});
    CHECK_FALSE(lane_1_opt.ok());
    CHECK(lane_1_opt.reason().find("lane") != std::string::npos);
    const auto lane_10 = quadra::rules::check_options(type.options, {{"lane", std::int64_t{10}}});
    CHECK_FALSE(lane_10.ok());
    const auto target_5 = quadra::rules::check_options(type.options, {{"target", std::int64_t{5}}});
    CHECK_FALSE(target_5.ok());
    CHECK(target_5.reason().find("target") != std::string::npos);
    const auto word = quadra::rules::check_options(type.options, {{"target", std::string("4")}});
    CHECK_FALSE(word.ok());
    const auto unknown = quadra::rules::check_options(type.options, {{"colour", std::int64_t{1}}});
    CHECK_FALSE(unknown.ok());
    CHECK(unknown.reason().find("colour") != std::string::npos);
}

TEST_CASE("with lane 2 a counter crosses from +2 to -2 in one pull of 4") {
    auto game = quadwrangle_board("2=2", 0, 1, "22222", 3, 2);
    require_applies(game, "play lanes");
    CHECK(game.position(lane_2) == -2);
}

TEST_CASE("random games keep the interface contract and always end") {
    std::mt19937 random(20240611);
    std::uniform_int_distribution<int> die(1, 6);
    int finished = 0;
    for (int played = 0; played < 200; ++played) {
        quadwrangle game(played % 2 ? 4 : 2, played % 3 ? 3 : 4);
        for (int ply = 0; ply < 20000 && !game.current_outcome().finished(); ++ply) {
            const auto legal = game.legal();
            REQUIRE_FALSE(legal.empty());
            REQUIRE(std::is_sorted(legal.begin(), legal.end()));
            REQUIRE(game.to_move() >= 0);
            const auto& request =
                legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(random)];
            std::vector<int> dice(static_cast<std::size_t>(game.dice_needed(request)));
            for (auto& value : dice) value = die(random);
            const auto token = game.with_dice(request, dice);
            REQUIRE_MESSAGE(token.ok(), request << ": " << token.reason());
            if (ply % 97 == 0) check_refused(game, "reroll 3 3=11111");
            require_applies(game, token.value());
        }
        const auto result = game.current_outcome();
        if (!result.finished()) continue;
        ++finished;
        CHECK(game.legal().empty());
        CHECK(game.to_move() == -1);
        REQUIRE(result.winners.size() == 1);
        const int winner = result.winners[0];
        CHECK(result.scores[winner] >= game.target());
        CHECK(result.scores[1 - winner] < game.target());
    }
    CHECK(finished == 200);
}
