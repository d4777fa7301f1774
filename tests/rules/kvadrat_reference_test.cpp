// Kvadrat (docs/rules.md §3): random playouts and random boards against the brute-force reading of
// the rules in kvadrat_reference.hpp.

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "kvadrat_helpers.hpp"
#include "kvadrat_reference.hpp"
#include "rules/kvadrat.hpp"

using namespace quadra::rules;
using namespace quadra::testing;
using namespace quadra::testing::kvadrat_helpers;

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
