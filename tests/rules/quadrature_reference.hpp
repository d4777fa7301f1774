#pragma once
// A cell-by-cell model of docs/rules.md §1 (Quadrature), written without the bitmask tricks of
// rules/quadrature.cpp, for the random cross-checks of quadrature_reference_test.cpp.

#include <array>
#include <string>
#include <vector>

#include "rules/cell.hpp"
#include "rules/quadrature.hpp"

namespace quadra::testing {

struct quadrature_reference {
    using cell = rules::cell;
    using strings = std::vector<std::string>;

    std::array<std::array<int, 11>, 11> board{};  // [file][rank]: -1 empty, else the seat
    std::array<int, 2> markers{};
    int side = 0;

    static quadrature_reference of(const rules::quadrature& game);

    // Whether (f, k) and three men of `seat` on the other corners form a rectangle, with at
    // least one of those three in `active` (every man counts when `active` is null).
    bool squared(int f, int k, int seat, const std::vector<cell>* active) const;

    // Steps, then exchanges until nothing changes; returns the exchanged cells in board order.
    std::vector<cell> step(cell from, cell to);

    strings legal() const;
};

}  // namespace quadra::testing
