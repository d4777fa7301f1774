// Kvadratura (docs/rules.md §4): both modes, the worked examples, refusals, options, describe() and
// from_rows. The square geometry and random games are in kvadratura_reference_test.

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "boards.hpp"
#include "kvadratura_helpers.hpp"
#include "kvadratura_reference.hpp"
#include "rules/kvadratura.hpp"

using namespace quadra::rules;
using namespace quadra::testing::kvadratura_helpers;
using quadra::testing::brute_squares;
using quadra::testing::corner_set;
using quadra::testing::diagram_rows;
using quadra::testing::kvadratura_board;
using quadra::testing::recount;

TEST_CASE("White with a2 b1 c2 playing b3 completes a tilted square of side sqrt2 and loses") {
    auto game = kvadratura_board("B..B/..../W.W./.W.B", loses);
    REQUIRE(game.to_move() == 0);
    const auto legal = game.legal();
    CHECK(std::binary_search(legal.begin(), legal.end(), "b3"));

    play(game, {"b3"});
    const auto result = game.current_outcome();
    CHECK(result.finished());
    CHECK(result.winners == std::vector<int>{1});
    CHECK(result.scores == std::vector<int>{1, 0});
    CHECK(result.reason == "White completed a square");
    CHECK(result.code == "completed");
    CHECK(result.figures == std::vector<figure>{{"seat", 0}, {"squares", 1}});
    CHECK(game.to_move() == -1);
    CHECK(game.legal().empty());
    CHECK(field(game.describe(), "squares") ==
          view(view_list{square({"b1", "c2", "b3", "a2"}, 0)}));

    auto after = game.clone();
    auto refused = game.apply("c3");
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.reason() == "the game is over");
    CHECK(game.same_state(*after));
}

TEST_CASE("in fill mode the same tilted square only counts against White") {
    auto game = kvadratura_board("B..B/..../W.W./.W.B", fill);
    play(game, {"b3"});
    CHECK_FALSE(game.current_outcome().finished());
    CHECK(game.current_outcome().scores == std::vector<int>{1, 0});
    CHECK(game.to_move() == 1);
}

TEST_CASE("a mixed square (a1 b1 a2 White, b2 Black) means nothing") {
    kvadratura mixed(4);
    play(mixed, {"a1", "b2", "b1", "d4", "a2"});
    CHECK_FALSE(mixed.current_outcome().finished());
    CHECK(mixed.current_outcome().scores == std::vector<int>{0, 0});
    CHECK(mixed.to_move() == 1);
    CHECK(field(mixed.describe(), "squares") == view(view_list{}));

    // The same corners all White do end the game.
    kvadratura pure(4);
    play(pure, {"a1", "d4", "b1", "d3", "a2", "c4", "b2"});
    CHECK(pure.current_outcome().winners == std::vector<int>{1});
    CHECK(pure.current_outcome().reason == "White completed a square");
}

TEST_CASE("the full board BWBB/BBWB/WBWB/WWWW has no one-colour square: a draw in both modes") {
    const auto* const rows = "BWBB/BBWB/WBWB/WWWW";
    const std::vector<std::string> white = {"a1", "b1", "c1", "d1", "a2", "c2", "c3", "b4"};
    const std::vector<std::string> black = {"b2", "d2", "a3", "b3", "d3", "a4", "c4", "d4"};
    for (auto mode : {loses, fill}) {
        CAPTURE(kvadratura_mode_name(mode));
        auto full = kvadratura_board(rows, mode);
        CHECK(recount(full, brute_squares(4, false)) == std::array<int, 2>{0, 0});
        const auto result = full.current_outcome();
        CHECK(result.finished());
        CHECK(result.draw());
        CHECK(result.scores == std::vector<int>{0, 0});
        CHECK(result.reason == (mode == loses ? "board full without a one-colour square"
                                              : "board full, 0 squares each"));
        CHECK(result.code == (mode == loses ? "full_no_square" : "full_each"));
        CHECK(full.to_move() == -1);
        CHECK(full.legal().empty());

        // Played out move by move, it stays open until the sixteenth checker.
        kvadratura game(4, mode);
        for (std::size_t i = 0; i < white.size(); ++i) {
            CHECK_FALSE(game.current_outcome().finished());
            play(game, {white[i], black[i]});
        }
        CHECK(game.same_state(full));
    }
}

TEST_CASE("the checkerboard holds four squares of each colour: a draw in fill mode") {
    const auto* const rows = "WBWB/BWBW/WBWB/BWBW";
    auto game = kvadratura_board(rows, fill);
    const auto result = game.current_outcome();
    CHECK(result.draw());
    CHECK(result.scores == std::vector<int>{4, 4});
    CHECK(result.reason == "board full, 4 squares each");
    CHECK(result.code == "full_each");
    CHECK(result.figures == std::vector<figure>{{"squares", 4}});
    CHECK(recount(game, brute_squares(4, false)) == std::array<int, 2>{4, 4});
    // Axis-aligned of side 2, then tilted of side sqrt2; one-step squares are all mixed.
    CHECK(field(game.describe(), "squares") == view(view_list{
                                                   square({"a1", "c1", "c3", "a3"}, 1),
                                                   square({"b1", "d1", "d3", "b3"}, 0),
                                                   square({"a2", "c2", "c4", "a4"}, 0),
                                                   square({"b2", "d2", "d4", "b4"}, 1),
                                                   square({"b1", "c2", "b3", "a2"}, 0),
                                                   square({"c1", "d2", "c3", "b2"}, 1),
                                                   square({"b2", "c3", "b4", "a3"}, 1),
                                                   square({"c2", "d3", "c4", "b3"}, 0),
                                               }));

    // Both colours hold squares, so no first_square_loses game can reach it.
    CHECK_FALSE(kvadratura::from_rows(diagram_rows(rows), loses).ok());
}

TEST_CASE("towards the checkerboard, the first one-colour square loses, while fill mode plays on") {
    const std::vector<std::string> opening = {"b1", "a1", "d1", "c1", "a2", "b2", "d3", "d2", "a4"};

    kvadratura first(4, loses);
    play(first, opening);
    CHECK_FALSE(first.current_outcome().finished());
    play(first, {"c3"});  // Black's c1 d2 c3 b2
    const auto result = first.current_outcome();
    CHECK(result.winners == std::vector<int>{0});
    CHECK(result.scores == std::vector<int>{0, 1});
    CHECK(result.reason == "Black completed a square");
    CHECK(result.code == "completed");
    CHECK(result.figures == std::vector<figure>{{"seat", 1}, {"squares", 1}});
    CHECK(field(first.describe(), "squares") ==
          view(view_list{square({"c1", "d2", "c3", "b2"}, 1)}));
    CHECK_FALSE(first.apply("c2").ok());

    kvadratura filled(4, fill);
    play(filled, opening);
    // Each pair: the move, then the scores it leaves.
    const std::vector<std::pair<std::string, std::vector<int>>> rest = {
        {"c3", {0, 1}}, {"c2", {0, 1}}, {"a3", {0, 2}}, {"b3", {2, 2}},
        {"b4", {2, 3}}, {"c4", {4, 3}}, {"d4", {4, 4}},
    };
    // Named, not bound: clang 14 (clang-tidy) cannot capture a structured binding.
    for (const auto& entry : rest) {
        const auto& move = entry.first;
        const auto& scores = entry.second;
        CAPTURE(move);
        play(filled, {move});
        CHECK(filled.current_outcome().scores == scores);
    }
    CHECK(filled.current_outcome().draw());
    CHECK(filled.same_state(kvadratura_board("WBWB/BWBW/WBWB/BWBW", fill)));
}

TEST_CASE("in fill mode the side with fewer squares wins by the difference") {
    kvadratura small(3, fill);
    play(small, {"a2", "a1", "b2", "b1", "a3", "c2", "b3"});  // White's a2 b2 b3 a3
    CHECK_FALSE(small.current_outcome().finished());
    CHECK(small.current_outcome().scores == std::vector<int>{1, 0});
    play(small, {"c3", "c1"});
    auto result = small.current_outcome();
    CHECK(result.winners == std::vector<int>{1});
    CHECK(result.scores == std::vector<int>{1, 0});
    CHECK(result.reason == "Black wins by 1 square (White 1, Black 0)");

    // White: b2 c2 c3 b3, c2 d2 d3 c3 and tilted c2 d3 c4 b3; Black: the corners a1 d1 d4 a4.
    auto full = kvadratura_board("BBWB/BWWW/BWWW/BWBB", fill);
    result = full.current_outcome();
    CHECK(result.winners == std::vector<int>{1});
    CHECK(result.scores == std::vector<int>{3, 1});
    CHECK(result.reason == "Black wins by 2 squares (White 3, Black 1)");
    CHECK(result.code == "wins_by");
    CHECK(result.figures ==
          std::vector<figure>{{"seat", 1}, {"squares", 2}, {"white", 3}, {"black", 1}});
    CHECK(recount(full, brute_squares(4, false)) == std::array<int, 2>{3, 1});
    CHECK(field(full.describe(), "squares") == view(view_list{
                                                   square({"b2", "c2", "c3", "b3"}, 0),
                                                   square({"c2", "d2", "d3", "c3"}, 0),
                                                   square({"a1", "d1", "d4", "a4"}, 1),
                                                   square({"c2", "d3", "c4", "b3"}, 0),
                                               }));
}

TEST_CASE("the legal list is the empty cells in byte order") {
    kvadratura empty(3);
    CHECK(empty.legal() ==
          std::vector<std::string>{"a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"});
    play(empty, {"b2", "a3"});
    CHECK(empty.legal() == std::vector<std::string>{"a1", "a2", "b1", "b3", "c1", "c2", "c3"});

    kvadratura large(8);
    std::vector<std::string> all;
    for (char file = 'a'; file <= 'h'; ++file)
        for (char rank = '1'; rank <= '8'; ++rank) all.push_back(std::string{file, rank});
    CHECK(large.legal() == all);
}

TEST_CASE("bad tokens and occupied cells are refused and leave the state unchanged") {
    kvadratura game(3);
    play(game, {"a1"});
    for (const char* token : {"", "z99", "A1", "a1 ", " a1", "h7-h8", "p16", "d4", "a4", "a0",
                              "a01", "b", "pass", "roll", "a1"}) {
        CAPTURE(token);
        auto before = game.clone();
        auto refused = game.apply(token);
        CHECK_FALSE(refused.ok());
        CHECK_FALSE(refused.reason().empty());
        CHECK(game.same_state(*before));
    }
    CHECK(game.apply("a1").reason() == "a1 is already occupied by White");
    CHECK(game.apply("d4").reason() == "'d4' is not a cell of the 3x3 board (a1 to c3)");
    CHECK(game.apply("").reason() == "'' is not a cell of the 3x3 board (a1 to c3)");
    CHECK(game.apply("pass").reason() == "'pass' is not allowed: Black has empty cells to play");
    CHECK(game.to_move() == 1);
    CHECK(game.legal().size() == 8);
}

TEST_CASE("bad options are refused with a reason naming the option") {
    const auto& specs = kvadratura_type().options;
    const std::vector<std::pair<options, std::string>> bad = {
        {{{"size", 9}}, "option 'size' must be an integer from 3 to 8, not 9"},
        {{{"size", 2}}, "option 'size' must be an integer from 3 to 8, not 2"},
        {{{"size", "8"}}, "option 'size' must be an integer from 3 to 8, not \"8\""},
        {{{"mode", "foo"}},
         "option 'mode' must be \"first_square_loses\" or \"fill\", not \"foo\""},
        {{{"mode", 1}}, "option 'mode' must be \"first_square_loses\" or \"fill\", not 1"},
        {{{"colour", "green"}}, "unknown option 'colour' (known: size, mode)"},
    };
    // Named, not bound: clang 14 (clang-tidy) cannot capture a structured binding.
    for (const auto& entry : bad) {
        const auto& given = entry.first;
        const auto& reason = entry.second;
        CAPTURE(reason);
        auto checked = check_options(specs, given);
        REQUIRE_FALSE(checked.ok());
        CHECK(checked.reason() == reason);
    }
    CHECK(check_options(specs, {{"size", 3}, {"mode", "fill"}}).ok());
    CHECK(check_options(specs, {{"size", 8}, {"mode", "first_square_loses"}}).ok());
}

TEST_CASE("the game type starts games with every option in force") {
    const auto& type = kvadratura_type();
    CHECK(type.id == "kvadratura");
    CHECK(type.title == "Kvadratura");
    CHECK_FALSE(type.summary.empty());

    auto defaults = type.start({});
    REQUIRE(defaults.ok());
    const auto& game = *defaults.value();
    CHECK(game.id() == "kvadratura");
    CHECK(game.seat_count() == 2);
    CHECK(game.to_move() == 0);
    CHECK(game.legal().size() == 64);
    CHECK(game.settings() == options{{"mode", "first_square_loses"}, {"size", 8}});
    CHECK_FALSE(game.current_outcome().finished());
    CHECK(game.current_outcome().scores == std::vector<int>{0, 0});

    auto chosen = type.start({{"size", 5}, {"mode", "fill"}});
    REQUIRE(chosen.ok());
    CHECK(chosen.value()->settings() == options{{"mode", "fill"}, {"size", 5}});
    CHECK(chosen.value()->legal().size() == 25);
    CHECK(chosen.value()->same_state(kvadratura(5, fill)));
    CHECK_FALSE(chosen.value()->same_state(kvadratura(5, loses)));
    CHECK_FALSE(chosen.value()->same_state(kvadratura(6, fill)));
}

TEST_CASE("describe lists size, occupied cells by name, mode and squares") {
    kvadratura game(4, fill);
    play(game, {"c2", "d4", "b1", "a1", "a3"});
    const view expected = view_fields{
        {"files", 4},
        {"ranks", 4},
        {"cells", view_fields{{"a1", 1}, {"a3", 0}, {"b1", 0}, {"c2", 0}, {"d4", 1}}},
        {"mode", "fill"},
        {"squares", view_list{}},
    };
    CHECK(game.describe() == expected);
}

TEST_CASE("from_rows reads the side to move from the counts and refuses unreachable boards") {
    auto black_to_move = kvadratura_board(".../.W./...", loses);
    CHECK(black_to_move.to_move() == 1);
    CHECK(black_to_move.seat_at(cell{1, 1}) == 0);
    CHECK(black_to_move.seat_at(cell{0, 0}) == -1);

    // White moved last and made a2 b2 b3 a3: the game is over and White lost.
    auto lost = kvadratura_board("WWB/WWB/B..", loses);
    CHECK(lost.current_outcome().winners == std::vector<int>{1});
    CHECK(lost.current_outcome().reason == "White completed a square");

    const std::vector<std::vector<std::string>> unreachable = {
        {"...", "...", "..B"},  // Black ahead
        {"W..", "...", "..W"},  // White two ahead
        {"...", "...", ".."},   // short row
        {"...", "...", "..x"},  // unknown mark
        {"..", ".."},           // too small
        {"WWB", "WWB", "BB."},  // White to move already has a square
    };
    for (const auto& rows : unreachable) {
        CAPTURE(rows.front());
        CHECK_FALSE(kvadratura::from_rows(rows, loses).ok());
    }

    // White moved last but holds two squares with no cell in common: no single move made both.
    const auto* const apart = "B..WW/.B.WW/B.B../WW.B./WWB.B";
    auto counted = kvadratura_board(apart, fill);
    CHECK(recount(counted, brute_squares(5, false)) == std::array<int, 2>{2, 0});
    auto refused = kvadratura::from_rows(diagram_rows(apart), loses);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.reason() == "White's squares share no cell, so one move cannot have made them");
}
