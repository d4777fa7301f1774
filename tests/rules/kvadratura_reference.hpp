#pragma once
// Kvadratura's squares found by brute force, independently of rules/kvadratura.cpp's tables, and
// the one-colour squares of a position recounted with them (docs/rules.md §4).

#include <array>
#include <set>
#include <utility>

#include "rules/kvadratura.hpp"

namespace quadra::testing {

using corner_set = std::set<std::pair<int, int>>;

// Squares found independently of the rules: every ordered pair of cells (p, q) spans the square
// on its left, p, q, q + w, p + w with w = (q - p) turned a quarter counter-clockwise; each
// square is found once per side, so four times.
std::set<corner_set> brute_squares(int n, bool axis_aligned_only);

// One-colour squares of each seat, recounted from the board with the brute-force geometry.
std::array<int, 2> recount(const rules::kvadratura& game, const std::set<corner_set>& squares);

}  // namespace quadra::testing
