// Quadrature (RULES.md §1): the worked examples, the exchange cascade, markers, endings, bad
// input, and a cell-by-cell reference model that the bitmask implementation must agree with.

#include "rules/quadrature.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <random>
#include <string>
#include <vector>

#include "boards.hpp"

using namespace quadra::rules;
using quadra::testing::quadrature_board;

namespace {

using strings = std::vector<std::string>;

const view& field(const view& described, const std::string& name) {
    for (const auto& [key, value] : std::get<view_fields>(described.value))
        if (key == name) return value;
    FAIL("no field " << name);
    throw;
}

// The cells of `seat`'s men in board order, read from describe().
strings men_of(const quadrature& game, int seat) {
    const auto described = game.describe();
    strings out;
    for (const auto& [name, value] : std::get<view_fields>(field(described, "cells").value))
        if (std::get<std::int64_t>(value.value) == seat) out.push_back(name);
    return out;
}

strings exchanged(const quadrature& game) {
    const auto described = game.describe();
    strings out;
    for (const auto& item : std::get<view_list>(field(described, "exchanged").value))
        out.push_back(std::get<std::string>(item.value));
    return out;
}

bool is_legal(const quadrature& game, const std::string& token) {
    const auto legal = game.legal();
    return std::find(legal.begin(), legal.end(), token) != legal.end();
}

void play(quadrature& game, const std::string& token) {
    CAPTURE(token);
    REQUIRE(is_legal(game, token));
    const auto applied = game.apply(token);
    REQUIRE_MESSAGE(applied.ok(), applied.reason());
}

// A token the rules must refuse: absent from legal(), refused with `reason`, state unchanged.
void check_refused(quadrature& game, const std::string& token, const std::string& reason) {
    CAPTURE(token);
    CHECK_FALSE(is_legal(game, token));
    const auto before = game.clone();
    const auto applied = game.apply(token);
    REQUIRE_FALSE(applied.ok());
    CHECK(applied.reason() == reason);
    CHECK(game.same_state(*before));
}

void check_ongoing(const quadrature& game, int to_move) {
    CHECK_FALSE(game.current_outcome().finished());
    CHECK(game.to_move() == to_move);
}

void check_won(const quadrature& game, int winner, const std::string& reason) {
    const auto result = game.current_outcome();
    CHECK(result.finished());
    CHECK(result.winners == std::vector<int>{winner});
    CHECK(result.reason == reason);
    CHECK(result.scores == std::vector<int>{game.men(0), game.men(1)});
    CHECK(game.to_move() == -1);
    CHECK(game.legal().empty());
}

void check_drawn(const quadrature& game, const std::string& reason) {
    const auto result = game.current_outcome();
    CHECK(result.draw());
    CHECK(result.reason == reason);
    CHECK(game.to_move() == -1);
    CHECK(game.legal().empty());
}

}  // namespace

TEST_CASE("the game type offers setup men18 (default) or steere9") {
    const auto& type = quadrature_type();
    CHECK(type.id == "quadrature");
    CHECK(type.title == "Quadrature");
    REQUIRE(type.options.size() == 1);
    CHECK(type.options[0].name == "setup");
    CHECK(type.options[0].fallback == option_value{std::string("men18")});
    CHECK(type.options[0].words == strings{"men18", "steere9"});

    auto made = type.start({});
    REQUIRE(made.ok());
    CHECK(made.value()->settings() == options{{"setup", "men18"}});
    CHECK(made.value()->legal().size() == 33);

    auto steere = type.start({{"setup", "steere9"}});
    REQUIRE(steere.ok());
    CHECK(steere.value()->settings() == options{{"setup", "steere9"}});
    CHECK(steere.value()->legal().size() == 29);
}

TEST_CASE("a bad setup word or an unknown option is refused by check_options") {
    const auto& specs = quadrature_type().options;
    const auto bad_word = check_options(specs, {{"setup", "foo"}});
    REQUIRE_FALSE(bad_word.ok());
    CHECK(bad_word.reason() == "option 'setup' must be \"men18\" or \"steere9\", not \"foo\"");

    const auto number = check_options(specs, {{"setup", 18}});
    REQUIRE_FALSE(number.ok());
    CHECK(number.reason() == "option 'setup' must be \"men18\" or \"steere9\", not 18");

    const auto unknown = check_options(specs, {{"size", 11}});
    REQUIRE_FALSE(unknown.ok());
    CHECK(unknown.reason() == "unknown option 'size' (known: setup)");

    CHECK(check_options(specs, {{"setup", "steere9"}}).ok());
}

// Black's men on b2-j2 and b3-j3, White's mirrored on ranks 9 and 10. Rank 4 is empty and no
// White man stands below rank 9, so no destination completes a White rectangle. Each of the nine
// rank-3 men steps forward and diagonally forward (files a..k all exist): 27. Sideways only the
// end men: b3-a3, j3-k3, b2-a2, j2-k2: 4. Rank-2 men are blocked forward by rank 3; their only
// empty diagonals are a3 (from b2) and k3 (from j2): 2. Total 33.
TEST_CASE("the men18 start has exactly 33 Black moves, and White mirrors them") {
    quadrature game;
    check_ongoing(game, 0);
    CHECK(men_of(game, 0) == strings{"b2", "c2", "d2", "e2", "f2", "g2", "h2", "i2", "j2", "b3",
                                     "c3", "d3", "e3", "f3", "g3", "h3", "i3", "j3"});
    CHECK(men_of(game, 1) == strings{"b9", "c9", "d9", "e9", "f9", "g9", "h9", "i9", "j9", "b10",
                                     "c10", "d10", "e10", "f10", "g10", "h10", "i10", "j10"});
    strings expected = {"b2-a2", "b2-a3", "j2-k2", "j2-k3", "b3-a3", "j3-k3"};
    for (char file = 'b'; file <= 'j'; ++file)
        for (int shift = -1; shift <= 1; ++shift)
            expected.push_back(std::string{file} + "3-" + static_cast<char>(file + shift) + "4");
    std::sort(expected.begin(), expected.end());
    CHECK(game.legal() == expected);

    // White's men move toward rank 1; after a Black move far from them White has 33 as well.
    play(game, "e3-e4");
    check_ongoing(game, 1);
    const auto white = game.legal();
    CHECK(white.size() == 33);
    CHECK(is_legal(game, "b9-a8"));
    CHECK(is_legal(game, "j10-k9"));
    CHECK(is_legal(game, "e9-e8"));
    CHECK_FALSE(is_legal(game, "e9-e10"));
    CHECK(std::is_sorted(white.begin(), white.end()));
}

// Black's nine men b3-j3 have nothing ahead or behind to block them: 27 forward and diagonal
// steps, plus the two sideways steps b3-a3 and j3-k3. Total 29.
TEST_CASE("the steere9 start has exactly 29 Black moves") {
    quadrature game(quadrature_setup::steere9);
    CHECK(men_of(game, 0) == strings{"b3", "c3", "d3", "e3", "f3", "g3", "h3", "i3", "j3"});
    CHECK(men_of(game, 1) == strings{"b9", "c9", "d9", "e9", "f9", "g9", "h9", "i9", "j9"});
    CHECK(game.settings() == options{{"setup", "steere9"}});
    strings expected = {"b3-a3", "j3-k3"};
    for (char file = 'b'; file <= 'j'; ++file)
        for (int shift = -1; shift <= 1; ++shift)
            expected.push_back(std::string{file} + "3-" + static_cast<char>(file + shift) + "4");
    std::sort(expected.begin(), expected.end());
    CHECK(game.legal() == expected);
    CHECK(game.current_outcome().scores == std::vector<int>{9, 9});
}

TEST_CASE("malformed, foreign and impossible tokens are refused and change nothing") {
    quadrature game;
    check_refused(game, "e3-e5",
                  "a man steps to a neighbouring cell forward, diagonally forward or sideways");
    check_refused(game, "e3-e3",
                  "a man steps to a neighbouring cell forward, diagonally forward or sideways");
    check_refused(game, "e3-d2", "men never move backward");
    check_refused(game, "e9-e8", "e9 holds a White man and Black is to move");
    check_refused(game, "e4-e5", "there is no man on e4");
    check_refused(game, "e2-e3", "e3 is occupied");
    const std::string not_a_move =
        "' is not a move: expected from-to cells like \"e3-e4\", or \"pass\"";
    check_refused(game, "e3e4", "'e3e4" + not_a_move);
    check_refused(game, "", "'" + not_a_move);
    check_refused(game, "a1 ", "'a1 " + not_a_move);
    check_refused(game, "A1-A2", "'A1' is not a cell of a1-k11");
    check_refused(game, "l1-l2", "'l1' is not a cell of a1-k11");
    check_refused(game, "e3-e4 ", "'e4 ' is not a cell of a1-k11");
    check_refused(game, "e3-e4-e5", "'e4-e5' is not a cell of a1-k11");
    check_refused(game, "pass", "pass is only allowed when Black has no move");
    check_ongoing(game, 0);

    // White is refused Black's men in turn.
    play(game, "e3-e4");
    check_refused(game, "e4-e5", "e4 holds a Black man and White is to move");
    check_refused(game, "e9-e10", "men never move backward");
}

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
    check_won(game, 0, "Black reduced White to 2 men");
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
    check_won(game, 0, "Black filled its goal e11 f11 g11");

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
    check_won(game, 0, "Black filled its goal e11 f11 g11");
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
    check_won(goal, 1, "White filled its goal e1 f1 g1");

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
    check_won(men, 1, "White reduced Black to 2 men");
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
    check_drawn(game, "neither side can move");
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
    check_drawn(stuck, "neither side can move");
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
    check_drawn(game, "the same position occurred a third time");
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
    check_drawn(game, "the same position occurred a third time");
}

TEST_CASE("describe lists cells, markers, goals, men and the exchanged cells") {
    auto game = quadrature_board(0, {1, 0}, R"(
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
    const view expected = view_fields{
        {"files", 11},
        {"ranks", 11},
        {"cells",
         view_fields{
             {"b8", 0}, {"e8", 0}, {"b10", 0}, {"e10", 0}, {"a11", 1}, {"j11", 1}, {"k11", 1}}},
        {"markers", view_list{0, 0}},
        {"goals", view_list{view_list{"e11", "f11", "g11"}, view_list{"e1", "f1", "g1"}}},
        {"men", view_list{4, 3}},
        {"exchanged", view_list{"b10"}},
    };
    CHECK(game.describe() == expected);

    play(game, "a11-b11");
    const auto described = game.describe();
    CHECK(field(described, "markers") == view(view_list{0, 1}));
    CHECK(field(described, "exchanged") == view(view_list{}));
}

TEST_CASE("from_position refuses what no position can hold") {
    CHECK_THROWS_AS(quadrature::from_position({"l1"}, {"a1"}, 0), std::invalid_argument);
    CHECK_THROWS_AS(quadrature::from_position({"a1"}, {"a1"}, 0), std::invalid_argument);
    CHECK_THROWS_AS(quadrature::from_position({"a1"}, {"a2"}, 2), std::invalid_argument);
    CHECK_THROWS_AS(quadrature::from_position({"a1"}, {"a2"}, 0, 3), std::invalid_argument);
}

namespace {

// A plain cell-by-cell model of RULES.md §1, written without the bitmask tricks.
struct reference {
    std::array<std::array<int, 11>, 11> board{};  // [file][rank]: -1 empty, else the seat
    std::array<int, 2> markers{};
    int side = 0;

    static reference of(const quadrature& game) {
        reference r;
        for (auto& file : r.board) file.fill(-1);
        for (int f = 0; f < 11; ++f)
            for (int k = 0; k < 11; ++k) r.board[f][k] = game.seat_at(cell{f, k});
        r.markers = {game.marker(0), game.marker(1)};
        r.side = game.to_move();
        return r;
    }

    // Whether (f, k) and three men of `seat` on the other corners form a rectangle, with at
    // least one of those three in `active` (every man counts when `active` is null).
    bool squared(int f, int k, int seat, const std::vector<cell>* active) const {
        for (int f2 = 0; f2 < 11; ++f2) {
            for (int k2 = 0; k2 < 11; ++k2) {
                if (f2 == f || k2 == k) continue;
                const std::array<cell, 3> corners = {cell{f2, k}, cell{f, k2}, cell{f2, k2}};
                bool all = true, touches = active == nullptr;
                for (const auto& c : corners) {
                    all = all && board[c.file][c.rank] == seat;
                    if (active && std::find(active->begin(), active->end(), c) != active->end())
                        touches = true;
                }
                if (all && touches) return true;
            }
        }
        return false;
    }

    // Steps, then exchanges until nothing changes; returns the exchanged cells in board order.
    std::vector<cell> step(cell from, cell to) {
        board[from.file][from.rank] = -1;
        board[to.file][to.rank] = side;
        std::vector<cell> active = {to}, taken;
        for (bool changed = true; changed;) {
            changed = false;
            for (int k = 0; k < 11; ++k) {
                for (int f = 0; f < 11; ++f) {
                    if (board[f][k] == 1 - side && squared(f, k, side, &active)) {
                        board[f][k] = side;
                        active.push_back(cell{f, k});
                        taken.push_back(cell{f, k});
                        changed = true;
                    }
                }
            }
        }
        std::sort(taken.begin(), taken.end(), [](cell a, cell b) {
            return a.rank != b.rank ? a.rank < b.rank : a.file < b.file;
        });
        return taken;
    }

    strings legal() const {
        strings out;
        for (int f = 0; f < 11; ++f) {
            for (int k = 0; k < 11; ++k) {
                if (board[f][k] != side) continue;
                for (int df = -1; df <= 1; ++df) {
                    for (int dk : {0, side == 0 ? 1 : -1}) {
                        const cell to{f + df, k + dk};
                        if ((df == 0 && dk == 0) || to.file < 0 || to.file > 10 || to.rank < 0 ||
                            to.rank > 10 || board[to.file][to.rank] != -1)
                            continue;
                        reference after = *this;
                        after.board[f][k] = -1;
                        if (after.squared(to.file, to.rank, 1 - side, nullptr)) continue;
                        if (dk == 0 && markers[side] == 2 && after.step({f, k}, to).empty())
                            continue;
                        out.push_back(cell_name(f, k) + "-" + cell_name(to));
                    }
                }
            }
        }
        std::sort(out.begin(), out.end());
        if (out.empty()) out.push_back("pass");
        return out;
    }
};

}  // namespace

TEST_CASE("random games agree with a cell-by-cell reference model of the rules") {
    int finished_by_men = 0, finished_by_goal = 0, plies = 0;
    for (auto setup : {quadrature_setup::men18, quadrature_setup::steere9}) {
        for (std::uint64_t seed = 1; seed <= 6; ++seed) {
            CAPTURE(seed);
            quadrature game(setup);
            std::mt19937_64 rng(seed);
            while (!game.current_outcome().finished()) {
                auto model = reference::of(game);
                const auto legal = game.legal();
                REQUIRE(legal == model.legal());
                const auto& token = legal[rng() % legal.size()];
                CAPTURE(token);
                REQUIRE(game.apply(token).ok());
                ++plies;
                if (token == "pass") continue;
                const auto from = parse_cell(token.substr(0, token.find('-')), 11, 11).value();
                const auto to = parse_cell(token.substr(token.find('-') + 1), 11, 11).value();
                const int mover = model.side;
                const auto taken = model.step(from, to);
                strings taken_names;
                for (const auto& c : taken) taken_names.push_back(cell_name(c));
                CHECK(exchanged(game) == taken_names);
                for (int f = 0; f < 11; ++f)
                    for (int k = 0; k < 11; ++k)
                        REQUIRE(game.seat_at(cell{f, k}) == model.board[f][k]);
                const int expected_marker =
                    from.rank == to.rank && taken.empty() ? model.markers[mover] + 1 : 0;
                CHECK(game.marker(mover) == expected_marker);

                int opponent_men = 0;
                for (const auto& file : model.board)
                    opponent_men +=
                        static_cast<int>(std::count(file.begin(), file.end(), 1 - mover));
                const int goal = mover == 0 ? 10 : 0;
                const bool goal_full = model.board[4][goal] == mover &&
                                       model.board[5][goal] == mover &&
                                       model.board[6][goal] == mover;
                const auto result = game.current_outcome();
                if (opponent_men <= 2 || goal_full) {
                    REQUIRE(result.winners == std::vector<int>{mover});
                    (opponent_men <= 2 ? finished_by_men : finished_by_goal)++;
                } else {
                    CHECK(result.winners.empty());
                }
            }
        }
    }
    // The random games exercise both ways to win.
    CHECK(finished_by_men > 0);
    CHECK(finished_by_goal > 0);
    CHECK(plies > 1000);
}

// Random crowded positions reach rectangles, cascades, blocked cells and marker-2 sideways moves
// far more often than games from the start.
TEST_CASE("every move of random crowded positions agrees with the reference model") {
    std::mt19937_64 rng(2026);
    int cascades = 0, blocked = 0, marker_refusals = 0;
    for (int trial = 0; trial < 100; ++trial) {
        CAPTURE(trial);
        strings black, white;
        for (int f = 0; f < 11; ++f) {
            for (int k = 0; k < 11; ++k) {
                const auto roll = rng() % 100;
                if (roll < 22)
                    black.push_back(cell_name(f, k));
                else if (roll < 44)
                    white.push_back(cell_name(f, k));
            }
        }
        const int side = static_cast<int>(rng() % 2);
        const auto game = quadrature::from_position(black, white, side, static_cast<int>(rng() % 3),
                                                    static_cast<int>(rng() % 3));
        if (game.current_outcome().finished()) continue;
        const auto model = reference::of(game);
        const auto legal = game.legal();
        REQUIRE(legal == model.legal());

        // Every step onto an empty cell that is missing from legal() is refused.
        for (const auto& name : side == 0 ? black : white) {
            const auto from = parse_cell(name, 11, 11).value();
            for (int df = -1; df <= 1; ++df) {
                for (int dk : {0, side == 0 ? 1 : -1}) {
                    const cell to{from.file + df, from.rank + dk};
                    if ((df == 0 && dk == 0) || to.file < 0 || to.file > 10 || to.rank < 0 ||
                        to.rank > 10 || game.seat_at(to) >= 0)
                        continue;
                    const auto token = name + "-" + cell_name(to);
                    if (is_legal(game, token)) continue;
                    auto copy = game;
                    const auto refused = copy.apply(token);
                    REQUIRE_FALSE(refused.ok());
                    CHECK(copy == game);
                    (refused.reason().find("marker") != std::string::npos ? marker_refusals
                                                                          : blocked)++;
                }
            }
        }

        for (const auto& token : legal) {
            if (token == "pass") continue;
            CAPTURE(token);
            auto after = game;
            REQUIRE(after.apply(token).ok());
            auto expected = model;
            const auto from = parse_cell(token.substr(0, token.find('-')), 11, 11).value();
            const auto to = parse_cell(token.substr(token.find('-') + 1), 11, 11).value();
            const auto taken = expected.step(from, to);
            strings taken_names;
            for (const auto& c : taken) taken_names.push_back(cell_name(c));
            CHECK(exchanged(after) == taken_names);
            cascades += taken.size() > 1;
            for (int f = 0; f < 11; ++f)
                for (int k = 0; k < 11; ++k)
                    REQUIRE(after.seat_at(cell{f, k}) == expected.board[f][k]);
            CHECK(after.marker(side) ==
                  (from.rank == to.rank && taken.empty() ? model.markers[side] + 1 : 0));
            CHECK(after.marker(1 - side) == model.markers[1 - side]);
            int opponent_men = 0;
            for (const auto& file : expected.board)
                opponent_men += static_cast<int>(std::count(file.begin(), file.end(), 1 - side));
            const int goal = side == 0 ? 10 : 0;
            const bool goal_full = expected.board[4][goal] == side &&
                                   expected.board[5][goal] == side &&
                                   expected.board[6][goal] == side;
            const auto result = after.current_outcome();
            if (opponent_men <= 2 || goal_full)
                CHECK(result.winners == std::vector<int>{side});
            else
                CHECK(result.winners.empty());
        }
    }
    CHECK(cascades > 500);
    CHECK(blocked > 500);
    CHECK(marker_refusals > 20);
}
