#pragma once
// Kvadratura (docs/rules.md §4): two players fill an n x n board; squares of one colour, in any
// orientation, lose the game or count against their owner.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "cell.hpp"
#include "game.hpp"

namespace quadra::rules {

// How a one-colour square is judged (option `mode`).
enum class kvadratura_mode {
    first_square_loses,  // completing a square of your colour loses at once
    fill,                // fill the board; fewer one-colour squares wins
};

std::string_view kvadratura_mode_name(kvadratura_mode mode);

// The squares of one board size, with per-cell lookups; defined in kvadratura.cpp.
struct kvadratura_squares;

// A Kvadratura position: the checkers of White (seat 0) and Black (seat 1) and the side to move.
//
// describe() fields:
//   "files", "ranks": the board size n (both equal).
//   "cells":   view_fields, occupied cell name -> seat (0 White, 1 Black), by name in byte
//              order (a1 a2 ... b1), as a JSON object prints them.
//   "mode":    "first_square_loses" or "fill".
//   "squares": view_list of every square whose four corners hold one colour, each a view_fields
//              {"cells": [four cell names in order around the square, counter-clockwise],
//              "seat": owner}; in the order of squares_on().
class kvadratura : public game_base<kvadratura> {
public:
    static constexpr int min_size = 3;
    static constexpr int max_size = 8;

    // An empty board; `size` outside 3..8 is a programmer error (std::invalid_argument).
    explicit kvadratura(int size = max_size,
                        kvadratura_mode mode = kvadratura_mode::first_square_loses);

    // A position from text rows, top rank first: 'W' White, 'B' Black, '.' empty; n rows of n
    // characters. White moves when the counts are equal, Black when White has one more. A full
    // board is finished; in first_square_loses mode a board whose one-colour squares belong to
    // the player who moved last (and share one of their cells) is finished with that player
    // losing. Anything else that cannot arise in play is refused.
    static result<kvadratura> from_rows(const std::vector<std::string>& rows,
                                        kvadratura_mode mode = kvadratura_mode::first_square_loses);

    // Every square on an n x n board (3 <= n <= 8) as its corners counter-clockwise, starting
    // from the corner whose outgoing side (dx, dy) has dx >= 1, dy >= 0; ordered by dy, then dx,
    // then that corner in board order (so the axis-aligned squares come first).
    static std::vector<std::array<cell, 4>> squares_on(int size);

    int size() const { return size_; }
    kvadratura_mode mode() const { return mode_; }
    // The seat on cell `c` (0 or 1), or -1 when it is empty or off the board.
    int seat_at(cell c) const;

    std::string_view id() const override { return "kvadratura"; }
    std::string seat_name(int seat) const override;
    int seat_count() const override { return 2; }
    options settings() const override;
    int to_move() const override { return to_move_; }
    // The empty cells; the game ends when the board fills, so it never has to pass.
    std::vector<std::string> legal() const override;
    result<void> apply(std::string_view token) override;
    // Codes "completed", "full_no_square", "full_each", "wins_by" (docs/rules.md §8). apply()
    // refuses with codes "game_over", "pass_not_allowed", "not_a_cell", "occupied", which
    // explain() reports as its "reason".
    outcome current_outcome() const override;
    view describe() const override;
    // "kvadratura:<mode>:<board>" (docs/rules.md §6).
    std::string position() const override;
    // The fields after "kvadratura:"; the side to move and the ending follow from the board.
    static result<kvadratura> from_notation(std::string_view text);

    bool operator==(const kvadratura&) const = default;

private:
    bool full() const;
    std::uint64_t occupied() const { return stones_[0] | stones_[1]; }

    const kvadratura_squares* table_ = nullptr;  // shared, immutable, one per size
    int size_ = max_size;
    kvadratura_mode mode_ = kvadratura_mode::first_square_loses;
    std::array<std::uint64_t, 2> stones_{};  // per seat, bit rank * n + file
    std::array<int, 2> completed_{};         // one-colour squares per seat
    int to_move_ = 0;                        // -1 once finished
    int loser_ = -1;  // the seat that completed a square in first_square_loses mode, else -1
};

const game_type& kvadratura_type();

}  // namespace quadra::rules
