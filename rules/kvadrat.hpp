#pragma once
// Kvadrat (docs/rules.md §3): 2 or 4 players put pieces at the end of five-cell paths on a 15 x 15
// board and score the 3 x 3 squares they hold a majority in.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "game.hpp"

namespace quadra::rules {

const game_type& kvadrat_type();

// A set of Kvadrat board positions as a bitboard: bit 16 * rank + file. File 15 is padding that
// is never set, so shifting east or west cannot wrap a cell into the next rank.
struct kvadrat_cells {
    std::array<std::uint64_t, 4> words{};

    bool operator==(const kvadrat_cells&) const = default;
};

// A Kvadrat position: the pieces of every seat, the options in force and whose turn it is.
//
// describe() fields:
//   "files", "ranks": 15, 15.
//   "cells": {cell name: seat} for every occupied position, rank 1 first, files a.. within a rank.
//   "players": 2 or 4.
//   "squares": the 25 squares in order A1, B1 … E1, A2 … E5 (letter = column of squares, A =
//       files a-c … E = files m-o; digit = row of squares, 1 = ranks 1-3 … 5 = ranks 13-15),
//       each {"name": "A1", "counts": [pieces per seat], "owner": seat or null when neutral,
//       "settled": whether the owner is final}.
//   "pieces_left": per seat, the pieces still to place, or null when unlimited.
//   "edges": per seat, its own edge: "south" (rank 1), "west" (file a), "north" (rank 15) or
//       "east" (file o).
//   "placed_first": per seat, whether it has made its first move (has a piece on the board).
//
// explain(request) fields, beside game.hpp's "request", "legal", "reason" and "message":
//   a placement that is legal: "path", the cells [from, p1 … p5] of one path that reaches it,
//       p5 the cell itself and `from` the mover's own piece the path starts beside; a first move
//       has no `from` and p1 on the mover's edge. With path "at_most" a shortest path (one to five
//       cells). Legality is legal()'s; the path is one witness, searched over the same cells.
//   "reason" when refused: "game_over", "not_a_cell", "occupied", "no_pieces" (the mover has
//       placed all its pieces and must pass), "must_pass" (no placement anywhere), "first_far"
//       (a first move more than five rows from the mover's edge), "no_path" (no path reaches it),
//       "pass_not_allowed" (a pass while a placement exists).
//
// Settled: a square is settled when no way of filling its empty positions can change its owner.
// With "plurality" that is the rule's test: no empty position, or the leader's count exceeds the
// runner-up's by more than the empty positions. With "absolute" it is owned for good when the
// leader has more than all others together plus the empty positions, and neutral for good when
// the leader could take every empty position and still not exceed all others together (a full
// square is one of the two). With two players both modes agree.
//
// Outcome: a score is the number of squares a seat owns; the winners are every seat tied at the
// top score, except that a tie among all seats is a draw (no winners). So a 4-player game where
// two seats share the top score reports those two seats as winners. The reason is "every square
// is settled" or "no player can place a piece" (codes "settled", "no_placement"), checked after
// every move and pass.
class kvadrat : public game_base<kvadrat> {
public:
    static constexpr int size = 15;
    static constexpr int square_count = 25;
    static constexpr int unlimited = -1;

    // A new game; checks the options (names, ranges, players 2 or 4), naming the bad one.
    static result<kvadrat> create(const options& given);
    // A position for tests and analysis: the cells of each seat (one list per seat) and the seat
    // to move. Every seat with a piece on the board has made its first move; limited pieces are
    // reduced by the pieces placed. The game may already be over.
    static result<kvadrat> from_cells(const options& given,
                                      const std::vector<std::vector<std::string>>& cells_per_seat,
                                      int to_move);

    std::string_view id() const override { return "kvadrat"; }
    // "Black", "Red" with 2 players; "Black", "White", "Red", "Blue" with 4.
    std::string seat_name(int seat) const override;
    int seat_count() const override { return players_; }
    options settings() const override;
    int to_move() const override { return to_move_; }
    std::vector<std::string> legal() const override;
    result<void> apply(std::string_view token) override;
    // Only in a 4-player game, for a seat still in it, before the end.
    result<void> retire(int seat) override;
    bool retired(int seat) const override { return (retired_ >> seat & 1u) != 0; }
    outcome current_outcome() const override;
    view describe() const override;
    view explain(std::string_view request) const override;
    // "kvadrat:<options>:<pieces>:<board>:<turn>:<retired>" (docs/rules.md §6).
    std::string position() const override;
    // The fields after "kvadrat:"; what is settled, pieces left and the ending follow.
    static result<kvadrat> from_notation(std::string_view text);

    // Squares are numbered column + 5 * row: A1 = 0, B1 = 1 … E1 = 4, A2 = 5 … E5 = 24.
    int square_owner(int square) const;  // seat, or -1 when neutral
    bool square_settled(int square) const;
    int pieces_left(int seat) const;  // `unlimited` when there is no limit
    bool placed_first(int seat) const;

    bool operator==(const kvadrat&) const = default;

private:
    enum class ending : std::uint8_t { none, settled, blocked };
    // Why a placement is refused, as explain() names it; `allowed` when it is legal.
    enum class placement : std::uint8_t {
        allowed,
        occupied,
        no_pieces,
        must_pass,
        first_far,
        no_path
    };

    kvadrat(int players, int pieces, bool exact_path, bool absolute);

    kvadrat_cells empty_cells() const;
    // The verdict on placing the mover's next piece on `index`, for apply() and explain().
    placement check_placement(int index) const;
    // One path [from, p1 … p5] to the reachable empty `index` (without `from` on a first move).
    std::vector<int> path_to(int index) const;
    kvadrat_cells reach_of(int seat) const;
    std::array<int, 4> counts(int square) const;
    bool settled_now(int square) const;
    void begin_turn(int seat);

    int players_;
    int pieces_;  // per seat, or `unlimited`
    bool exact_path_;
    bool absolute_;
    std::array<kvadrat_cells, 4> pieces_of_{};
    std::uint32_t settled_ = 0;  // bit per square; settling is final, so kept incrementally
    int to_move_ = 0;
    ending ending_ = ending::none;
    std::uint8_t retired_ = 0;  // bit per seat out of the game
    kvadrat_cells reach_{};     // where the seat to move may place; cached by begin_turn
};

}  // namespace quadra::rules
