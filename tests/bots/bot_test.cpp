// The bots: they beat random play in every game with legal moves only, repeat themselves for a
// seed, finish a 4-player game, the Kvadratura policy avoids its own squares, the Quadrature
// policy takes an exchange and the Quadwrangle policy re-rolls a poor play.

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <string>
#include <vector>

#include "bots/chance.hpp"
#include "bots/kvadratura_policy.hpp"
#include "bots/level.hpp"
#include "bots/random.hpp"
#include "bots/search.hpp"
#include "rules/kvadratura.hpp"
#include "rules/quadrature.hpp"
#include "rules/quadwrangle.hpp"
#include "rules/registry.hpp"

using namespace quadra;

namespace {

// Sanitizers make playouts 5-10x slower; those builds play fewer games per case.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool sanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool sanitized = true;
#else
constexpr bool sanitized = false;
#endif
#else
constexpr bool sanitized = false;
#endif

std::unique_ptr<rules::game> start(std::string_view id, const rules::options& given = {}) {
    auto game = rules::create_game(id, given);
    if (!game) FAIL(game.reason());
    return std::move(game).value();
}

bool is_legal(const rules::game& game, const std::string& request) {
    const auto legal = game.legal();
    return std::binary_search(legal.begin(), legal.end(), request);
}

// Plays `games` games of the lowest searching level against uniform random play, alternating
// seat 0; checks every bot request is legal and returns the bot's wins.
int wins_against_random(std::string_view id, int games) {
    int wins = 0;
    for (int number = 0; number < games; ++number) {
        const int bot_seat = number % 2;
        auto game = start(id);
        bots::rng dice(bots::derive_seed(2026, std::uint64_t(number), 1));
        for (int ply = 0; !game->finished(); ++ply) {
            const bool bot = game->to_move() == bot_seat;
            const auto seed = bots::derive_seed(1130, std::uint64_t(number), std::uint64_t(ply));
            const auto choice = bots::choose_move(
                *game, bots::level_budget(bot ? bots::level::easy : bots::level::random), seed);
            if (bot) REQUIRE_MESSAGE(is_legal(*game, choice.request), choice.request);
            bots::play_request(*game, choice.request, dice);
        }
        const auto end = game->current_outcome();
        if (end.winners == std::vector<int>{bot_seat}) ++wins;
    }
    return wins;
}

void check_beats_random(std::string_view id) {
    const int games = sanitized ? 10 : 50;
    const int wins = wins_against_random(id, games);
    MESSAGE(id << ": easy won " << wins << " of " << games << " against random");
    CHECK(wins * 10 >= games * 9);
}

// A position some plies into a game, reached by random play.
std::unique_ptr<rules::game> midgame(std::string_view id, int plies, std::uint64_t seed,
                                     const rules::options& given = {}) {
    auto game = start(id, given);
    bots::rng random(seed);
    for (int ply = 0; ply < plies && !game->finished(); ++ply) {
        const auto legal = game->legal();
        bots::play_request(*game, legal[random.below(std::uint32_t(legal.size()))], random);
    }
    return game;
}

}  // namespace

TEST_CASE("levels parse by name and spend growing budgets") {
    const auto levels = bots::all_levels();
    CHECK(levels.size() == 5);
    for (const auto strength : levels)
        CHECK(bots::parse_level(bots::level_name(strength)) == strength);
    CHECK(bots::level_name(levels.back()) == "expert");
    CHECK_FALSE(bots::parse_level("Hard").has_value());
    CHECK_FALSE(bots::parse_level("").has_value());
    CHECK(bots::level_playouts(bots::level::random) == 0);
    CHECK(bots::level_playouts(bots::level::easy) < bots::level_playouts(bots::level::medium));
    CHECK(bots::level_playouts(bots::level::medium) < bots::level_playouts(bots::level::hard));
    CHECK(bots::level_playouts(bots::level::hard) < bots::level_playouts(bots::level::expert));
}

TEST_CASE("easy beats random in quadrature") { check_beats_random("quadrature"); }
TEST_CASE("easy beats random in quadwrangle") { check_beats_random("quadwrangle"); }
TEST_CASE("easy beats random in kvadrat") { check_beats_random("kvadrat"); }
TEST_CASE("easy beats random in kvadratura") { check_beats_random("kvadratura"); }

TEST_CASE("the same seed gives the same move") {
    for (const auto* type : rules::game_types()) {
        CAPTURE(type->id);
        auto game = midgame(type->id, 7, 99);
        REQUIRE_FALSE(game->finished());
        const auto budget = bots::level_budget(bots::level::easy);
        const auto first = bots::choose_move(*game, budget, 4242);
        const auto second = bots::choose_move(*game, budget, 4242);
        CHECK(first.request == second.request);
        CHECK(first.playouts == second.playouts);
        CHECK(first.value == second.value);
        CHECK(is_legal(*game, first.request));
    }
}

TEST_CASE("a single legal request is answered without search") {
    auto game = start("quadwrangle");
    const auto choice = bots::choose_move(*game, bots::level_budget(bots::level::hard), 1);
    CHECK(choice.request == "roll");
    CHECK(choice.playouts == 0);
}

TEST_CASE("a stop request ends the search after its first playout") {
    auto game = start("kvadratura");
    const std::atomic<bool> stop = true;
    const auto choice = bots::choose_move(*game, {1000, std::nullopt, &stop}, 5);
    CHECK(choice.playouts == 1);
    CHECK(choice.cut_short);
    CHECK(is_legal(*game, choice.request));

    const auto late = bots::choose_move(
        *game, {1000, std::chrono::steady_clock::now() - std::chrono::seconds(1), nullptr}, 5);
    CHECK(late.playouts < 1000);
    CHECK(late.cut_short);
}

TEST_CASE("a finished game is a programmer error") {
    auto game = start("kvadratura", {{"size", 3}});
    bots::rng random(3);
    while (!game->finished()) bots::play_request(*game, game->legal().front(), random);
    CHECK_THROWS_AS(bots::choose_move(*game, bots::level_budget(bots::level::easy), 1),
                    std::invalid_argument);
}

TEST_CASE("four bots finish a 4-player kvadrat game") {
    auto game = start("kvadrat", {{"players", 4}});
    REQUIRE(game->seat_count() == 4);
    bots::rng dice(8);
    int ply = 0;
    for (; !game->finished(); ++ply) {
        const auto choice = bots::choose_move(*game, bots::level_budget(bots::level::easy),
                                              bots::derive_seed(44, std::uint64_t(ply)));
        REQUIRE(is_legal(*game, choice.request));
        bots::play_request(*game, choice.request, dice);
    }
    CHECK(game->current_outcome().finished());
    MESSAGE("4-player kvadrat finished after " << ply
                                               << " plies: " << game->current_outcome().reason);
}

TEST_CASE("the kvadratura policy never completes its own square while another move exists") {
    const auto& policy = *bots::find_policy("kvadratura");
    int checked = 0, forced = 0;
    for (const int size : {4, 5, 8}) {
        for (std::uint64_t seed = 0; seed < (sanitized ? 10u : 40u); ++seed) {
            auto game = start("kvadratura", {{"size", size}});
            bots::rng random(bots::derive_seed(7, seed, std::uint64_t(size)));
            while (!game->finished()) {
                const auto legal = game->legal();
                // Which moves lose at once, found by the rules rather than the policy's tables.
                std::vector<bool> loses(legal.size());
                for (std::size_t i = 0; i < legal.size(); ++i) {
                    auto after = game->clone();
                    REQUIRE(after->apply(legal[i]));
                    const auto end = after->current_outcome();
                    loses[i] =
                        end.finished() && end.winners == std::vector<int>{1 - game->to_move()};
                    const auto& board = dynamic_cast<const rules::kvadratura&>(*game);
                    CHECK(loses[i] == bots::completes_own_square(
                                          board, *rules::parse_cell(legal[i], size, size)));
                }
                const bool safe_exists =
                    std::find(loses.begin(), loses.end(), false) != loses.end();
                const auto pick = legal.size() > 1 ? policy.choose(*game, legal, random) : 0;
                if (safe_exists) {
                    CHECK_FALSE(loses[pick]);
                    ++checked;
                } else {
                    ++forced;
                }
                REQUIRE(game->apply(legal[pick]));
            }
        }
    }
    CHECK(checked > 0);
    CHECK(forced > 0);
}

TEST_CASE("the quadrature policy takes a step onto the corner facing an enemy man") {
    const auto& policy = *bots::find_policy("quadrature");
    // `expected` squares the enemy man on the corner across the rectangle from its destination;
    // the rules confirm it is the only step that exchanges, and the policy takes it every time.
    auto check_takes = [&](const rules::quadrature& position, const std::string& expected) {
        const auto legal = position.legal();
        REQUIRE(std::find(legal.begin(), legal.end(), expected) != legal.end());
        const int seat = position.to_move();
        for (const auto& request : legal) {
            auto after = position;
            REQUIRE(after.apply(request));
            CHECK((after.men(seat) > position.men(seat)) == (request == expected));
        }
        for (std::uint64_t seed = 0; seed < 50; ++seed) {
            bots::rng random(seed);
            CHECK(legal.at(policy.choose(position, legal, random)) == expected);
        }
    };
    // Black b5-b6 faces White's e2 across b6-e6-e2-b2.
    check_takes(rules::quadrature::from_position({"b5", "b2", "e6"}, {"e2", "j11", "k11"}, 0),
                "b5-b6");
    // White b11-b10 faces Black's e4 across b10-e10-e4-b4 (tokens with two-digit ranks).
    check_takes(rules::quadrature::from_position({"e4", "a1", "k1"}, {"b11", "e10", "b4"}, 1),
                "b11-b10");
}

TEST_CASE("the quadwrangle policy re-rolls a poor play while it may, and takes a good one") {
    const auto& policy = *bots::find_policy("quadwrangle");
    // The request the policy picks with `rolls` made and `dice` showing; lane 6 at `six`.
    auto pick = [&](int rolls, const std::array<int, 5>& dice, int six = 0) {
        std::array<int, 9> positions{};
        positions[5] = six;
        auto made = rules::quadwrangle::from_position(4, 3, positions, 0, rolls, dice);
        REQUIRE(made);
        const auto legal = made.value().legal();
        bots::rng random(3);
        return legal.at(policy.choose(made.value(), legal, random));
    };
    // A pair of sixes moves one square: keep them and throw dice 2, 4 and 5.
    CHECK(pick(1, {6, 2, 6, 3, 1}) == "reroll 2 4 5");
    CHECK(pick(2, {6, 2, 6, 3, 1}) == "reroll 2 4 5");
    // Three fours move two squares: keep them. Two pairs (1 + 1): keep the higher face.
    CHECK(pick(1, {3, 4, 4, 1, 4}) == "reroll 1 4");
    CHECK(pick(1, {6, 2, 6, 2, 1}) == "reroll 2 4 5");
    // A full house gains 3 (fours +2, ones +1): played.
    CHECK(pick(1, {1, 4, 4, 1, 4}) == "play lanes");
    // No play at all: throw all five.
    CHECK(pick(1, {1, 2, 3, 4, 6}) == "reroll 1 2 3 4 5");
    // The third roll leaves no choice but to play, or pass.
    CHECK(pick(3, {6, 2, 6, 3, 1}) == "play lanes");
    CHECK(pick(3, {1, 2, 3, 4, 6}) == "pass");
    // 6-6-6-5-5 gains 3 either way (lanes 6 +2 and 5 +1, or high +3): the first listed is taken.
    CHECK(pick(1, {6, 6, 6, 5, 5}) == "play high");
    // A high run moves `run` 3.
    CHECK(pick(1, {2, 3, 4, 5, 6}) == "play run");
    // The same pair of sixes puts lane 6 from -3 on seat 0's red square: 1 square + 2, played.
    CHECK(pick(1, {6, 2, 6, 3, 1}, -3) == "play lanes");
}
