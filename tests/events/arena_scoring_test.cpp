// Arena sheets and standings computed by hand (docs/rules.md §9). Places: 2 players 2/0, 3
// players 4/2/0, 4 players 4/2/1/0, tied places shared; double on fire (after two wins in a row);
// a draw of everyone shorter than 20 plies scores 0; a berserk win of 7 own moves or more +1.

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "events/arena_scoring.hpp"

using namespace quadra::events;

namespace {

constexpr int long_game = 40;  // plies: no short draw
constexpr int own = 20;        // own moves: enough for a berserk bonus

// 2-player games of a normal length.
constexpr arena_game win{.place = 1, .plies = long_game, .own_moves = own};
constexpr arena_game draw{.place = 1, .tied = 2, .plies = long_game, .own_moves = own};
constexpr arena_game loss{.place = 2, .plies = long_game, .own_moves = own};

// A place at a table of `size`, of a normal length.
arena_game at_table(int size, int place, int tied = 1) {
    return {.place = place, .tied = tied, .table_size = size, .plies = long_game, .own_moves = own};
}

std::vector<exact_points> scores(const arena_sheet& sheet) {
    std::vector<exact_points> list;
    for (const arena_scored_game& game : sheet.games) list.push_back(game.score);
    return list;
}

std::vector<bool> doubled(const arena_sheet& sheet) {
    std::vector<bool> list;
    for (const arena_scored_game& game : sheet.games) list.push_back(game.doubled);
    return list;
}

exact_points pts(std::int64_t numerator, std::int64_t denominator = 1) {
    return points_of(numerator, denominator);
}

}  // namespace

TEST_CASE("two players: a win 2, a draw 1, a loss 0, and no fire without two wins in a row") {
    // W L D W L: 2 + 0 + 1 + 2 + 0 = 5.
    const std::vector<arena_game> games{win, loss, draw, win, loss};
    const arena_sheet sheet = score_arena_player(games);
    CHECK(scores(sheet) == std::vector{pts(2), pts(0), pts(1), pts(2), pts(0)});
    CHECK(doubled(sheet) == std::vector<bool>(5, false));
    CHECK(sheet.total == pts(5));
    CHECK_FALSE(sheet.on_fire);
}

TEST_CASE("on fire after two wins in a row: double until a game that is not a win") {
    // W W | W(4) D(2, ends it) | W W | L(0, doubled, ends it) | W W: fire again, for the next.
    // 2 + 2 + 4 + 2 + 2 + 2 + 0 + 2 + 2 = 18.
    const std::vector<arena_game> games{win, win, win, draw, win, win, loss, win, win};
    const arena_sheet sheet = score_arena_player(games);
    CHECK(scores(sheet) ==
          std::vector{pts(2), pts(2), pts(4), pts(2), pts(2), pts(2), pts(0), pts(2), pts(2)});
    CHECK(doubled(sheet) ==
          std::vector<bool>{false, false, true, true, false, false, true, false, false});
    CHECK(sheet.total == pts(18));
    CHECK(sheet.on_fire);
}

TEST_CASE("four players: 4/2/1/0 by place, tied places share the places they cover") {
    CHECK(arena_place_points(1, 1, 4) == pts(4));
    CHECK(arena_place_points(2, 1, 4) == pts(2));
    CHECK(arena_place_points(3, 1, 4) == pts(1));
    CHECK(arena_place_points(4, 1, 4) == pts(0));
    CHECK(arena_place_points(1, 2, 4) == pts(3));     // (4 + 2) / 2
    CHECK(arena_place_points(3, 2, 4) == pts(1, 2));  // (1 + 0) / 2
    CHECK(arena_place_points(1, 3, 4) == pts(7, 3));  // (4 + 2 + 1) / 3: thirds, kept exact
    CHECK(arena_place_points(2, 3, 4) == pts(1));     // (2 + 1 + 0) / 3
    CHECK(arena_place_points(1, 4, 4) == pts(7, 4));  // (4 + 2 + 1 + 0) / 4
}

TEST_CASE("three players: 4/2/0, two points per table-mate beaten, and shared places") {
    CHECK(arena_place_points(1, 1, 3) == pts(4));
    CHECK(arena_place_points(2, 1, 3) == pts(2));
    CHECK(arena_place_points(3, 1, 3) == pts(0));
    CHECK(arena_place_points(1, 2, 3) == pts(3));  // (4 + 2) / 2
    CHECK(arena_place_points(2, 2, 3) == pts(1));  // (2 + 0) / 2
    CHECK(arena_place_points(1, 3, 3) == pts(2));  // (4 + 2 + 0) / 3
    CHECK(arena_place_points(1, 2, 2) == pts(1));  // a 2-player draw is a shared first place
}

TEST_CASE("a place that does not fit its table is refused") {
    CHECK_THROWS_AS(arena_place_points(1, 1, 5), std::invalid_argument);
    CHECK_THROWS_AS(arena_place_points(1, 1, 1), std::invalid_argument);
    CHECK_THROWS_AS(arena_place_points(0, 1, 4), std::invalid_argument);
    CHECK_THROWS_AS(arena_place_points(3, 3, 4), std::invalid_argument);  // places 3 to 5 of 4
    CHECK_THROWS_AS(arena_place_points(1, 0, 2), std::invalid_argument);
    const std::vector<arena_game> games{win, at_table(3, 3, 2)};
    CHECK_THROWS_AS(score_arena_player(games), std::invalid_argument);
}

TEST_CASE("at a table of 3 or 4 a win is first place alone: a shared first ends the streak") {
    // 1st of 4 (4), 1st of 3 (4): on fire. Shared 1st of 4 with one other: (4 + 2) / 2 = 3,
    // doubled 6, and the fire ends. 1st of 4 alone: 4, not doubled. 2nd of 4 alone: 2.
    // 4 + 4 + 6 + 4 + 2 = 20.
    const std::vector<arena_game> games{at_table(4, 1), at_table(3, 1), at_table(4, 1, 2),
                                        at_table(4, 1), at_table(4, 2)};
    const arena_sheet sheet = score_arena_player(games);
    CHECK(scores(sheet) == std::vector{pts(4), pts(4), pts(6), pts(4), pts(2)});
    CHECK(doubled(sheet) == std::vector<bool>{false, false, true, false, false});
    CHECK(sheet.games[2].win == false);
    CHECK(sheet.total == pts(20));
    CHECK_FALSE(sheet.on_fire);
}

TEST_CASE("on fire, every place counts twice, thirds too") {
    // W W on a 2-player board (2 + 2), then three tied for first of 4: 7/3 doubled = 14/3.
    // Total 4 + 14/3 = 26/3.
    const std::vector<arena_game> games{win, win, at_table(4, 1, 3)};
    const arena_sheet sheet = score_arena_player(games);
    CHECK(sheet.games[2].score == pts(14, 3));
    CHECK(sheet.total == pts(26, 3));
    CHECK(to_string(sheet.total) == "8 2/3");
}

TEST_CASE("a draw of everyone shorter than min_plies scores nothing") {
    // A 2-player draw of 19 plies: 0 (flagged); of 20 plies: 1. A 19-ply win still scores 2.
    // Everyone tied at a 4-table after 10 plies: 0; three of four tied first after 10 plies is
    // no draw of everyone: 7/3. 0 + 1 + 2 + 0 + 7/3 = 16/3.
    const std::vector<arena_game> games{
        {.place = 1, .tied = 2, .plies = 19},
        {.place = 1, .tied = 2, .plies = 20},
        {.place = 1, .plies = 19},
        {.place = 1, .tied = 4, .table_size = 4, .plies = 10},
        {.place = 1, .tied = 3, .table_size = 4, .plies = 10},
    };
    const arena_sheet sheet = score_arena_player(games);
    CHECK(scores(sheet) == std::vector{pts(0), pts(1), pts(2), pts(0), pts(7, 3)});
    CHECK(sheet.games[0].short_draw);
    CHECK_FALSE(sheet.games[1].short_draw);
    CHECK_FALSE(sheet.games[2].short_draw);
    CHECK(sheet.games[3].short_draw);
    CHECK_FALSE(sheet.games[4].short_draw);
    CHECK(sheet.total == pts(16, 3));

    // An event that sets its own minimum: 30 plies, so the 20-ply draw scores nothing as well.
    const arena_sheet strict = score_arena_player(games, {.min_plies = 30});
    CHECK(strict.games[1].short_draw);
    CHECK(strict.total == pts(13, 3));
}

TEST_CASE("a berserk win of 7 own moves or more scores one more, never doubled") {
    // Berserk win, 7 own moves: 2 + 1 = 3. Berserk win, 6 own moves: 2 (no bonus). Now on fire:
    // berserk win, 7 moves: 4 + 1 = 5 (the bonus is not doubled). Berserk draw: 2 (doubled, no
    // bonus). Berserk loss: 0. Berserk first of 4 alone: 4 + 1. 3 + 2 + 5 + 2 + 0 + 5 = 17.
    const std::vector<arena_game> games{
        {.place = 1, .plies = 14, .own_moves = 7, .berserk = true},
        {.place = 1, .plies = 12, .own_moves = 6, .berserk = true},
        {.place = 1, .plies = 14, .own_moves = 7, .berserk = true},
        {.place = 1, .tied = 2, .plies = long_game, .own_moves = own, .berserk = true},
        {.place = 2, .plies = long_game, .own_moves = own, .berserk = true},
        {.place = 1, .table_size = 4, .plies = long_game, .own_moves = 10, .berserk = true},
    };
    const arena_sheet sheet = score_arena_player(games);
    CHECK(scores(sheet) == std::vector{pts(3), pts(2), pts(5), pts(2), pts(0), pts(5)});
    std::vector<bool> bonus;
    for (const arena_scored_game& game : sheet.games) bonus.push_back(game.berserk_bonus);
    CHECK(bonus == std::vector<bool>{true, false, true, false, false, true});
    CHECK(doubled(sheet) == std::vector<bool>{false, false, true, true, false, false});
    CHECK(sheet.total == pts(17));
}

TEST_CASE("standings: total, then fewer games, then id; equal keys share a rank") {
    // ann: W W W = 2 + 2 + 4 = 8 in 3 games. bob: W L W L W W W = 2+0+2+0+2+2+4 = 12 in 7.
    // cid: 4-table firsts 4 + 4, then 2nd doubled 4 = 12 in 3. dan: W W W, like ann: 8 in 3.
    // eve: nothing. cid (12 in 3) before bob (12 in 7); ann and dan share 3rd, in id order.
    const std::vector<arena_entry> players{
        {.id = "eve"},
        {.id = "dan", .games = {win, win, win}},
        {.id = "bob", .games = {win, loss, win, loss, win, win, win}},
        {.id = "cid", .games = {at_table(4, 1), at_table(4, 1), at_table(4, 2)}},
        {.id = "ann", .games = {win, win, win}},
    };
    const std::vector<arena_standing> standings = arena_standings(players);
    REQUIRE(standings.size() == 5);
    const std::vector<std::string> ids{"cid", "bob", "ann", "dan", "eve"};
    const std::vector<int> ranks{1, 2, 3, 3, 5};
    const std::vector<exact_points> totals{pts(12), pts(12), pts(8), pts(8), pts(0)};
    for (std::size_t i = 0; i < standings.size(); ++i) {
        CHECK(standings[i].id == ids[i]);
        CHECK(standings[i].rank == ranks[i]);
        CHECK(standings[i].sheet.total == totals[i]);
    }
    CHECK(standings[1].sheet.on_fire);        // bob: three wins in a row at the end
    CHECK_FALSE(standings[0].sheet.on_fire);  // cid: the 2nd place ended it

    const std::vector<arena_entry> twice{{.id = "ann"}, {.id = "ann"}};
    CHECK_THROWS_AS(arena_standings(twice), std::invalid_argument);
}

TEST_CASE("the worked example of docs/rules.md") {
    // Win 2; berserk win after 9 own moves 2 + 1 = 3 (on fire); first alone of 4, doubled 8;
    // shared first of 4, (4 + 2) / 2 doubled 6, ends the fire; a draw of 12 plies 0; a win 2.
    // 2 + 3 + 8 + 6 + 0 + 2 = 21, not on fire.
    const std::vector<arena_game> games{
        win,
        {.place = 1, .plies = 18, .own_moves = 9, .berserk = true},
        at_table(4, 1),
        at_table(4, 1, 2),
        {.place = 1, .tied = 2, .plies = 12, .own_moves = 6},
        win,
    };
    const arena_sheet sheet = score_arena_player(games);
    CHECK(scores(sheet) == std::vector{pts(2), pts(3), pts(8), pts(6), pts(0), pts(2)});
    CHECK(sheet.games[1].berserk_bonus);
    CHECK(sheet.games[4].short_draw);
    CHECK_FALSE(sheet.games[4].doubled);
    CHECK(sheet.total == pts(21));
    CHECK_FALSE(sheet.on_fire);
}
