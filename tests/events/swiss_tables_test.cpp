// Four-player Swiss rounds small enough to seat by hand (docs/rules.md §9, "Swiss with tables of
// four"): each case names the tables, their seating and the organiser's explanation. Scores are
// in twelfths of a point (12 a point).

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "events/swiss_tables.hpp"

using namespace quadra::events;

namespace {

table_player player(std::string id, int rank, int twelfths, std::vector<int> seats = {},
                    std::vector<table_mate> met = {}) {
    return {.id = std::move(id),
            .twelfths = twelfths,
            .rank = rank,
            .rating = 1500,
            .met = std::move(met),
            .seats = std::move(seats)};
}

std::vector<table_player> numbered(int count, int twelfths = 0) {
    std::vector<table_player> players;
    for (int i = 1; i <= count; ++i)
        players.push_back(player("p" + std::to_string(i), i, twelfths));
    return players;
}

std::vector<std::vector<std::string>> seats_of(const swiss_tables_round& round) {
    std::vector<std::vector<std::string>> tables;
    for (const swiss_table& table : round.tables) tables.push_back(table.seats);
    return tables;
}

using tables = std::vector<std::vector<std::string>>;

}  // namespace

TEST_CASE("table sizes: all 4, else the fewest tables of 3 instead of byes") {
    CHECK(table_sizes(0).empty());
    CHECK(table_sizes(1).empty());  // the one player has the bye
    CHECK(table_sizes(2) == std::vector<int>{2});
    CHECK(table_sizes(3) == std::vector<int>{3});
    CHECK(table_sizes(4) == std::vector<int>{4});
    CHECK(table_sizes(5) == std::vector<int>{4});  // and a bye
    CHECK(table_sizes(6) == std::vector<int>{3, 3});
    CHECK(table_sizes(7) == std::vector<int>{4, 3});
    CHECK(table_sizes(8) == std::vector<int>{4, 4});
    CHECK(table_sizes(9) == std::vector<int>{3, 3, 3});
    CHECK(table_sizes(10) == std::vector<int>{4, 3, 3});
    CHECK(table_sizes(11) == std::vector<int>{4, 4, 3});
    CHECK(table_sizes(13) == std::vector<int>{4, 3, 3, 3});
    CHECK(table_sizes(301).size() == 76);  // 73 · 4 + 3 · 3
}

TEST_CASE("round 1 of 8: tables in pairing order, seats in pairing order") {
    const swiss_tables_round round = seat_swiss_tables(numbered(8));
    CHECK(seats_of(round) == tables{{"p1", "p2", "p3", "p4"}, {"p5", "p6", "p7", "p8"}});
    CHECK(round.tables[0].why ==
          "t1: p1, p2, p3, p4 — same score group (0); first games: seats in pairing order");
    CHECK(round.tables[1].number == 2);
    CHECK(round.cost == tables_cost{});
    CHECK_FALSE(round.bye);
}

TEST_CASE("8 players: the score fill repeats a table-mate, the search splits them") {
    // p1 1 1/3 (16), p2-p4 1 (12), p5 2/3 (8), p6-p8 0. p1 and p2 met before. The fill
    // {p1 p2 p3 p4} {p5 p6 p7 p8} repeats them (cost 1²). Without the repeat, one of p1, p2 goes
    // down and someone comes up; the closest:
    //   {p1 p3 p4 p5} gaps 4 4 8 0 4 4 → 16+16+64+0+16+16 = 128, {p2 p6 p7 p8} 12 12 12 → 432: 560
    //   {p2 p3 p4 p5} 4 4 4 → 48, {p1 p6 p7 p8} 16 16 16 → 768: 816
    //   {p1 p3 p4 p6} 4 4 16 0 12 12 → 576, {p2 p5 p7 p8} 4 12 12 8 8 0 → 432: 1008
    std::vector<table_player> players{player("p1", 1, 16, {}, {{"p2", 1}}),
                                      player("p2", 2, 12, {}, {{"p1", 1}}),
                                      player("p3", 3, 12),
                                      player("p4", 4, 12),
                                      player("p5", 5, 8),
                                      player("p6", 6, 0),
                                      player("p7", 7, 0),
                                      player("p8", 8, 0)};
    const swiss_tables_round round = seat_swiss_tables(players);
    CHECK(seats_of(round) == tables{{"p1", "p3", "p4", "p5"}, {"p2", "p6", "p7", "p8"}});
    CHECK(round.cost == tables_cost{.repeats = 0, .spread = 560});
    CHECK(round.tables[0].why ==
          "t1: p1, p3, p4, p5 — scores p1 1 1/3; p3, p4 1; p5 2/3; first games: seats in pairing "
          "order");
}

TEST_CASE("a repeat only when every arrangement has one, and the organiser is told") {
    // Four players, all of whom met: one table, every pair repeats once: 6 · 1².
    // p1 and p2 met twice (p1 says 2, p2 says 1: the larger count holds). Each had one game,
    // at seat rank − 1.
    std::vector<table_player> players;
    for (int i = 1; i <= 4; ++i) players.push_back(player("p" + std::to_string(i), i, 0, {i - 1}));
    players[0].met = {{"p2", 2}, {"p3", 1}, {"p4", 1}};
    players[1].met = {{"p1", 1}, {"p3", 1}, {"p4", 1}};
    players[2].met = {{"p1", 1}, {"p2", 1}, {"p4", 1}};
    players[3].met = {{"p1", 1}, {"p2", 1}, {"p3", 1}};
    const swiss_tables_round round = seat_swiss_tables(players);
    // Repeats: p1-p2 2² + five pairs 1² = 9. Seats: each had one game at seat i − 1, so each sits
    // at a seat they never had at no cost; in pairing order the first such order is p2 (seat 0,
    // had 1), p1 (seat 1, had 0), p4 (seat 2, had 3), p3 (seat 3, had 2).
    CHECK(round.cost == tables_cost{.repeats = 9});
    CHECK(seats_of(round) == tables{{"p2", "p1", "p4", "p3"}});
    CHECK(round.tables[0].why ==
          "t1: p2, p1, p4, p3 — same score group (0); p1 and p2 met twice before, p1 and p3 met "
          "once before, p1 and p4 met once before, p2 and p3 met once before, p2 and p4 met once "
          "before, p3 and p4 met once before (the search found no tables with fewer repeats than "
          "9); seat 0 p2: had it in 0 of 1 games");
}

TEST_CASE("7 players: a table of 4 and a table of 3 for the lowest scores") {
    // Scores 6 5 4 3 2 1 0 (twelfths). {p1 p2 p3 p4} + {p5 p6 p7}: gaps 1 2 3 1 2 1 → 20, and
    // 1 2 1 → 6: 26. short_tables: 2 + 1 + 0 = 3.
    std::vector<table_player> players;
    for (int i = 1; i <= 7; ++i) players.push_back(player("p" + std::to_string(i), i, 7 - i));
    const swiss_tables_round round = seat_swiss_tables(players);
    CHECK(seats_of(round) == tables{{"p1", "p2", "p3", "p4"}, {"p5", "p6", "p7"}});
    CHECK(round.cost == tables_cost{.spread = 26, .short_tables = 3});
}

TEST_CASE("6 players: two tables of 3; 2 players: one table of 2; 3: one of 3") {
    CHECK(seats_of(seat_swiss_tables(numbered(6))) ==
          tables{{"p1", "p2", "p3"}, {"p4", "p5", "p6"}});
    CHECK(seats_of(seat_swiss_tables(numbered(3))) == tables{{"p1", "p2", "p3"}});
    CHECK(seats_of(seat_swiss_tables(numbered(2))) == tables{{"p1", "p2"}});
    CHECK(seat_swiss_tables(numbered(0)).tables.empty());
}

TEST_CASE("1 or 5 players: the bye to the lowest-ranked of the lowest score without one") {
    // p4 and p5 have 0 points; p5 had the bye, so p4 sits out and p1 p2 p3 p5 play.
    std::vector<table_player> players{player("p1", 1, 24), player("p2", 2, 12), player("p3", 3, 12),
                                      player("p4", 4, 0), player("p5", 5, 0)};
    players[4].had_bye = true;
    const swiss_tables_round round = seat_swiss_tables(players);
    REQUIRE(round.bye);
    CHECK(*round.bye == "p4");
    CHECK(round.bye_why ==
          "p4: bye (score 0); the lowest-ranked of the lowest score without a bye");
    CHECK(seats_of(round) == tables{{"p1", "p2", "p3", "p5"}});

    // Everyone had one: the lowest-ranked of the lowest score again.
    for (auto& p : players) p.had_bye = true;
    CHECK(*seat_swiss_tables(players).bye == "p5");
    CHECK(seat_swiss_tables(players).bye_why ==
          "p5: bye (score 0); a second bye: everyone present had one");

    const swiss_tables_round alone = seat_swiss_tables(numbered(1));
    CHECK(alone.tables.empty());
    CHECK(*alone.bye == "p1");
}

TEST_CASE("seating: no third seat 0 in a row, then the seat each had least, then pairing order") {
    // a had seats 0 0 (seat 0 again would be a third in a row), b 2 0, c 1 2, d 3 1. A seat a
    // player had costs 1 (each had every other seat 0 times): b may sit at 1 or 3, c at 0 or 3,
    // d at 0 or 2, a anywhere but 0. The orders costing 0, first in pairing order (a b c d):
    // seat 0 c (before d), seat 1 a (before b), seat 2 d (a is taken), seat 3 b.
    std::vector<table_player> players{player("a", 1, 0, {0, 0}), player("b", 2, 0, {2, 0}),
                                      player("c", 3, 0, {1, 2}), player("d", 4, 0, {3, 1})};
    const swiss_tables_round round = seat_swiss_tables(players);
    CHECK(seats_of(round) == tables{{"c", "a", "d", "b"}});
    CHECK(round.cost == tables_cost{});
    CHECK(round.tables[0].why ==
          "t1: c, a, d, b — same score group (0); seat 0 c: had it in 0 of 2 games; a had seat 0 "
          "the last two games");
}

TEST_CASE("seating: a third seat 0 in a row only when everyone at the table had it twice") {
    // All four had seat 0 twice: whoever sits there has a third (1 streak) and sits where they
    // had 2 games more than their least seat (excess 2); pairing order gives it to p1.
    std::vector<table_player> players = numbered(4);
    for (auto& p : players) p.seats = {0, 0};
    const swiss_tables_round round = seat_swiss_tables(players);
    CHECK(seats_of(round) == tables{{"p1", "p2", "p3", "p4"}});
    CHECK(round.cost == tables_cost{.seat_streaks = 1, .seat_excess = 2});
    CHECK(round.tables[0].why ==
          "t1: p1, p2, p3, p4 — same score group (0); seat 0 p1: had it in 2 of 2 games, a third "
          "in a row: all here had it the last two; p2 had seat 0 the last two games; p3 had seat "
          "0 the last two games; p4 had seat 0 the last two games");
}

TEST_CASE("seats decide between tables of equal repeats and spread") {
    // Round 3 of 8, all 0 points, nobody met: every split costs 0 by repeats and spread. p1-p4
    // had seat 0 twice, p5-p8 seats 1 then 2. The fill {p1 p2 p3 p4} would give one of them a
    // third seat 0; any table with one of p5-p8 seats them at 0 (or 3) at no cost, so the search
    // leaves no streak and no excess.
    std::vector<table_player> players = numbered(8);
    for (int i = 0; i < 4; ++i) players[static_cast<std::size_t>(i)].seats = {0, 0};
    for (int i = 4; i < 8; ++i) players[static_cast<std::size_t>(i)].seats = {1, 2};
    const swiss_tables_round round = seat_swiss_tables(players);
    CHECK(round.cost == tables_cost{});
    for (const swiss_table& table : round.tables) {
        const std::string& first = table.seats.front();
        CHECK((first == "p5" || first == "p6" || first == "p7" || first == "p8"));
    }
}

TEST_CASE("a round seats the same way every time, whatever the input order; bad input throws") {
    std::vector<table_player> players;
    for (int i = 1; i <= 11; ++i) {
        players.push_back(player("p" + std::to_string(i), i, (i * 7) % 5 * 6, {i % 4},
                                 {{"p" + std::to_string(i % 11 + 1), 1}}));
    }
    const swiss_tables_round once = seat_swiss_tables(players);
    std::vector<table_player> reversed(players.rbegin(), players.rend());
    CHECK(seats_of(seat_swiss_tables(reversed)) == seats_of(once));
    players[3].id = "p1";
    CHECK_THROWS_AS(seat_swiss_tables(players), std::invalid_argument);
    players[3].id = "p4";
    players[3].seats = {4};
    CHECK_THROWS_AS(seat_swiss_tables(players), std::invalid_argument);
}
