#pragma once
// Who moves first: a player's first-move history (for each game played, in order, whether they had
// the first move) and what it asks of their next game. An arena and a Swiss hold players to
// different limits (docs/rules.md §9); the reading of a history is the same.

#include <vector>

namespace quadra::events {

// A history in figures.
struct first_move_summary {
    int games = 0;
    int difference = 0;       // first moves minus second moves
    int streak = 0;           // games in a row, at the end, with the same turn order
    bool last_first = false;  // whether the last game had the first move (no games: false)
};

first_move_summary summarise(const std::vector<bool>& first_moves);

// The limits of an event: no more than `most_in_a_row` games in a row with the same turn order,
// and first moves never more than `most_difference` above or below second moves.
struct first_move_limits {
    int most_in_a_row = 2;
    int most_difference = 2;
};

// Which limit a turn order would break for the player, if any.
enum class first_move_break { none, in_a_row, difference };
first_move_break would_break(const first_move_summary& player, bool moves_first,
                             const first_move_limits& limits);

// The turn order a history asks for next. No games: none. First moves not equal to second moves:
// the one that evens them, strongly (2). Equal: the other one than last game, mildly (1).
struct first_move_wish {
    bool any = false;
    bool first = false;
    int strength = 0;
};
first_move_wish wish_of(const first_move_summary& player);

// What a turn order costs two players: limits broken (0 to 2), then the strength of the wishes it
// leaves unmet.
struct turn_order_cost {
    int breaks = 0;
    int unmet = 0;
    bool operator==(const turn_order_cost&) const = default;
    bool operator<(const turn_order_cost& other) const {
        return breaks != other.breaks ? breaks < other.breaks : unmet < other.unmet;
    }
};
turn_order_cost cost_of(const first_move_summary& first, const first_move_summary& second,
                        const first_move_limits& limits);

}  // namespace quadra::events
