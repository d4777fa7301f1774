// Quadrature (docs/rules.md §1): the game type and its options, both starting positions, refused
// tokens, describe() and from_position. Other topics: quadrature_examples_test (the worked
// examples and markers), quadrature_exchange_test, quadrature_endings_test and
// quadrature_reference_test (random positions against a cell-by-cell model).

#include <doctest/doctest.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "boards.hpp"
#include "quadrature_helpers.hpp"
#include "rules/quadrature.hpp"

using namespace quadra::rules;
using namespace quadra::testing::quadrature_helpers;
using quadra::testing::quadrature_board;

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

TEST_CASE("files_held gives each side's men of a rank as bits, file a first") {
    const auto game = quadrature::from_position({"a1", "c1", "k11"}, {"b1", "e10", "k10"}, 0);
    CHECK(game.files_held(0, 0) == 0b101);
    CHECK(game.files_held(1, 0) == 0b10);
    CHECK(game.files_held(0, 10) == 1 << 10);
    CHECK(game.files_held(1, 9) == (1 << 4 | 1 << 10));
    CHECK(game.files_held(0, 5) == 0);
}

TEST_CASE("from_position refuses what no position can hold") {
    CHECK_THROWS_AS(quadrature::from_position({"l1"}, {"a1"}, 0), std::invalid_argument);
    CHECK_THROWS_AS(quadrature::from_position({"a1"}, {"a1"}, 0), std::invalid_argument);
    CHECK_THROWS_AS(quadrature::from_position({"a1"}, {"a2"}, 2), std::invalid_argument);
    CHECK_THROWS_AS(quadrature::from_position({"a1"}, {"a2"}, 0, 3), std::invalid_argument);
}
