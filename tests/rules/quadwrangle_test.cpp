// Quadwrangle (docs/rules.md §2): a turn of rolls, re-rolls and a play, refused tokens, dice as
// input, describe(), options and random games. Other topics: quadwrangle_plays_test (what
// five dice offer) and quadwrangle_moves_test (counters moving and winning).

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "boards.hpp"
#include "quadwrangle_helpers.hpp"
#include "rules/quadwrangle.hpp"

using namespace quadra::testing::quadwrangle_helpers;
using quadra::testing::quadwrangle_board;

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
