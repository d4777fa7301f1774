#pragma once
// A brute-force reading of docs/rules.md §3 (Kvadrat), independent of the bitboards of
// rules/kvadrat.cpp, for the random cross-checks of kvadrat_reference_test.cpp: every path walked
// one cell at a time, ownership and settledness by their definitions.

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "rules/cell.hpp"
#include "rules/kvadrat.hpp"

namespace quadra::testing {

struct plain_board {
    std::array<int, 225> seat_at;  // file + 15 * rank; -1 when empty
};

// The board as describe() shows it.
plain_board board_of(const rules::kvadrat& game);

// Whether (file, rank) is on the own edge of `seat` in a game of `players`.
bool on_edge(int seat, int players, int file, int rank);

// Every end of a self-avoiding path of empty cells, enumerated one path at a time.
class reference_paths {
public:
    reference_paths(const rules::kvadrat& game, const plain_board& board)
        : game_(game),
          board_(board),
          exact_(std::get<std::string>(game.settings().at("path")) == "exact") {}

    std::vector<std::string> ends(int seat) {
        ends_.fill(false);
        if (game_.pieces_left(seat) != 0)
            for (int f = 0; f < 15; ++f)
                for (int r = 0; r < 15; ++r)
                    if (empty(f, r) && starts_path(seat, f, r)) walk(f, r, 1);
        std::vector<std::string> names;
        for (int i = 0; i < 225; ++i)
            if (ends_[i]) names.push_back(rules::cell_name(i % 15, i / 15));
        std::sort(names.begin(), names.end());
        return names;
    }

private:
    static constexpr int df[4] = {1, -1, 0, 0}, dr[4] = {0, 0, 1, -1};

    bool inside(int f, int r) const { return f >= 0 && f < 15 && r >= 0 && r < 15; }
    bool empty(int f, int r) const { return inside(f, r) && board_.seat_at[f + 15 * r] < 0; }

    bool starts_path(int seat, int f, int r) const {
        if (!game_.placed_first(seat)) return on_edge(seat, game_.seat_count(), f, r);
        for (int d = 0; d < 4; ++d)
            if (inside(f + df[d], r + dr[d]) &&
                board_.seat_at[f + df[d] + 15 * (r + dr[d])] == seat)
                return true;
        return false;
    }

    void walk(int f, int r, int length) {
        if (!exact_ || length == 5) ends_[f + 15 * r] = true;
        if (length == 5) return;
        on_path_[f + 15 * r] = true;
        for (int d = 0; d < 4; ++d) {
            const int nf = f + df[d], nr = r + dr[d];
            if (empty(nf, nr) && !on_path_[nf + 15 * nr]) walk(nf, nr, length + 1);
        }
        on_path_[f + 15 * r] = false;
    }

    const rules::kvadrat& game_;
    const plain_board& board_;
    bool exact_;
    std::array<bool, 225> on_path_{};
    std::array<bool, 225> ends_{};
};

// The owner of a square with these counts per seat (-1 when neutral).
int reference_owner(const std::vector<int>& counts, bool absolute);

// Settled by definition: every way of sharing the empty positions leaves the same owner.
bool reference_settled(std::vector<int> counts, int empty, bool absolute);

}  // namespace quadra::testing
