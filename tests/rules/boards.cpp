#include "boards.hpp"

#include <doctest/doctest.h>

#include <sstream>

#include "rules/cell.hpp"

namespace quadra::testing {

std::vector<std::string> diagram_rows(std::string_view diagram) {
    std::vector<std::string> rows;
    std::string row;
    const auto end_row = [&] {
        if (!row.empty()) rows.push_back(row);
        row.clear();
    };
    for (const char c : diagram) {
        if (c == '\n' || c == '/')
            end_row();
        else if (c != ' ')
            row += c;
    }
    end_row();
    return rows;
}

std::vector<std::string> cells_marked(std::string_view diagram, int size, char mark) {
    const auto rows = diagram_rows(diagram);
    REQUIRE_MESSAGE(static_cast<int>(rows.size()) == size, "a diagram of " << size << " rows has "
                                                                           << rows.size() << ":\n"
                                                                           << diagram);
    std::vector<std::string> cells;
    for (int rank = 0; rank < size; ++rank) {
        const auto& row = rows[static_cast<std::size_t>(size - 1 - rank)];
        REQUIRE_MESSAGE(static_cast<int>(row.size()) == size,
                        "row '" << row << "' should have " << size << " cells");
        for (int file = 0; file < size; ++file)
            if (row[static_cast<std::size_t>(file)] == mark)
                cells.push_back(rules::cell_name(file, rank));
    }
    return cells;
}

namespace {

// Fails the test when a diagram holds a character other than '.' and `marks`.
void check_marks(std::string_view diagram, std::string_view marks) {
    for (const auto& row : diagram_rows(diagram))
        for (const char c : row)
            REQUIRE_MESSAGE((c == '.' || marks.find(c) != std::string_view::npos),
                            "'" << c << "' in row '" << row << "'; use . or one of " << marks);
}

}  // namespace

rules::quadrature quadrature_board(int to_move, std::string_view diagram) {
    return quadrature_board(to_move, {0, 0}, diagram);
}

rules::quadrature quadrature_board(int to_move, std::array<int, 2> markers,
                                   std::string_view diagram) {
    check_marks(diagram, "BW");
    constexpr int size = rules::quadrature::size;
    return rules::quadrature::from_position(cells_marked(diagram, size, 'B'),
                                            cells_marked(diagram, size, 'W'), to_move, markers[0],
                                            markers[1]);
}

rules::kvadrat kvadrat_board(const rules::options& given, int to_move, std::string_view diagram) {
    auto fresh = rules::kvadrat::create(given);
    REQUIRE_MESSAGE(fresh.ok(), fresh.reason());
    const int players = fresh.value().seat_count();
    const std::string marks = std::string("0123").substr(0, static_cast<std::size_t>(players));
    check_marks(diagram, marks);
    std::vector<std::vector<std::string>> cells;
    for (const char mark : marks)
        cells.push_back(cells_marked(diagram, rules::kvadrat::size, mark));
    auto made = rules::kvadrat::from_cells(given, cells, to_move);
    REQUIRE_MESSAGE(made.ok(), made.reason());
    return made.value();
}

rules::kvadratura kvadratura_board(std::string_view diagram, rules::kvadratura_mode mode) {
    auto made = rules::kvadratura::from_rows(diagram_rows(diagram), mode);
    REQUIRE_MESSAGE(made.ok(), made.reason());
    return made.value();
}

std::array<int, 9> quadwrangle_lanes(std::string_view lanes) {
    std::array<int, 9> positions{};
    std::istringstream in{std::string(lanes)};
    std::string item;
    while (in >> item) {
        const auto equals = item.find('=');
        REQUIRE_MESSAGE(equals != std::string::npos, "'" << item << "' is not lane=position");
        const auto name = item.substr(0, equals);
        int lane = 0;
        while (lane < rules::quadwrangle_lanes && rules::quadwrangle_lane_name(lane) != name)
            ++lane;
        REQUIRE_MESSAGE(lane < rules::quadwrangle_lanes, "no lane '" << name << "'");
        positions[static_cast<std::size_t>(lane)] = std::stoi(item.substr(equals + 1));
    }
    return positions;
}

rules::quadwrangle quadwrangle_board(std::string_view lanes, int to_move, int rolls,
                                     std::string_view dice, int target, int half_length) {
    std::array<int, 5> values{};
    REQUIRE_MESSAGE((dice.empty() || dice.size() == values.size()),
                    "dice '" << dice << "' should be five digits");
    for (std::size_t i = 0; i < dice.size(); ++i) values[i] = dice[i] - '0';
    return quadwrangle_board(lanes, to_move, rolls, values, target, half_length);
}

rules::quadwrangle quadwrangle_board(std::string_view lanes, int to_move, int rolls,
                                     const std::array<int, 5>& dice, int target, int half_length) {
    auto made = rules::quadwrangle::from_position(half_length, target, quadwrangle_lanes(lanes),
                                                  to_move, rolls, dice);
    REQUIRE_MESSAGE(made.ok(), made.reason());
    return made.value();
}

}  // namespace quadra::testing
