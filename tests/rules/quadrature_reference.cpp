#include "quadrature_reference.hpp"

#include <algorithm>

namespace quadra::testing {

using rules::cell;
using rules::cell_name;
using rules::quadrature;
using strings = std::vector<std::string>;

quadrature_reference quadrature_reference::of(const quadrature& game) {
    quadrature_reference r;
    for (auto& file : r.board) file.fill(-1);
    for (int f = 0; f < 11; ++f)
        for (int k = 0; k < 11; ++k) r.board[f][k] = game.seat_at(cell{f, k});
    r.markers = {game.marker(0), game.marker(1)};
    r.side = game.to_move();
    return r;
}

bool quadrature_reference::squared(int f, int k, int seat, const std::vector<cell>* active) const {
    for (int f2 = 0; f2 < 11; ++f2) {
        for (int k2 = 0; k2 < 11; ++k2) {
            if (f2 == f || k2 == k) continue;
            const std::array<cell, 3> corners = {cell{f2, k}, cell{f, k2}, cell{f2, k2}};
            bool all = true, touches = active == nullptr;
            for (const auto& c : corners) {
                all = all && board[c.file][c.rank] == seat;
                if (active && std::find(active->begin(), active->end(), c) != active->end())
                    touches = true;
            }
            if (all && touches) return true;
        }
    }
    return false;
}

std::vector<cell> quadrature_reference::step(cell from, cell to) {
    board[from.file][from.rank] = -1;
    board[to.file][to.rank] = side;
    std::vector<cell> active = {to}, taken;
    for (bool changed = true; changed;) {
        changed = false;
        for (int k = 0; k < 11; ++k) {
            for (int f = 0; f < 11; ++f) {
                if (board[f][k] == 1 - side && squared(f, k, side, &active)) {
                    board[f][k] = side;
                    active.push_back(cell{f, k});
                    taken.push_back(cell{f, k});
                    changed = true;
                }
            }
        }
    }
    std::sort(taken.begin(), taken.end(),
              [](cell a, cell b) { return a.rank != b.rank ? a.rank < b.rank : a.file < b.file; });
    return taken;
}

strings quadrature_reference::legal() const {
    strings out;
    for (int f = 0; f < 11; ++f) {
        for (int k = 0; k < 11; ++k) {
            if (board[f][k] != side) continue;
            for (int df = -1; df <= 1; ++df) {
                for (int dk : {0, side == 0 ? 1 : -1}) {
                    const cell to{f + df, k + dk};
                    if ((df == 0 && dk == 0) || to.file < 0 || to.file > 10 || to.rank < 0 ||
                        to.rank > 10 || board[to.file][to.rank] != -1)
                        continue;
                    quadrature_reference after = *this;
                    after.board[f][k] = -1;
                    if (after.squared(to.file, to.rank, 1 - side, nullptr)) continue;
                    if (dk == 0 && markers[side] == 2 && after.step({f, k}, to).empty()) continue;
                    out.push_back(cell_name(f, k) + "-" + cell_name(to));
                }
            }
        }
    }
    std::sort(out.begin(), out.end());
    if (out.empty()) out.push_back("pass");
    return out;
}

}  // namespace quadra::testing
