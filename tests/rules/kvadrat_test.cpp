#include "rules/kvadrat.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "boards.hpp"
#include "rules/cell.hpp"
#include "rules/registry.hpp"

namespace {

using namespace quadra::rules;
using quadra::testing::kvadrat_board;
using strings = std::vector<std::string>;

kvadrat make(const options& given = {}) {
    auto made = kvadrat::create(given);
    REQUIRE_MESSAGE(made.ok(), made.reason());
    return made.value();
}

kvadrat position(const options& given, const std::vector<strings>& cells_per_seat, int to_move) {
    auto made = kvadrat::from_cells(given, cells_per_seat, to_move);
    REQUIRE_MESSAGE(made.ok(), made.reason());
    return made.value();
}

const options four_players{{"players", std::int64_t{4}}};

strings sorted(strings names) {
    std::sort(names.begin(), names.end());
    return names;
}

// Every cell name whose 0-based file and rank satisfy `keep`.
strings cells_where(const std::function<bool(int, int)>& keep) {
    strings names;
    for (int file = 0; file < 15; ++file)
        for (int rank = 0; rank < 15; ++rank)
            if (keep(file, rank)) names.push_back(cell_name(file, rank));
    return sorted(names);
}

int distance(int file, int rank, const char* from) {
    const auto c = parse_cell(from, 15, 15);
    return std::abs(file - c->file) + std::abs(rank - c->rank);
}

// The nine cells of a square ("C3"), rank by rank from its bottom-left corner.
strings square_cells(const std::string& square) {
    strings names;
    const int col = square[0] - 'A', row = square[1] - '1';
    for (int rank = 3 * row; rank < 3 * row + 3; ++rank)
        for (int file = 3 * col; file < 3 * col + 3; ++file) names.push_back(cell_name(file, rank));
    return names;
}

int square_index(const std::string& square) { return (square[0] - 'A') + 5 * (square[1] - '1'); }

// Fills `square` in its cell order: `counts[seat]` pieces for each seat in turn.
void fill(std::vector<strings>& cells_per_seat, const std::string& square,
          const std::vector<int>& counts) {
    const auto cells = square_cells(square);
    std::size_t next = 0;
    for (std::size_t seat = 0; seat < counts.size(); ++seat)
        for (int i = 0; i < counts[seat]; ++i) cells_per_seat[seat].push_back(cells.at(next++));
}

const view& field(const view& object, const std::string& name) {
    for (const auto& [key, value] : std::get<view_fields>(object.value))
        if (key == name) return value;
    static const view missing;
    FAIL("no field " << name);
    return missing;
}

std::vector<std::string> field_names(const view& object) {
    strings names;
    for (const auto& entry : std::get<view_fields>(object.value)) names.push_back(entry.first);
    return names;
}

void check_refused(kvadrat& game, const std::string& token, const std::string& reason_part) {
    const auto before = game.clone();
    const auto applied = game.apply(token);
    CHECK_MESSAGE(!applied.ok(), "'" << token << "' was accepted");
    if (!applied.ok())
        CHECK_MESSAGE(applied.reason().find(reason_part) != std::string::npos,
                      "'" << token << "': " << applied.reason());
    CHECK(game.same_state(*before));
}

// ---- A brute-force reading of the rules, independent of the bitboards, for cross-checks ----

struct plain_board {
    std::array<int, 225> seat_at;  // file + 15 * rank; -1 when empty
};

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

// Every end of a self-avoiding path of empty cells, enumerated one path at a time.
class reference_paths {
public:
    reference_paths(const kvadrat& game, const plain_board& board)
        : game_(game),
          board_(board),
          exact_(std::get<std::string>(game.settings().at("path")) == "exact") {}

    strings ends(int seat) {
        ends_.fill(false);
        if (game_.pieces_left(seat) != 0)
            for (int f = 0; f < 15; ++f)
                for (int r = 0; r < 15; ++r)
                    if (empty(f, r) && starts_path(seat, f, r)) walk(f, r, 1);
        strings names;
        for (int i = 0; i < 225; ++i)
            if (ends_[i]) names.push_back(cell_name(i % 15, i / 15));
        return sorted(names);
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

    const kvadrat& game_;
    const plain_board& board_;
    bool exact_;
    std::array<bool, 225> on_path_{};
    std::array<bool, 225> ends_{};
};

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

// Settled by definition: every way of sharing the empty positions leaves the same owner.
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

}  // namespace

TEST_CASE("kvadrat: game type lists id, title and the four options") {
    const auto& type = kvadrat_type();
    CHECK(type.id == "kvadrat");
    CHECK(type.title == "Kvadrat");
    CHECK(!type.summary.empty());
    strings names;
    for (const auto& spec : type.options) names.push_back(spec.name);
    CHECK(names == strings{"players", "pieces", "path", "majority"});
    CHECK(!type.options[1].fallback.has_value());  // pieces: the default depends on players
    for (const auto& spec : type.options)
        CHECK(spec.description.find("default") != std::string::npos);
    auto started = type.start({});
    REQUIRE(started.ok());
    CHECK(started.value()->id() == "kvadrat");
    CHECK(started.value()->seat_count() == 2);
}

TEST_CASE("kvadrat: settings report every option with the value in force") {
    CHECK(make().settings() == options{{"majority", "plurality"},
                                       {"path", "exact"},
                                       {"pieces", "unlimited"},
                                       {"players", std::int64_t{2}}});
    CHECK(make(four_players).settings() == options{{"majority", "plurality"},
                                                   {"path", "exact"},
                                                   {"pieces", std::int64_t{30}},
                                                   {"players", std::int64_t{4}}});
    const options chosen{{"players", std::int64_t{4}},
                         {"pieces", "unlimited"},
                         {"path", "at_most"},
                         {"majority", "absolute"}};
    CHECK(make(chosen).settings() == chosen);
    const options two_limited{{"pieces", std::int64_t{12}}};
    CHECK(make(two_limited).settings().at("pieces") == option_value{std::int64_t{12}});
    CHECK(make(two_limited).pieces_left(1) == 12);
    CHECK(make().pieces_left(0) == kvadrat::unlimited);
}

TEST_CASE("kvadrat: bad options are refused naming the option") {
    const std::vector<std::pair<options, std::string>> bad{
        {{{"players", std::int64_t{3}}}, "players"},
        {{{"players", std::int64_t{5}}}, "players"},
        {{{"players", "two"}}, "players"},
        {{{"pieces", std::int64_t{0}}}, "pieces"},
        {{{"pieces", std::int64_t{226}}}, "pieces"},
        {{{"pieces", "lots"}}, "pieces"},
        {{{"path", "foo"}}, "path"},
        {{{"majority", "most"}}, "majority"},
        {{{"colour", "red"}}, "colour"},
    };
    for (const auto& [given, name] : bad) {
        // The registry's order: check_options, then start (players 3 is within [2, 4]).
        std::string refused;
        if (const auto checked = check_options(kvadrat_type().options, given); !checked) {
            refused = checked.reason();
        } else {
            const auto started = kvadrat_type().start(given);
            REQUIRE(!started.ok());
            refused = started.reason();
        }
        CHECK_MESSAGE(refused.find("'" + name + "'") != std::string::npos, name << ": " << refused);
        const auto created = kvadrat::create(given);
        REQUIRE(!created.ok());
        CHECK(created.reason().find("'" + name + "'") != std::string::npos);
    }
}

TEST_CASE("kvadrat: the first move reaches exactly the five ranks or files nearest the own edge") {
    const auto south = cells_where([](int, int rank) { return rank < 5; });
    const auto north = cells_where([](int, int rank) { return rank >= 10; });
    const auto west = cells_where([](int file, int) { return file < 5; });
    const auto east = cells_where([](int file, int) { return file >= 10; });
    REQUIRE(south.size() == 75);

    SUBCASE("two players") {
        auto game = make();
        CHECK(game.legal() == south);
        REQUIRE(game.apply("h3").ok());
        CHECK(game.legal() == north);
    }
    SUBCASE("two players, path at most five") {
        auto game = make({{"path", "at_most"}});
        CHECK(game.legal() == south);
    }
    SUBCASE("four players") {
        auto game = make(four_players);
        CHECK(game.legal() == south);
        REQUIRE(game.apply("h3").ok());
        CHECK(game.legal() == west);
        REQUIRE(game.apply("c8").ok());
        CHECK(game.legal() == north);
        REQUIRE(game.apply("h13").ok());
        CHECK(game.legal() == east);
    }
}

TEST_CASE("kvadrat: a lone piece at h8 reaches the 36 cells at odd distance up to five") {
    const auto game = position({}, {{"h8"}, {}}, 0);
    const auto expected = cells_where([](int file, int rank) {
        const int d = distance(file, rank, "h8");
        return d % 2 == 1 && d <= 5;
    });
    REQUIRE(expected.size() == 36);
    REQUIRE(game.legal() == expected);
    int by_distance[6] = {};
    for (const auto& name : game.legal()) {
        const auto c = parse_cell(name, 15, 15);
        ++by_distance[distance(c->file, c->rank, "h8")];
    }
    CHECK(by_distance[1] == 4);
    CHECK(by_distance[3] == 12);
    CHECK(by_distance[5] == 20);
}

TEST_CASE("kvadrat: a lone piece at a1 reaches exactly twelve cells") {
    const auto game = position({}, {{"a1"}, {}}, 0);
    CHECK(game.legal() ==
          sorted({"a2", "a4", "a6", "b1", "b3", "b5", "c2", "c4", "d1", "d3", "e2", "f1"}));
}

TEST_CASE("kvadrat: a path may not come back round a unit square to its first cell") {
    // a1 with b1 taken leaves a2 as the only first cell; a2 a3 b3 b2 a2 is not a path.
    const auto game = position({}, {{"a1"}, {"b1"}}, 0);
    CHECK(game.legal() == sorted({"a4", "a6", "b3", "b5", "c2", "c4", "d1", "d3", "e2"}));
}

TEST_CASE("kvadrat: paths do not pass through occupied cells") {
    // Red leaves h8 only h9, and h9 only h10: the path is h9 h10 and three more cells that
    // avoid g9 and i9.
    const auto game = kvadrat_board({}, 0, R"(
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .

        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .

        . . .  . . .  1 . 1  . . .  . . .
        . . .  . . .  1 0 1  . . .  . . .
        . . .  . . .  . 1 .  . . .  . . .

        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .

        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
    )");
    CHECK(game.legal() == sorted({"f9", "j9", "e10", "g10", "i10", "k10", "f11", "h11", "j11",
                                  "g12", "i12", "h13"}));
}

TEST_CASE("kvadrat: a piece walled in at c3 has no move and must pass") {
    auto game = kvadrat_board({}, 0, R"(
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .

        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .

        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .

        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
        . . 1  . . .  . . .  . . .  . . .

        . 1 0  1 . .  . . .  . . .  . . .
        . . 1  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
    )");
    CHECK(game.legal() == strings{"pass"});
    CHECK(game.to_move() == 0);
    check_refused(game, "c5", "must pass");
    REQUIRE(game.apply("pass").ok());
    CHECK(game.to_move() == 1);
    CHECK(!game.current_outcome().finished());
    CHECK(game.legal().size() > 1);
}

TEST_CASE("kvadrat: path at_most reaches every empty cell within distance five") {
    const auto game = position({{"path", "at_most"}}, {{"h8"}, {}}, 0);
    const auto expected = cells_where([](int file, int rank) {
        const int d = distance(file, rank, "h8");
        return d >= 1 && d <= 5;
    });
    REQUIRE(expected.size() == 60);
    CHECK(game.legal() == expected);

    // A Red wall on rank 9 from d9 to l9: going round it takes at least six cells, so nothing
    // above rank 8 is reachable.
    const auto walled = kvadrat_board({{"path", "at_most"}}, 0, R"(
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .

        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .

        . . .  1 1 1  1 1 1  1 1 1  . . .
        . . .  . . .  . 0 .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .

        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .

        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
        . . .  . . .  . . .  . . .  . . .
    )");
    const auto below = cells_where([](int file, int rank) {
        const int d = distance(file, rank, "h8");
        return d >= 1 && d <= 5 && rank <= 7;
    });
    REQUIRE(below.size() == 35);
    CHECK(walled.legal() == below);
}

TEST_CASE("kvadrat: plurality ownership examples") {
    std::vector<strings> two(2);
    fill(two, "A1", {4, 3});  // 4 Black vs 3 Red
    fill(two, "B1", {2, 2});
    fill(two, "C1", {1, 0});
    fill(two, "D1", {0, 1});
    const auto game = position({}, two, 0);
    CHECK(game.square_owner(square_index("A1")) == 0);
    CHECK(game.square_owner(square_index("B1")) == -1);
    CHECK(game.square_owner(square_index("C1")) == 0);
    CHECK(game.square_owner(square_index("D1")) == 1);
    CHECK(game.square_owner(square_index("E5")) == -1);  // 0 - 0
    CHECK(game.current_outcome().scores == std::vector<int>{2, 1});

    std::vector<strings> four(4);
    fill(four, "A1", {3, 2, 3, 1});  // 3 Black, 2 White, 3 Red, 1 Blue
    fill(four, "C3", {3, 2, 4, 0});  // 4 Red, 3 Black, 2 White
    const auto game4 = position(four_players, four, 0);
    CHECK(game4.square_owner(square_index("A1")) == -1);
    CHECK(game4.square_owner(square_index("C3")) == 2);
}

TEST_CASE("kvadrat: absolute ownership needs more than all others together") {
    const options absolute{{"players", std::int64_t{4}}, {"majority", "absolute"}};
    std::vector<strings> four(4);
    fill(four, "A1", {3, 2, 4, 0});  // 4 Red vs 3 + 2: neutral
    fill(four, "B1", {2, 1, 5, 1});  // 5 Red vs 2 + 1 + 1: Red
    fill(four, "C1", {1, 0, 3, 0});  // 3 Red vs 1, 5 empty: Red
    fill(four, "D1", {3, 2, 3, 1});  // 3 Red, 3 Black, 2 White, 1 Blue: neutral
    fill(four, "E1", {2, 1, 4, 1});  // 4 Red vs 2 + 1 + 1: half is not more
    const auto game = position(absolute, four, 0);
    CHECK(game.square_owner(square_index("A1")) == -1);
    CHECK(game.square_owner(square_index("B1")) == 2);
    CHECK(game.square_owner(square_index("C1")) == 2);
    CHECK(game.square_owner(square_index("D1")) == -1);
    CHECK(game.square_owner(square_index("E1")) == -1);

    std::vector<strings> two(2);
    fill(two, "A1", {1, 0});
    fill(two, "B1", {4, 3});
    const auto game2 = position({{"majority", "absolute"}}, two, 0);
    CHECK(game2.square_owner(square_index("A1")) == 0);
    CHECK(game2.square_owner(square_index("B1")) == 0);
}

TEST_CASE("kvadrat: plurality squares settle when the lead exceeds the empty positions") {
    std::vector<strings> two(2);
    fill(two, "A1", {5, 0});  // lead 5 > 4 empty
    fill(two, "B1", {4, 0});  // lead 4, 5 empty
    fill(two, "C1", {5, 2});  // lead 3 > 2 empty
    fill(two, "D1", {4, 2});  // lead 2, 3 empty
    fill(two, "E1", {5, 4});  // full
    fill(two, "A2", {3, 3});  // tie, 3 empty
    fill(two, "B2", {4, 4});  // tie, 1 empty
    const auto game = position({}, two, 0);
    CHECK(game.square_settled(square_index("A1")));
    CHECK(!game.square_settled(square_index("B1")));
    CHECK(game.square_settled(square_index("C1")));
    CHECK(!game.square_settled(square_index("D1")));
    CHECK(game.square_settled(square_index("E1")));
    CHECK(!game.square_settled(square_index("A2")));
    CHECK(!game.square_settled(square_index("B2")));
    CHECK(!game.square_settled(square_index("E5")));  // empty

    std::vector<strings> four(4);
    fill(four, "A1", {3, 2, 3, 1});  // full tie: settled neutral
    fill(four, "B1", {2, 2, 2, 1});  // tie with 2 empty: a leader can still emerge
    fill(four, "C1", {3, 2, 3, 0});  // 1 empty
    fill(four, "D1", {0, 1, 5, 0});  // lead 4 > 3 empty
    fill(four, "E1", {4, 1, 1, 0});  // lead 3 = 3 empty: the runner-up can still tie
    const auto game4 = position(four_players, four, 0);
    CHECK(game4.square_settled(square_index("A1")));
    CHECK(game4.square_owner(square_index("A1")) == -1);
    CHECK(!game4.square_settled(square_index("B1")));
    CHECK(!game4.square_settled(square_index("C1")));
    CHECK(game4.square_settled(square_index("D1")));
    CHECK(!game4.square_settled(square_index("E1")));
}

TEST_CASE("kvadrat: absolute squares settle owned or neutral for good") {
    const options absolute{{"players", std::int64_t{4}}, {"majority", "absolute"}};
    std::vector<strings> four(4);
    fill(four, "A1", {2, 2, 2, 1});  // nobody can exceed the rest even with both empties
    fill(four, "B1", {3, 2, 3, 0});  // 3 + 1 empty <= 5: neutral for good
    fill(four, "C1", {1, 0, 5, 0});  // 5 - 1 > 3 empty: Red for good
    fill(four, "D1", {1, 1, 4, 0});  // 4 - 2 = 2, 3 empty: could be pulled back to neutral
    fill(four, "E1", {2, 2, 2, 0});  // 2 + 3 empty > 4: someone could still win it
    fill(four, "A2", {1, 1, 1, 1});  // 5 empty
    const auto game = position(absolute, four, 0);
    CHECK(game.square_settled(square_index("A1")));
    CHECK(game.square_settled(square_index("B1")));
    CHECK(game.square_owner(square_index("B1")) == -1);
    CHECK(game.square_settled(square_index("C1")));
    CHECK(game.square_owner(square_index("C1")) == 2);
    CHECK(!game.square_settled(square_index("D1")));
    CHECK(game.square_owner(square_index("D1")) == 2);
    CHECK(!game.square_settled(square_index("E1")));
    CHECK(!game.square_settled(square_index("A2")));

    // Under plurality the same ties are still open.
    const auto plural = position(four_players, four, 0);
    CHECK(!plural.square_settled(square_index("A1")));
    CHECK(!plural.square_settled(square_index("B1")));
}

TEST_CASE("kvadrat: four players take turns clockwise from Black in the south") {
    auto game = make(four_players);
    const auto shown = game.describe();
    CHECK(field(shown, "edges") == view(view_list{"south", "west", "north", "east"}));
    CHECK(game.seat_name(0) == "Black");
    CHECK(game.seat_name(1) == "White");
    CHECK(game.seat_name(2) == "Red");
    CHECK(game.seat_name(3) == "Blue");
    CHECK(make({}).seat_name(1) == "Red");
    const strings moves{"h3", "c8", "h13", "m8", "h6"};
    for (std::size_t ply = 0; ply < moves.size(); ++ply) {
        CHECK(game.to_move() == static_cast<int>(ply % 4));
        REQUIRE(game.apply(moves[ply]).ok());
    }
    CHECK(game.to_move() == 1);
    CHECK(game.pieces_left(0) == 28);
    CHECK(game.pieces_left(1) == 29);
}

TEST_CASE("kvadrat: a seat out of pieces passes until the game ends") {
    const options two_each{{"pieces", std::int64_t{2}}};
    auto game = position(two_each, {{"h3", "h5"}, {"h13"}}, 0);
    CHECK(game.pieces_left(0) == 0);
    CHECK(game.pieces_left(1) == 1);
    CHECK(game.legal() == strings{"pass"});
    check_refused(game, "h8", "must pass");
    REQUIRE(game.apply("pass").ok());
    CHECK(game.to_move() == 1);
    REQUIRE(game.apply("h10").ok());
    CHECK(game.to_move() == -1);
    CHECK(game.legal().empty());
    const auto result = game.current_outcome();
    CHECK(result.finished());
    CHECK(result.reason == "no player can place a piece");
    CHECK(result.scores == std::vector<int>{2, 2});  // C1 C2 against C5 C4
    CHECK(result.draw());
}

TEST_CASE("kvadrat: the game ends as soon as every square is settled") {
    // Every square but E5 is full of one colour, Black on even column + row, Red on odd; E5 has
    // Black on m14 n14 m15 n15 and the open line m13 n13 o13 o14 o15.
    auto game = kvadrat_board({}, 0, R"(
        0 0 0  1 1 1  0 0 0  1 1 1  0 0 .
        0 0 0  1 1 1  0 0 0  1 1 1  0 0 .
        0 0 0  1 1 1  0 0 0  1 1 1  . . .

        1 1 1  0 0 0  1 1 1  0 0 0  1 1 1
        1 1 1  0 0 0  1 1 1  0 0 0  1 1 1
        1 1 1  0 0 0  1 1 1  0 0 0  1 1 1

        0 0 0  1 1 1  0 0 0  1 1 1  0 0 0
        0 0 0  1 1 1  0 0 0  1 1 1  0 0 0
        0 0 0  1 1 1  0 0 0  1 1 1  0 0 0

        1 1 1  0 0 0  1 1 1  0 0 0  1 1 1
        1 1 1  0 0 0  1 1 1  0 0 0  1 1 1
        1 1 1  0 0 0  1 1 1  0 0 0  1 1 1

        0 0 0  1 1 1  0 0 0  1 1 1  0 0 0
        0 0 0  1 1 1  0 0 0  1 1 1  0 0 0
        0 0 0  1 1 1  0 0 0  1 1 1  0 0 0
    )");
    CHECK(!game.current_outcome().finished());
    CHECK(game.legal() == strings{"m13", "o15"});
    REQUIRE(game.apply("o15").ok());
    CHECK(game.to_move() == -1);
    const auto result = game.current_outcome();
    CHECK(result.reason == "every square is settled");
    CHECK(result.scores == std::vector<int>{13, 12});
    CHECK(result.winners == std::vector<int>{0});
    check_refused(game, "m13", "over");
    check_refused(game, "pass", "over");
}

TEST_CASE("kvadrat: the game ends as soon as nobody can place") {
    SUBCASE("the last five-cell path is used") {
        // A1 and B1 are open along rank 1; every other square is full of one colour.
        auto game = kvadrat_board({}, 0, R"(
            0 0 0  1 1 1  0 0 0  1 1 1  0 0 0
            0 0 0  1 1 1  0 0 0  1 1 1  0 0 0
            0 0 0  1 1 1  0 0 0  1 1 1  0 0 0

            1 1 1  0 0 0  1 1 1  0 0 0  1 1 1
            1 1 1  0 0 0  1 1 1  0 0 0  1 1 1
            1 1 1  0 0 0  1 1 1  0 0 0  1 1 1

            0 0 0  1 1 1  0 0 0  1 1 1  0 0 0
            0 0 0  1 1 1  0 0 0  1 1 1  0 0 0
            0 0 0  1 1 1  0 0 0  1 1 1  0 0 0

            1 1 1  0 0 0  1 1 1  0 0 0  1 1 1
            1 1 1  0 0 0  1 1 1  0 0 0  1 1 1
            1 1 1  0 0 0  1 1 1  0 0 0  1 1 1

            1 0 1  1 0 1  0 0 0  1 1 1  0 0 0
            0 1 0  0 1 0  0 0 0  1 1 1  0 0 0
            . . .  . . 1  0 0 0  1 1 1  0 0 0
        )");
        CHECK(game.legal() == strings{"e1"});  // a1 b1 c1 d1 e1 from a2
        REQUIRE(game.apply("e1").ok());
        CHECK(game.to_move() == -1);
        const auto result = game.current_outcome();
        CHECK(result.reason == "no player can place a piece");
        CHECK(game.square_owner(square_index("A1")) == -1);  // 3 - 3
        CHECK(game.square_owner(square_index("B1")) == -1);  // 4 - 4
        CHECK(result.scores == std::vector<int>{12, 11});
        CHECK(result.winners == std::vector<int>{0});
    }
    SUBCASE("four players share first place") {
        auto game = make({{"players", std::int64_t{4}}, {"pieces", std::int64_t{1}}});
        for (const char* move : {"a1", "c3", "h13"}) REQUIRE(game.apply(move).ok());
        CHECK(!game.current_outcome().finished());
        REQUIRE(game.apply("o8").ok());
        const auto result = game.current_outcome();
        CHECK(result.finished());
        CHECK(result.reason == "no player can place a piece");
        CHECK(result.scores == std::vector<int>{0, 0, 1, 1});  // A1 is 1 - 1
        CHECK(result.winners == std::vector<int>{2, 3});
    }
    SUBCASE("two players tie") {
        auto game = make({{"pieces", std::int64_t{1}}});
        REQUIRE(game.apply("h3").ok());
        REQUIRE(game.apply("h13").ok());
        const auto result = game.current_outcome();
        CHECK(result.finished());
        CHECK(result.scores == std::vector<int>{1, 1});
        CHECK(result.draw());
        CHECK(result.winners.empty());
    }
}

TEST_CASE("kvadrat: bad tokens are refused and change nothing") {
    auto game = make();
    for (const char* token :
         {"", "z99", "A1", "a1 ", " a1", "h7-h8", "p16", "p1", "a0", "a16", "a01", "h"})
        check_refused(game, token, "not a cell");
    check_refused(game, "pass", "only allowed");
    check_refused(game, "h6", "no path");  // rank 6 is six cells from the edge
    REQUIRE(game.apply("h3").ok());
    REQUIRE(game.apply("h13").ok());
    check_refused(game, "h3", "occupied");
    check_refused(game, "h13", "occupied");
    check_refused(game, "h7", "no path");   // distance 4 from h3
    check_refused(game, "h14", "no path");  // near Red, far from Black
    CHECK(game.apply("h8").ok());
}

TEST_CASE("kvadrat: describe lists board, squares, pieces, edges and first moves") {
    const auto game = position({{"pieces", std::int64_t{5}}}, {{"b2", "a1"}, {"o15"}}, 1);
    const auto shown = game.describe();
    CHECK(field_names(shown) == strings{"files", "ranks", "cells", "players", "squares",
                                        "pieces_left", "edges", "placed_first"});
    CHECK(field(shown, "files") == view(15));
    CHECK(field(shown, "ranks") == view(15));
    CHECK(field(shown, "cells") == view(view_fields{{"a1", 0}, {"b2", 0}, {"o15", 1}}));
    CHECK(field(shown, "players") == view(2));
    CHECK(game.seat_name(1) == "Red");
    CHECK(field(shown, "pieces_left") == view(view_list{3, 4}));
    CHECK(field(shown, "edges") == view(view_list{"south", "north"}));
    CHECK(field(shown, "placed_first") == view(view_list{true, true}));
    const auto& squares = std::get<view_list>(field(shown, "squares").value);
    REQUIRE(squares.size() == 25);
    CHECK(squares[0] ==
          view(view_fields{
              {"name", "A1"}, {"counts", view_list{2, 0}}, {"owner", 0}, {"settled", false}}));
    CHECK(squares[1] ==
          view(view_fields{
              {"name", "B1"}, {"counts", view_list{0, 0}}, {"owner", view()}, {"settled", false}}));
    CHECK(field(squares[5], "name") == view("A2"));
    CHECK(field(squares[24], "name") == view("E5"));
    CHECK(field(squares[24], "owner") == view(1));

    const auto fresh = make(four_players).describe();
    CHECK(field(fresh, "cells") == view(view_fields{}));
    CHECK(field(fresh, "pieces_left") == view(view_list{30, 30, 30, 30}));
    CHECK(field(fresh, "placed_first") == view(view_list{false, false, false, false}));
    CHECK(field(make().describe(), "pieces_left") == view(view_list{view(), view()}));
}

TEST_CASE("kvadrat: from_cells refuses positions it cannot build") {
    CHECK(!kvadrat::from_cells({}, {{"a1"}}, 0).ok());
    CHECK(!kvadrat::from_cells({}, {{"a1"}, {"a1"}}, 0).ok());
    CHECK(!kvadrat::from_cells({}, {{"a1"}, {"p1"}}, 0).ok());
    CHECK(!kvadrat::from_cells({}, {{"a1"}, {}}, 2).ok());
    CHECK(!kvadrat::from_cells({{"pieces", std::int64_t{1}}}, {{"a1", "a2"}, {}}, 0).ok());
    CHECK(!kvadrat::from_cells({{"players", std::int64_t{3}}}, {{}, {}, {}}, 0).ok());
}

TEST_CASE("kvadrat: random playouts agree with a brute-force reading of the rules") {
    const std::vector<options> variants{
        {},
        {{"path", "at_most"}},
        {{"pieces", std::int64_t{20}}},
        {{"players", std::int64_t{4}}},
        {{"players", std::int64_t{4}}, {"majority", "absolute"}, {"pieces", "unlimited"}},
        {{"players", std::int64_t{4}}, {"path", "at_most"}, {"pieces", std::int64_t{40}}},
    };
    std::mt19937 random(20240601);
    for (const auto& given : variants) {
        const bool absolute = given.contains("majority");
        for (int round = 0; round < 3; ++round) {
            auto game = make(given);
            const int players = game.seat_count();
            int plies = 0;
            for (;; ++plies) {
                REQUIRE(plies < 1000);
                // Squares: owner and settledness by definition; scores from the owners.
                const auto board = board_of(game);
                std::vector<int> owners, expected_owners, scores(players, 0);
                std::vector<bool> settled, expected_settled;
                for (int square = 0; square < 25; ++square) {
                    std::vector<int> counts(players, 0);
                    int empty = 0;
                    for (int i = 0; i < 9; ++i) {
                        const int f = 3 * (square % 5) + i % 3, r = 3 * (square / 5) + i / 3;
                        const int seat = board.seat_at[f + 15 * r];
                        if (seat < 0)
                            ++empty;
                        else
                            ++counts[seat];
                    }
                    owners.push_back(game.square_owner(square));
                    expected_owners.push_back(reference_owner(counts, absolute));
                    if (expected_owners.back() >= 0) ++scores[expected_owners.back()];
                    settled.push_back(game.square_settled(square));
                    expected_settled.push_back(reference_settled(counts, empty, absolute));
                }
                REQUIRE(owners == expected_owners);
                REQUIRE(settled == expected_settled);
                REQUIRE(game.current_outcome().scores == scores);
                const bool all_settled = std::count(settled.begin(), settled.end(), true) == 25;
                reference_paths paths(game, board);
                bool anyone_can_place = false;
                for (int seat = 0; seat < players && !anyone_can_place; ++seat)
                    anyone_can_place = !paths.ends(seat).empty();
                const auto legal = game.legal();
                REQUIRE(std::is_sorted(legal.begin(), legal.end()));
                if (all_settled || !anyone_can_place) {
                    CHECK(game.to_move() == -1);
                    CHECK(legal.empty());
                    const auto result = game.current_outcome();
                    CHECK(result.reason == (all_settled ? "every square is settled"
                                                        : "no player can place a piece"));
                    const int top = *std::max_element(scores.begin(), scores.end());
                    std::vector<int> winners;
                    for (int seat = 0; seat < players; ++seat)
                        if (scores[seat] == top) winners.push_back(seat);
                    if (static_cast<int>(winners.size()) == players) winners.clear();
                    CHECK(result.winners == winners);
                    break;
                }
                REQUIRE(game.to_move() == plies % players);
                auto expected = paths.ends(game.to_move());
                if (expected.empty()) expected = {"pass"};
                REQUIRE(legal == expected);
                const auto& token = legal[random() % legal.size()];
                REQUIRE(game.apply(token).ok());
            }
            CHECK(plies > 20);
        }
    }
}

// Random boards of every density, including seats still to make their first move, stress the
// path search with shapes that games rarely reach: holes, corridors and unit-square loops.
TEST_CASE("kvadrat: legal placements on random boards agree with a brute-force path search") {
    std::mt19937 random(20261130);
    const options unlimited_four{{"players", std::int64_t{4}}, {"pieces", "unlimited"}};
    const std::vector<options> variants{
        {},
        {{"path", "at_most"}},
        unlimited_four,
        {{"players", std::int64_t{4}}, {"pieces", "unlimited"}, {"path", "at_most"}},
    };
    int compared = 0, passes = 0, first_moves = 0;
    for (int trial = 0; trial < 400; ++trial) {
        CAPTURE(trial);
        const auto& given = variants[static_cast<std::size_t>(trial) % variants.size()];
        const int players = given.contains("players") ? 4 : 2;
        const int density = static_cast<int>(random() % 96);
        std::vector<strings> cells(static_cast<std::size_t>(players));
        const auto absent = static_cast<int>(random() % (players + 1));  // a seat with no pieces
        for (int file = 0; file < 15; ++file) {
            for (int rank = 0; rank < 15; ++rank) {
                if (static_cast<int>(random() % 100) >= density) continue;
                const auto seat = static_cast<int>(random() % static_cast<unsigned>(players));
                if (seat != absent)
                    cells[static_cast<std::size_t>(seat)].push_back(cell_name(file, rank));
            }
        }
        const int to_move = static_cast<int>(random() % static_cast<unsigned>(players));
        auto game = position(given, cells, to_move);
        if (game.to_move() < 0) continue;
        REQUIRE(game.to_move() == to_move);
        const auto board = board_of(game);
        reference_paths paths(game, board);
        auto expected = paths.ends(to_move);
        if (expected.empty()) {
            expected = {"pass"};
            ++passes;
        }
        first_moves += !game.placed_first(to_move);
        REQUIRE(game.legal() == expected);
        ++compared;
    }
    CHECK(compared > 300);
    CHECK(passes > 0);
    CHECK(first_moves > 50);
}

TEST_CASE("kvadrat: a retired seat passes from then on and its pieces still score") {
    auto game = make({{"players", std::int64_t{4}}, {"pieces", std::int64_t{2}}});
    for (const char* move : {"b2", "b5", "h13"}) REQUIRE(game.apply(move).ok());
    CHECK(game.to_move() == 3);
    CHECK_FALSE(game.retired(1));
    REQUIRE(game.retire(1).ok());
    CHECK(game.retired(1));
    CHECK(game.to_move() == 3);  // retiring another seat leaves the turn alone
    REQUIRE(game.apply("o8").ok());
    REQUIRE(game.apply("c2").ok());
    CHECK(game.to_move() == 1);
    CHECK(game.legal() == strings{"pass"});  // White still has a piece but no longer plays
    check_refused(game, "c8", "must pass");
    REQUIRE(game.apply("pass").ok());
    CHECK(game.to_move() == 2);
    const auto scores = game.current_outcome().scores;
    CHECK(scores[1] == 1);  // White's b5 still holds A2
    CHECK(game.retire(1).reason().find("already retired") != std::string::npos);
}

TEST_CASE("kvadrat: retiring the seat to move turns its move into a pass") {
    auto game = make({{"players", std::int64_t{4}}});
    REQUIRE(game.apply("h3").ok());
    CHECK(game.to_move() == 1);
    REQUIRE(game.retire(1).ok());
    CHECK(game.to_move() == 1);
    CHECK(game.legal() == strings{"pass"});
    REQUIRE(game.apply("pass").ok());
    CHECK(game.to_move() == 2);
}

TEST_CASE("kvadrat: the game ends when no seat still in it can place") {
    auto game = make({{"players", std::int64_t{4}}, {"pieces", std::int64_t{1}}});
    for (const char* move : {"a1", "c3"}) REQUIRE(game.apply(move).ok());
    REQUIRE(game.retire(3).ok());
    CHECK(!game.current_outcome().finished());
    REQUIRE(game.apply("h13").ok());  // Red's last piece; Blue is retired, nobody can place
    CHECK(game.to_move() == -1);
    CHECK(game.current_outcome().reason == "no player can place a piece");
    CHECK(game.retire(0).reason().find("over") != std::string::npos);
}

TEST_CASE("kvadrat: only a 4-player game retires seats, and only seats it has") {
    auto two = make();
    auto before = two;
    CHECK_FALSE(two.retire(1).ok());
    CHECK(two == before);
    auto four = make(four_players);
    CHECK_FALSE(four.retire(4).ok());
    CHECK_FALSE(four.retire(-1).ok());
    CHECK(four == make(four_players));
    auto other = create_game("kvadratura", {});
    REQUIRE(other);
    CHECK_FALSE(other.value()->retire(0).ok());
    CHECK_FALSE(other.value()->retired(0));
}
