// Kvadratura (RULES.md §4): square geometry, both modes, worked examples, refusals and options.

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <set>

#include "boards.hpp"
#include "rules/kvadratura.hpp"

using namespace quadra::rules;
using quadra::testing::diagram_rows;
using quadra::testing::kvadratura_board;

namespace {

constexpr auto loses = kvadratura_mode::first_square_loses;
constexpr auto fill = kvadratura_mode::fill;

void play(kvadratura& game, const std::vector<std::string>& moves) {
    for (const auto& move : moves) {
        CAPTURE(move);
        auto applied = game.apply(move);
        REQUIRE_MESSAGE(applied.ok(), applied.reason());
    }
}

const view& field(const view& fields, const std::string& name) {
    for (const auto& [key, value] : std::get<view_fields>(fields.value))
        if (key == name) return value;
    static const view none;
    FAIL("no field " << name);
    return none;
}

view square(std::vector<std::string> corners, int seat) {
    return view_fields{{"cells", to_view_list(corners)}, {"seat", seat}};
}

using corner_set = std::set<std::pair<int, int>>;

// Squares found independently of the rules: every ordered pair of cells (p, q) spans the square
// on its left, p, q, q + w, p + w with w = (q - p) turned a quarter counter-clockwise; each
// square is found once per side, so four times.
std::set<corner_set> brute_squares(int n, bool axis_aligned_only) {
    std::set<corner_set> found;
    int raw = 0;
    const auto on_board = [n](int f, int r) { return f >= 0 && f < n && r >= 0 && r < n; };
    for (int pf = 0; pf < n; ++pf)
        for (int pr = 0; pr < n; ++pr)
            for (int qf = 0; qf < n; ++qf)
                for (int qr = 0; qr < n; ++qr) {
                    const int vf = qf - pf, vr = qr - pr;
                    if (vf == 0 && vr == 0) continue;
                    if (axis_aligned_only && vf != 0 && vr != 0) continue;
                    if (!on_board(qf - vr, qr + vf) || !on_board(pf - vr, pr + vf)) continue;
                    ++raw;
                    found.insert(
                        corner_set{{pf, pr}, {qf, qr}, {qf - vr, qr + vf}, {pf - vr, pr + vf}});
                }
    CHECK(raw == 4 * static_cast<int>(found.size()));
    return found;
}

// One-colour squares of each seat, recounted from the board with the brute-force geometry.
std::array<int, 2> recount(const kvadratura& game, const std::set<corner_set>& squares) {
    std::array<int, 2> counts{};
    for (const auto& corners : squares) {
        std::set<int> seats;
        for (auto [f, r] : corners) seats.insert(game.seat_at(cell{f, r}));
        if (seats.size() == 1 && *seats.begin() >= 0) ++counts[*seats.begin()];
    }
    return counts;
}

}  // namespace

TEST_CASE("an n x n board holds n^2(n^2-1)/12 squares, of which the axis-aligned are fewer") {
    const int all[] = {6, 20, 50, 105, 196, 336};
    const int axis[] = {5, 14, 30, 55, 91, 140};
    for (int n = 3; n <= 8; ++n) {
        CAPTURE(n);
        const auto listed = kvadratura::squares_on(n);
        CHECK(static_cast<int>(listed.size()) == all[n - 3]);
        CHECK(n * n * (n * n - 1) / 12 == all[n - 3]);
        CHECK(static_cast<int>(brute_squares(n, false).size()) == all[n - 3]);
        CHECK(static_cast<int>(brute_squares(n, true).size()) == axis[n - 3]);

        std::set<corner_set> distinct;
        int aligned = 0;
        for (const auto& c : listed) {
            // Counter-clockwise: each side is the previous one turned a quarter to the left.
            const int vf = c[1].file - c[0].file, vr = c[1].rank - c[0].rank;
            CHECK((vf >= 1 && vr >= 0));
            CHECK(c[2] == cell{c[1].file - vr, c[1].rank + vf});
            CHECK(c[3] == cell{c[0].file - vr, c[0].rank + vf});
            for (const auto& corner : c) {
                CHECK((corner.file >= 0 && corner.file < n));
                CHECK((corner.rank >= 0 && corner.rank < n));
            }
            if (vr == 0) ++aligned;
            distinct.insert(corner_set{{c[0].file, c[0].rank},
                                       {c[1].file, c[1].rank},
                                       {c[2].file, c[2].rank},
                                       {c[3].file, c[3].rank}});
        }
        CHECK(aligned == axis[n - 3]);
        CHECK(distinct == brute_squares(n, false));
    }
}

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
    for (const auto& [move, scores] : rest) {
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
    for (const auto& [given, reason] : bad) {
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

TEST_CASE("describe lists size, occupied cells in board order, mode and squares") {
    kvadratura game(4, fill);
    play(game, {"c2", "d4", "b1", "a1"});
    const view expected = view_fields{
        {"files", 4},
        {"ranks", 4},
        {"cells", view_fields{{"a1", 1}, {"b1", 0}, {"c2", 0}, {"d4", 1}}},
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

TEST_CASE("square counts kept move by move match a full recount in random games") {
    for (int n = 3; n <= 8; ++n) {
        const auto squares = brute_squares(n, false);
        for (auto mode : {loses, fill}) {
            for (std::uint64_t seed = 1; seed <= 4; ++seed) {
                CAPTURE(n);
                CAPTURE(seed);
                std::mt19937_64 rng(seed);
                kvadratura game(n, mode);
                int placed = 0;
                while (!game.current_outcome().finished()) {
                    const auto legal = game.legal();
                    REQUIRE(static_cast<int>(legal.size()) == n * n - placed);
                    const int mover = game.to_move();
                    play(game, {legal[rng() % legal.size()]});
                    ++placed;
                    const auto counts = recount(game, squares);
                    const auto result = game.current_outcome();
                    CHECK(result.scores == std::vector<int>{counts[0], counts[1]});
                    const view shown = game.describe();
                    const auto& listed = std::get<view_list>(field(shown, "squares").value);
                    CHECK(static_cast<int>(listed.size()) == counts[0] + counts[1]);
                    if (mode == loses && counts[mover] > 0) {
                        CHECK(result.winners == std::vector<int>{1 - mover});
                    } else {
                        CHECK(result.finished() == (placed == n * n));
                    }
                }
            }
        }
    }
}

TEST_CASE("on 7x7 and 8x8 a first_square_loses game never ends in a draw") {
    for (int n : {7, 8}) {
        for (std::uint64_t seed = 1; seed <= 20; ++seed) {
            std::mt19937_64 rng(seed);
            kvadratura game(n);
            while (!game.current_outcome().finished()) {
                const auto legal = game.legal();
                play(game, {legal[rng() % legal.size()]});
            }
            CHECK_FALSE(game.current_outcome().draw());
        }
    }
}
