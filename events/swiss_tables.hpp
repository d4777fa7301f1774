#pragma once
// One round of a Swiss tournament for a four-player game (docs/rules.md §9, "Swiss with tables
// of four"): the present players sit at tables of 4, with tables of 3 instead of byes when their
// count is not a multiple of 4. The tables are filled by score, then improved by a search that
// lowers, in this order, the repeated table-mates, the score spread within tables and the seat
// imbalance; each table is then seated (table_seating.hpp). A pure function of the players'
// standings and histories; the same input seats the same.

#include <compare>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace quadra::events {

// An earlier table-mate of a player, and how many games they shared a table.
struct table_mate {
    std::string id{};
    int times = 1;
};

// A player of a four-player Swiss round. Every member has a default, so a player can be written
// with designated initializers.
struct table_player {
    std::string id{};
    // The score in twelfths of a point: exact for every share of a table of 2, 3 or 4 (halves,
    // thirds, quarters, sixths) and for placement points shared in halves.
    int twelfths = 0;
    int rank = 0;  // the pairing order, 1 the highest; equal ranks: higher rating, then id
    int rating = 0;
    std::vector<table_mate> met{};  // the table-mates met before (an id given twice adds up)
    std::vector<int> seats{};       // each game played, in order: the seat, 0-3 (0 moves first)
    bool had_bye = false;
    bool present = true;  // false: withdrawn, or not in this round
};

// What an arrangement of tables costs, the first member most: compared lexicographically, so no
// amount of a later member outweighs one unit of an earlier one.
struct tables_cost {
    std::int64_t repeats = 0;       // Σ over pairs at a table of (times they met before)²
    std::int64_t spread = 0;        // Σ over pairs at a table of (score difference in twelfths)²
    std::int64_t seat_streaks = 0;  // players at seat 0 for a third game in a row
    std::int64_t seat_excess = 0;  // Σ over players: games at their seat − at their least-had one
    std::int64_t short_tables = 0;  // Σ of the scores (twelfths) of the players at tables of 3
    // clang-tidy 14 takes the 0 that a defaulted <=> is compared with for a null pointer.
    // NOLINTNEXTLINE(modernize-use-nullptr)
    auto operator<=>(const tables_cost&) const = default;
};

// One table: its number (1 the top), its players in seat order, and why, for the organiser.
struct swiss_table {
    int number = 0;
    std::vector<std::string> seats;
    std::string why;  // "t3: a, c, f, k — same score group (2); …"
};

// A round: the tables by number, the bye if any (1 or 5 players present), and the cost.
struct swiss_tables_round {
    std::vector<swiss_table> tables;
    std::optional<std::string> bye;
    std::string bye_why;
    tables_cost cost;
};

// The table sizes for `count` players, largest first: all 4 when count is a multiple of 4, else
// as few tables of 3 as make it up (7: 4 3; 6: 3 3; 9: 3 3 3). 5: one table of 4 (the fifth has
// the bye); 3: one table of 3; 2: one table of 2 (Kvadrat's two-player game); 1 and 0: none.
std::vector<int> table_sizes(int count);

// Throws std::invalid_argument for two players with one id or a seat outside 0-3.
swiss_tables_round seat_swiss_tables(std::span<const table_player> players);

}  // namespace quadra::events
