#pragma once
// Quadrature (docs/rules.md §1): Mark Steere's 2-player game on an 11 x 11 board. Three of your men
// at three corners of a rectangle square the enemy man on the fourth corner and exchange it for
// one of yours; reduce the opponent to two men or fill your goal to win.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "cell.hpp"
#include "game.hpp"

namespace quadra::rules {

// The starting men (option `setup`).
enum class quadrature_setup : std::uint8_t {
    men18,    // two full ranks of nine each: Black b2-j3, White b9-j10
    steere9,  // Mark Steere's original: Black b3-j3, White b9-j9
};

std::string_view quadrature_setup_name(quadrature_setup setup);

// A Quadrature position: the men of Black (seat 0) and White (seat 1), both markers, the side to
// move, how the game ended if it did, and every position seen so far (for the repetition draw).
//
// describe() fields:
//   "files", "ranks": 11 and 11.
//   "cells":     view_fields, occupied cell name -> seat (0 Black, 1 White), rank 1 first, then
//                files a.. within a rank.
//   "markers":   [Black's marker, White's marker], each 0, 1 or 2: the quiet sideways moves that
//                side made in a row (at 2 it may not make another).
//   "goals":     [["e11", "f11", "g11"], ["e1", "f1", "g1"]]: the cells each seat must fill.
//   "men":       [Black's men on the board, White's men on the board].
//   "exchanged": the cells whose men the last move exchanged, in board order (rank 1 first);
//                empty at the start and after a pass.
//
// explain(request) fields, beside game.hpp's "request", "legal", "reason" and "message":
//   a legal step: "exchanged", the cells whose men it exchanges in byte order of their names;
//       "sideways"; "quiet" (sideways and exchanging nothing); "marker", the mover's marker after.
//   "reason" when refused: "game_over", "not_a_move" (not from-to cells), "not_a_cell",
//       "no_man" (nobody on the first cell), "not_yours" (the other side's man), "backward",
//       "not_a_step" (not to a neighbouring cell forward, diagonally forward or sideways),
//       "occupied", "suicide" with "rectangle": the three enemy men it would square with, in
//       byte order, "marker" (a third quiet sideways move), "pass_not_allowed".
class quadrature final : public game_base<quadrature> {
public:
    static constexpr int size = 11;

    explicit quadrature(quadrature_setup setup = quadrature_setup::men18);

    // Any position, for tests and analysis: the cells of Black's and White's men, the seat to
    // move and both markers. The setup option reads "men18". A position where neither side can
    // move is finished as a draw at once. A bad or repeated cell, a seat other than 0 or 1 or a
    // marker outside 0..2 is a programmer error (std::invalid_argument).
    static quadrature from_position(const std::vector<std::string>& black,
                                    const std::vector<std::string>& white, int to_move,
                                    int black_marker = 0, int white_marker = 0);

    // The seat of the man on `c` (0 or 1), or -1 when it is empty.
    int seat_at(cell c) const;
    int marker(int seat) const { return markers_[seat]; }
    int men(int seat) const { return counts_[seat]; }
    // The files of `seat`'s men on `rank` (0-based) as bits, file a first: the board as the
    // bots' playouts read it, without a call per cell.
    std::uint16_t files_held(int seat, int rank) const { return men_[seat][rank]; }

    std::string_view id() const override { return "quadrature"; }
    std::string seat_name(int seat) const override;
    int seat_count() const override { return 2; }
    options settings() const override;
    int to_move() const override { return ending_ == ending::none ? side_ : -1; }
    std::vector<std::string> legal() const override;
    result<void> apply(std::string_view token) override;
    // Codes "reduced", "goal", "no_moves", "repetition" (docs/rules.md §8).
    outcome current_outcome() const override;
    view describe() const override;
    view explain(std::string_view request) const override;
    // "quadrature:<setup>:<board>:<turn>:<markers>:<exchanged>:<seen>" (docs/rules.md §6).
    std::string position() const override;
    // The fields after "quadrature:". The game read back knows of earlier positions only that
    // the current one occurred <seen> times: a repetition of an older one is not seen.
    static result<quadrature> from_notation(std::string_view text);

    bool operator==(const quadrature&) const = default;

private:
    // One rank's men of one side: bit f is file f.
    using rank_masks = std::array<std::uint16_t, size>;

    // A position as the repetition rule sees it (men, markers, side to move), packed exactly
    // into 247 bits; `hash` is a function of `bits` that lets most comparisons stop at once.
    struct position_key {
        std::uint64_t hash = 0;
        std::array<std::uint64_t, 4> bits{};
        bool operator==(const position_key&) const = default;
    };

    enum class ending : std::uint8_t { none, men, goal, no_moves, repetition };
    // Why the side to move may not step from one cell to another, as explain() names it.
    enum class step_verdict : std::uint8_t {
        allowed,
        no_man,
        not_yours,
        backward,
        not_a_step,
        occupied,
        suicide,
        marker
    };
    // The verdict on the side to move's step from `from` to `to`, for apply() and explain().
    step_verdict check_step(cell from, cell to) const;

    // Calls visit(from_file, from_rank, to_file, to_rank) for each legal move of `seat` in byte
    // order of the tokens until it returns true; returns whether it did.
    template <class Visit>
    bool for_each_move(int seat, Visit&& visit) const;
    bool has_move(int seat) const;
    // Whether a sideways step of `seat` from (file, rank) to (to_file, rank) would exchange.
    bool sideways_exchanges(int seat, int file, int rank, int to_file) const;
    // Moves a man, exchanges what it squares and returns how many men were exchanged.
    int step_and_exchange(int from_file, int from_rank, int to_file, int to_rank);
    position_key key() const;
    // Records the position after a turn and ends the game on a third repetition or when neither
    // side can move.
    void record_position();

    std::array<rank_masks, 2> men_{};
    rank_masks exchanged_{};
    std::array<std::uint8_t, 2> markers_{};
    std::array<std::uint8_t, 2> counts_{};
    std::uint8_t side_ = 0;
    ending ending_ = ending::none;
    std::int8_t winner_ = -1;
    quadrature_setup setup_ = quadrature_setup::men18;
    std::vector<position_key> history_;  // every position so far, the current one last
};

const game_type& quadrature_type();

}  // namespace quadra::rules
