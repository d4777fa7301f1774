// Quadrature (docs/rules.md §1): random games and random crowded positions against the cell-by-cell
// reference model (quadrature_reference.hpp).

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "quadrature_helpers.hpp"
#include "quadrature_reference.hpp"
#include "rules/quadrature.hpp"

using namespace quadra::rules;
using namespace quadra::testing::quadrature_helpers;
using quadra::testing::quadrature_reference;

TEST_CASE("random games agree with a cell-by-cell reference model of the rules") {
    int finished_by_men = 0, finished_by_goal = 0, plies = 0;
    for (auto setup : {quadrature_setup::men18, quadrature_setup::steere9}) {
        for (std::uint64_t seed = 1; seed <= 6; ++seed) {
            CAPTURE(seed);
            quadrature game(setup);
            std::mt19937_64 rng(seed);
            while (!game.current_outcome().finished()) {
                auto model = quadrature_reference::of(game);
                const auto legal = game.legal();
                REQUIRE(legal == model.legal());
                const auto& token = legal[rng() % legal.size()];
                CAPTURE(token);
                REQUIRE(game.apply(token).ok());
                ++plies;
                if (token == "pass") continue;
                const auto from = parse_cell(token.substr(0, token.find('-')), 11, 11).value();
                const auto to = parse_cell(token.substr(token.find('-') + 1), 11, 11).value();
                const int mover = model.side;
                const auto taken = model.step(from, to);
                strings taken_names;
                for (const auto& c : taken) taken_names.push_back(cell_name(c));
                CHECK(exchanged(game) == taken_names);
                for (int f = 0; f < 11; ++f)
                    for (int k = 0; k < 11; ++k)
                        REQUIRE(game.seat_at(cell{f, k}) == model.board[f][k]);
                const int expected_marker =
                    from.rank == to.rank && taken.empty() ? model.markers[mover] + 1 : 0;
                CHECK(game.marker(mover) == expected_marker);

                int opponent_men = 0;
                for (const auto& file : model.board)
                    opponent_men +=
                        static_cast<int>(std::count(file.begin(), file.end(), 1 - mover));
                const int goal = mover == 0 ? 10 : 0;
                const bool goal_full = model.board[4][goal] == mover &&
                                       model.board[5][goal] == mover &&
                                       model.board[6][goal] == mover;
                const auto result = game.current_outcome();
                if (opponent_men <= 2 || goal_full) {
                    REQUIRE(result.winners == std::vector<int>{mover});
                    (opponent_men <= 2 ? finished_by_men : finished_by_goal)++;
                } else {
                    CHECK(result.winners.empty());
                }
            }
        }
    }
    // The random games exercise both ways to win.
    CHECK(finished_by_men > 0);
    CHECK(finished_by_goal > 0);
    CHECK(plies > 1000);
}

// Random crowded positions reach rectangles, cascades, blocked cells and marker-2 sideways moves
// far more often than games from the start.
TEST_CASE("every move of random crowded positions agrees with the reference model") {
    std::mt19937_64 rng(2026);
    int cascades = 0, blocked = 0, marker_refusals = 0;
    for (int trial = 0; trial < 100; ++trial) {
        CAPTURE(trial);
        strings black, white;
        for (int f = 0; f < 11; ++f) {
            for (int k = 0; k < 11; ++k) {
                const auto roll = rng() % 100;
                if (roll < 22)
                    black.push_back(cell_name(f, k));
                else if (roll < 44)
                    white.push_back(cell_name(f, k));
            }
        }
        const int side = static_cast<int>(rng() % 2);
        const auto game = quadrature::from_position(black, white, side, static_cast<int>(rng() % 3),
                                                    static_cast<int>(rng() % 3));
        if (game.current_outcome().finished()) continue;
        const auto model = quadrature_reference::of(game);
        const auto legal = game.legal();
        REQUIRE(legal == model.legal());

        // Every step onto an empty cell that is missing from legal() is refused.
        for (const auto& name : side == 0 ? black : white) {
            const auto from = parse_cell(name, 11, 11).value();
            for (int df = -1; df <= 1; ++df) {
                for (int dk : {0, side == 0 ? 1 : -1}) {
                    const cell to{from.file + df, from.rank + dk};
                    if ((df == 0 && dk == 0) || to.file < 0 || to.file > 10 || to.rank < 0 ||
                        to.rank > 10 || game.seat_at(to) >= 0)
                        continue;
                    const auto token = name + "-" + cell_name(to);
                    if (is_legal(game, token)) continue;
                    auto copy = game;
                    const auto refused = copy.apply(token);
                    REQUIRE_FALSE(refused.ok());
                    CHECK(copy == game);
                    (refused.reason().find("marker") != std::string::npos ? marker_refusals
                                                                          : blocked)++;
                }
            }
        }

        for (const auto& token : legal) {
            if (token == "pass") continue;
            CAPTURE(token);
            auto after = game;
            REQUIRE(after.apply(token).ok());
            auto expected = model;
            const auto from = parse_cell(token.substr(0, token.find('-')), 11, 11).value();
            const auto to = parse_cell(token.substr(token.find('-') + 1), 11, 11).value();
            const auto taken = expected.step(from, to);
            strings taken_names;
            for (const auto& c : taken) taken_names.push_back(cell_name(c));
            CHECK(exchanged(after) == taken_names);
            cascades += taken.size() > 1;
            for (int f = 0; f < 11; ++f)
                for (int k = 0; k < 11; ++k)
                    REQUIRE(after.seat_at(cell{f, k}) == expected.board[f][k]);
            CHECK(after.marker(side) ==
                  (from.rank == to.rank && taken.empty() ? model.markers[side] + 1 : 0));
            CHECK(after.marker(1 - side) == model.markers[1 - side]);
            int opponent_men = 0;
            for (const auto& file : expected.board)
                opponent_men += static_cast<int>(std::count(file.begin(), file.end(), 1 - side));
            const int goal = side == 0 ? 10 : 0;
            const bool goal_full = expected.board[4][goal] == side &&
                                   expected.board[5][goal] == side &&
                                   expected.board[6][goal] == side;
            const auto result = after.current_outcome();
            if (opponent_men <= 2 || goal_full)
                CHECK(result.winners == std::vector<int>{side});
            else
                CHECK(result.winners.empty());
        }
    }
    CHECK(cascades > 500);
    CHECK(blocked > 500);
    CHECK(marker_refusals > 20);
}
