// The engine's analysis of a position: the same best request as choose_move, every tried
// request ranked by visits, the expected line, each seat's chances, a losing move valued 0, and
// a large search that goes deeper where its game asks for it.

#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include "bots/chance.hpp"
#include "bots/policy.hpp"
#include "bots/random.hpp"
#include "bots/search.hpp"
#include "rules/registry.hpp"

using namespace quadra;

namespace {

std::unique_ptr<rules::game> at(std::string_view notation) {
    auto game = rules::from_position(notation);
    if (!game) FAIL(game.reason());
    return std::move(game).value();
}

// A game of `id` after `plies` random requests.
std::unique_ptr<rules::game> midgame(std::string_view id, int plies, std::uint64_t seed) {
    auto game = rules::create_game(id, {}).value();
    bots::rng random(seed);
    for (int ply = 0; ply < plies && !game->finished(); ++ply) {
        const auto legal = game->legal();
        bots::play_request(*game, legal[random.below(std::uint32_t(legal.size()))], random);
    }
    return game;
}

}  // namespace

TEST_CASE("the analysis's best request is choose_move's, and its moves account for every playout") {
    for (const auto* type : rules::game_types()) {
        CAPTURE(type->id);
        auto game = midgame(type->id, 9, 17);
        REQUIRE(game->legal().size() > 1);
        const bots::budget budget{600, std::nullopt, {}};
        const auto chosen = bots::choose_move(*game, budget, 77);
        const auto seen = bots::analyse(*game, budget, 77);
        CHECK(seen.best.request == chosen.request);
        CHECK(seen.best.playouts == 600);
        CHECK(seen.best.value == chosen.value);

        REQUIRE_FALSE(seen.moves.empty());
        CHECK(seen.moves.front().request == chosen.request);
        int visits = 0;
        for (std::size_t i = 0; i < seen.moves.size(); ++i) {
            visits += seen.moves[i].visits;
            if (i > 0) CHECK(seen.moves[i - 1].visits >= seen.moves[i].visits);
        }
        CHECK(visits == 600);

        REQUIRE_FALSE(seen.line.empty());
        CHECK(seen.line.front() == chosen.request);
        REQUIRE(seen.seat_values.size() == std::size_t(game->seat_count()));
        CHECK(std::accumulate(seen.seat_values.begin(), seen.seat_values.end(), 0.0) ==
              doctest::Approx(1.0));
        CHECK(seen.seat_values[std::size_t(game->to_move())] == doctest::Approx(chosen.value));
    }
}

TEST_CASE("a move that completes the mover's own square is valued 0 and not chosen") {
    // Kvadratura, first square loses: White's b2 would complete a1 b1 a2 b2; c1 and c2 do not.
    auto game = at("kvadratura:l:BBB/W2/WW1");
    const auto seen = bots::analyse(*game, {300, std::nullopt, {}}, 5);
    REQUIRE(seen.moves.size() == 3);
    CHECK(seen.best.request != "b2");
    for (const auto& move : seen.moves) {
        CAPTURE(move.request);
        if (move.request == "b2")
            CHECK(move.value == 0.0);
        else
            CHECK(move.value > 0.0);
    }
}

TEST_CASE("the expected line is a sequence of legal requests from the position") {
    auto game = at("kvadratura:l:5/5/5/5/5");
    const auto seen = bots::analyse(*game, {3000, std::nullopt, {}}, 11);
    REQUIRE(seen.line.size() >= 2);
    for (const auto& request : seen.line) {
        CAPTURE(request);
        const auto legal = game->legal();
        REQUIRE(std::find(legal.begin(), legal.end(), request) != legal.end());
        REQUIRE(game->apply(request).ok());
    }
}

TEST_CASE("one legal request is still searched, to value the position; a finished game is not") {
    auto game = rules::create_game("quadwrangle", {}).value();
    const auto seen = bots::analyse(*game, {200, std::nullopt, {}}, 9);
    CHECK(seen.best.request == "roll");
    CHECK(seen.best.playouts == 200);
    REQUIRE(seen.seat_values.size() == 2);
    CHECK(seen.seat_values[0] > 0.0);
    CHECK(seen.seat_values[1] > 0.0);

    auto over = at("kvadratura:l:BBB/WW1/WW1");
    REQUIRE(over->finished());
    const auto nothing = bots::analyse(*over, {200, std::nullopt, {}}, 9);
    CHECK(nothing.moves.empty());
    CHECK(nothing.line.empty());
    CHECK(nothing.best.request.empty());
}

TEST_CASE("the search's tree ends at a roll: the expected line stops at its first roll") {
    // After the first roll (dice 6 2 6 3 1), the side to move re-rolls or plays; either way the
    // line ends with the first request that rolls dice: a re-roll, or the opponent's roll.
    for (const std::uint64_t seed : {1, 2, 3}) {
        CAPTURE(seed);
        auto game = at("quadwrangle:4:3:000000000:1:1:62631");
        const auto seen = bots::analyse(*game, {20000, std::nullopt, {}}, seed);
        REQUIRE_FALSE(seen.line.empty());
        for (std::size_t i = 0; i < seen.line.size(); ++i) {
            CAPTURE(seen.line[i]);
            const bool rolls = game->dice_needed(seen.line[i]) > 0;
            CHECK(rolls == (i + 1 == seen.line.size()));
            bots::rng dice(seed);
            bots::play_request(*game, seen.line[i], dice);
        }
    }
}

TEST_CASE("a large quadrature search spends its playouts on the move that wins a man") {
    // Black b5-b6 exchanges White's e2 (b6-e6-e2-b2); the other 22 requests win nothing.
    const auto game = at("quadrature:m:7WWWW/7W3/11/11/11/4B6/1B9/11/6BB3/1B2W6/11:b:00:-:1");
    auto share_of_exchange = [&](int playouts) {
        const auto seen = bots::analyse(*game, {playouts, {}, nullptr}, 1);
        REQUIRE(seen.best.request == "b5-b6");
        return double(seen.moves.front().visits) / playouts;
    };
    // Quadrature's selective weight (0.5) against the broad one (1) at one playout more.
    CHECK(share_of_exchange(bots::selective_playouts - 1) < 0.5);
    CHECK(share_of_exchange(bots::selective_playouts) > 0.7);
}
