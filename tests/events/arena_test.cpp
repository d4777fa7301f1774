// Arena pairing waves small enough to pair by hand (docs/rules.md §9). With last
// place L, a pair h < l places costs (l − h) · (300 + 1700 · (L − h) / L) + |rating difference|.

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "events/arena.hpp"

using namespace quadra::events;

namespace {

constexpr bool f = true;   // had the first move
constexpr bool s = false;  // had the second move

arena_player player(std::string id, int rank, std::vector<bool> first_moves = {},
                    std::optional<std::string> last_opponent = std::nullopt, int rating = 1500) {
    return {.id = std::move(id),
            .rank = rank,
            .rating = rating,
            .last_opponent = std::move(last_opponent),
            .first_moves = std::move(first_moves)};
}

void check_pairing(const arena_pairing& pairing, const std::string& first,
                   const std::string& second) {
    CHECK(pairing.first == first);
    CHECK(pairing.second == second);
}

}  // namespace

TEST_CASE("neighbours in the standings pair, with no history the higher-placed moves first") {
    // L = 4: {1-2, 3-4} costs 1575 + 725 = 2300, {1-3, 2-4} 3150 + 2300, {1-4, 2-3} 4725 + 1150.
    const std::vector<arena_player> waiting{player("d", 4), player("b", 2), player("a", 1),
                                            player("c", 3)};
    const arena_wave wave = pair_arena_wave(waiting);
    REQUIRE(wave.pairings.size() == 2);
    check_pairing(wave.pairings[0], "a", "b");
    check_pairing(wave.pairings[1], "c", "d");
    CHECK(wave.waiting.empty());
}

TEST_CASE("no immediate rematch, and the turn order each player is due") {
    // a just played b: {a-c, b-d} (5450) beats {a-d, b-c} (5875). a had one first move more, c
    // one second move more: c moves first. b had the second move last, d has no history: b.
    const std::vector<arena_player> waiting{player("a", 1, {f}, "b"), player("b", 2, {f, s}, "a"),
                                            player("c", 3, {s}), player("d", 4)};
    const arena_wave wave = pair_arena_wave(waiting);
    REQUIRE(wave.pairings.size() == 2);
    check_pairing(wave.pairings[0], "c", "a");
    check_pairing(wave.pairings[1], "b", "d");
}

TEST_CASE("no fourth game in a row with the same turn order") {
    // a and b each had the first move three times in a row: they cannot meet (one would have a
    // fourth). {a-c, b-d} as above, and in both pairs the lower-placed player moves first.
    const std::vector<arena_player> waiting{player("a", 1, {f, f, f}), player("b", 2, {f, f, f}),
                                            player("c", 3), player("d", 4)};
    const arena_wave wave = pair_arena_wave(waiting);
    REQUIRE(wave.pairings.size() == 2);
    check_pairing(wave.pairings[0], "c", "a");
    check_pairing(wave.pairings[1], "d", "b");
}

TEST_CASE("an odd player out waits, and ratings count beside places") {
    // L = 3: a-b costs 1433, b-c 866, a-c 2866: b-c pairs and a waits. With c rated 600 points
    // below b, b-c costs 1466 and a-b pairs instead.
    const std::vector<arena_player> equal{player("a", 1), player("b", 2), player("c", 3)};
    const arena_wave wave = pair_arena_wave(equal);
    REQUIRE(wave.pairings.size() == 1);
    check_pairing(wave.pairings[0], "b", "c");
    CHECK(wave.waiting == std::vector<std::string>{"a"});

    const std::vector<arena_player> apart{player("a", 1), player("b", 2),
                                          player("c", 3, {}, std::nullopt, 900)};
    const arena_wave rated = pair_arena_wave(apart);
    REQUIRE(rated.pairings.size() == 1);
    check_pairing(rated.pairings[0], "a", "b");
    CHECK(rated.waiting == std::vector<std::string>{"c"});
}

TEST_CASE("most pairs first: two dear pairs rather than one cheap pair and two waiting") {
    // Only a-b, b-c and c-d may pair (a just played c, b just played d, a and d each had three
    // first moves in a row). a and d are rated 98,500 points from b and c (as no real players
    // are), so a-b and c-d cost about 100,000 each and b-c 1150: b-c alone would weigh more than
    // both, but two pairs come first.
    const std::vector<arena_player> waiting{player("a", 1, {f, f, f}, "c", 100000),
                                            player("b", 2, {}, "d"), player("c", 3),
                                            player("d", 4, {f, f, f}, std::nullopt, 100000)};
    const arena_wave wave = pair_arena_wave(waiting);
    REQUIRE(wave.pairings.size() == 2);
    check_pairing(wave.pairings[0], "b", "a");
    check_pairing(wave.pairings[1], "c", "d");
    CHECK(wave.waiting.empty());
}

TEST_CASE("two players who just met wait for others, and one id twice is refused") {
    const std::vector<arena_player> pair{player("a", 1, {}, "b"), player("b", 2, {}, "a")};
    const arena_wave wave = pair_arena_wave(pair);
    CHECK(wave.pairings.empty());
    CHECK(wave.waiting == std::vector<std::string>{"a", "b"});
    const std::vector<arena_player> twice{player("a", 1), player("a", 2)};
    CHECK_THROWS_AS(pair_arena_wave(twice), std::invalid_argument);
}

TEST_CASE("players more than arena_reach apart in standings order are never paired") {
    // The first and the last of arena_reach + 2 players, rated alike, would be the cheapest pair:
    // everyone between is rated far away (as no real player is) and had three first moves in a
    // row, as the first did, so none of them can meet the first or each other. But the last is
    // out of the first's reach: the last meets the nearest of those between, the first waits.
    const int last = arena_reach + 1;
    std::vector<arena_player> waiting{player("first", 1, {f, f, f})};
    for (int i = 1; i < last; ++i) {
        waiting.push_back(player("p" + std::to_string(i), i + 1, {f, f, f}, std::nullopt, 300000));
    }
    waiting.push_back(player("last", last + 1));
    const arena_wave wave = pair_arena_wave(waiting);
    REQUIRE(wave.pairings.size() == 1);
    check_pairing(wave.pairings[0], "last", "p" + std::to_string(last - 1));
    CHECK(wave.waiting.front() == "first");
    CHECK(wave.waiting.size() == waiting.size() - 2);
}
