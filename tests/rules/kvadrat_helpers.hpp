#pragma once
// What the Kvadrat tests share: making games and positions, naming cells and squares, filling a
// square with given counts, reading describe() and checking refusals.

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "rules/cell.hpp"
#include "rules/kvadrat.hpp"

namespace quadra::testing::kvadrat_helpers {

using namespace quadra::rules;
using strings = std::vector<std::string>;

inline kvadrat make(const options& given = {}) {
    auto made = kvadrat::create(given);
    REQUIRE_MESSAGE(made.ok(), made.reason());
    return made.value();
}

inline kvadrat position(const options& given, const std::vector<strings>& cells_per_seat,
                        int to_move) {
    auto made = kvadrat::from_cells(given, cells_per_seat, to_move);
    REQUIRE_MESSAGE(made.ok(), made.reason());
    return made.value();
}

inline const options four_players{{"players", std::int64_t{4}}};

inline strings sorted(strings names) {
    std::sort(names.begin(), names.end());
    return names;
}

// Every cell name whose 0-based file and rank satisfy `keep`.
inline strings cells_where(const std::function<bool(int, int)>& keep) {
    strings names;
    for (int file = 0; file < 15; ++file)
        for (int rank = 0; rank < 15; ++rank)
            if (keep(file, rank)) names.push_back(cell_name(file, rank));
    return sorted(names);
}

inline int distance(int file, int rank, const char* from) {
    const auto c = parse_cell(from, 15, 15);
    return std::abs(file - c->file) + std::abs(rank - c->rank);
}

// The nine cells of a square ("C3"), rank by rank from its bottom-left corner.
inline strings square_cells(const std::string& square) {
    strings names;
    const int col = square[0] - 'A', row = square[1] - '1';
    for (int rank = 3 * row; rank < 3 * row + 3; ++rank)
        for (int file = 3 * col; file < 3 * col + 3; ++file) names.push_back(cell_name(file, rank));
    return names;
}

inline int square_index(const std::string& square) {
    return (square[0] - 'A') + 5 * (square[1] - '1');
}

// Fills `square` in its cell order: `counts[seat]` pieces for each seat in turn.
inline void fill(std::vector<strings>& cells_per_seat, const std::string& square,
                 const std::vector<int>& counts) {
    const auto cells = square_cells(square);
    std::size_t next = 0;
    for (std::size_t seat = 0; seat < counts.size(); ++seat)
        for (int i = 0; i < counts[seat]; ++i) cells_per_seat[seat].push_back(cells.at(next++));
}

inline const view& field(const view& object, const std::string& name) {
    for (const auto& [key, value] : std::get<view_fields>(object.value))
        if (key == name) return value;
    static const view missing;
    FAIL("no field " << name);
    return missing;
}

inline std::vector<std::string> field_names(const view& object) {
    strings names;
    for (const auto& entry : std::get<view_fields>(object.value)) names.push_back(entry.first);
    return names;
}

inline void check_refused(kvadrat& game, const std::string& token, const std::string& reason_part) {
    const auto before = game.clone();
    const auto applied = game.apply(token);
    CHECK_MESSAGE(!applied.ok(), "'" << token << "' was accepted");
    if (!applied.ok())
        CHECK_MESSAGE(applied.reason().find(reason_part) != std::string::npos,
                      "'" << token << "': " << applied.reason());
    CHECK(game.same_state(*before));
}

}  // namespace quadra::testing::kvadrat_helpers
