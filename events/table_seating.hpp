#pragma once
// Seating one table of a four-player event (docs/rules.md §9, "Swiss with tables of four"): seat
// 0 moves first, the turn goes round in seat order. Of every order of the table's players (24 at
// most), the one that first gives nobody seat 0 for a third game in a row, then sits each player
// where they have been least, then seats them in pairing order.

#include <array>
#include <compare>
#include <span>
#include <vector>

namespace quadra::events {

// Where a player has sat: games at each seat, and whether their last two games were at seat 0.
struct seat_record {
    std::array<int, 4> games_at{};
    bool seat_0_twice = false;
};

// Reads a player's seats, one per game in order (each 0-3). Throws std::invalid_argument for a
// seat outside 0-3.
seat_record read_seats(std::span<const int> seats);

// What sitting players costs, the first member most: compared lexicographically.
struct seating_cost {
    int streaks = 0;  // players at seat 0 for a third game in a row
    int excess = 0;   // Σ over players: games at their seat − games at their least-had seat here
    // clang-tidy 14 takes the 0 that a defaulted <=> is compared with for a null pointer.
    // NOLINTNEXTLINE(modernize-use-nullptr)
    auto operator<=>(const seating_cost&) const = default;
    seating_cost& operator+=(const seating_cost& other) {
        streaks += other.streaks;
        excess += other.excess;
        return *this;
    }
};

// The cost of one player at `seat` of a table of `table_size` (2-4 seats: 0 … size − 1).
seating_cost cost_at(const seat_record& player, int seat, int table_size);

// A table's best order: order[k] is the index (into the players given) of the one at seat k.
struct seating {
    std::vector<int> order;
    seating_cost cost;
};

// The best seating of 1-4 players given in pairing order: the lowest cost, and among equal costs
// the order that is first lexicographically (the highest-ranked at the lowest seat they can have).
seating best_seating(std::span<const seat_record> players);

}  // namespace quadra::events
