#include "kvadrat_reference.hpp"

#include <functional>

#include "kvadrat_helpers.hpp"
#include "rules/cell.hpp"

namespace quadra::testing {

using namespace quadra::rules;
using kvadrat_helpers::field;

plain_board board_of(const kvadrat& game) {
    plain_board board;
    board.seat_at.fill(-1);
    const auto shown = game.describe();
    for (const auto& [name, seat] : std::get<view_fields>(field(shown, "cells").value)) {
        const auto c = parse_cell(name, 15, 15);
        board.seat_at[c->file + 15 * c->rank] =
            static_cast<int>(std::get<std::int64_t>(seat.value));
    }
    return board;
}

bool on_edge(int seat, int players, int file, int rank) {
    const int edge = players == 2 ? 2 * seat : seat;  // south, west, north, east
    return (edge == 0 && rank == 0) || (edge == 1 && file == 0) || (edge == 2 && rank == 14) ||
           (edge == 3 && file == 14);
}

int reference_owner(const std::vector<int>& counts, bool absolute) {
    int total = 0;
    for (int n : counts) total += n;
    for (std::size_t seat = 0; seat < counts.size(); ++seat) {
        bool wins = true;
        for (std::size_t other = 0; other < counts.size(); ++other)
            wins = wins && (other == seat || counts[seat] > counts[other]);
        if (absolute) wins = 2 * counts[seat] > total;
        if (wins) return static_cast<int>(seat);
    }
    return -1;
}

bool reference_settled(std::vector<int> counts, int empty, bool absolute) {
    const int owner = reference_owner(counts, absolute);
    std::function<bool(std::size_t, int)> same = [&](std::size_t seat, int left) {
        if (seat + 1 == counts.size()) {
            counts[seat] += left;
            const bool kept = reference_owner(counts, absolute) == owner;
            counts[seat] -= left;
            return kept;
        }
        for (int give = 0; give <= left; ++give) {
            counts[seat] += give;
            const bool kept = same(seat + 1, left - give);
            counts[seat] -= give;
            if (!kept) return false;
        }
        return true;
    };
    return same(0, empty);
}

}  // namespace quadra::testing
