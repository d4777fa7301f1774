#pragma once
// One text notation per game for the positions of the rules tests, so a test shows its board.
//
// Boards (Quadrature, Kvadrat, Kvadratura) are diagrams: rows from the top rank down to rank 1,
// one character per cell from file a rightwards, '.' for an empty cell. Rows are separated by
// newlines or '/' (docs/rules.md writes "BWBB / BBWB / WBWB / WWWW"); spaces are ignored, so wide
// boards may be spaced out, and blank lines are skipped, so a raw string literal can open and
// close on lines of its own. The cell characters:
//   Quadrature  'B' Black (seat 0), 'W' White (seat 1)            11 rows of 11
//   Kvadrat     '0'..'3' the seat (2 players: 0 Black, 1 Red;     15 rows of 15
//               4 players: 0 Black, 1 White, 2 Red, 3 Blue)
//   Kvadratura  'W' White (seat 0), 'B' Black (seat 1)            n rows of n, 3 <= n <= 8
// Quadwrangle has lanes, not cells: "6=-3 high=2" puts lane 6's counter on -3 and the high
// lane's on +2; every lane not named stays at 0. Its dice are written as in a recorded token:
// "66655" for dice 1-5.
//
// A diagram the game cannot hold fails the calling test (REQUIRE); the games' own factories
// (from_position, from_cells, from_rows) stay the way to test refusals.

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "rules/kvadrat.hpp"
#include "rules/kvadratura.hpp"
#include "rules/options.hpp"
#include "rules/quadrature.hpp"
#include "rules/quadwrangle.hpp"

namespace quadra::testing {

// The rows of a diagram, top rank first, spaces removed.
std::vector<std::string> diagram_rows(std::string_view diagram);

// The cell names holding `mark` in a diagram of `size` x `size`, rank 1 first.
std::vector<std::string> cells_marked(std::string_view diagram, int size, char mark);

// The diagram comes last in every call, so a raw string literal can close the call.
rules::quadrature quadrature_board(int to_move, std::string_view diagram);
// With Black's and White's markers.
rules::quadrature quadrature_board(int to_move, std::array<int, 2> markers,
                                   std::string_view diagram);

rules::kvadrat kvadrat_board(const rules::options& given, int to_move, std::string_view diagram);

rules::kvadratura kvadratura_board(
    std::string_view diagram,
    rules::kvadratura_mode mode = rules::kvadratura_mode::first_square_loses);

// Lane positions from "name=position ..." (names "1".."6", "run", "high", "low").
std::array<int, 9> quadwrangle_lanes(std::string_view lanes);

// A Quadwrangle position: lanes as above, the seat to move, rolls made this turn and their dice
// ("" before the first roll).
rules::quadwrangle quadwrangle_board(std::string_view lanes, int to_move, int rolls = 0,
                                     std::string_view dice = "", int target = 3,
                                     int half_length = 4);
// The same with the dice as numbers.
rules::quadwrangle quadwrangle_board(std::string_view lanes, int to_move, int rolls,
                                     const std::array<int, 5>& dice, int target = 3,
                                     int half_length = 4);

}  // namespace quadra::testing
