#pragma once
// An arena's pairing wave (issue #43; docs/rules.md §9): the players waiting when
// the wave runs are paired by one maximum-weight matching that pairs as many as it can, then
// prefers close places in the standings and close ratings, then the turn orders players are due.
// Never two players who just played each other, never a player's fourth game in a row with the
// same turn order. Whoever is left waits for the next wave. A pure function of its input.

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace quadra::events {

// Every member has a default, so a player can be written with designated initializers.
struct arena_player {
    std::string id{};
    int rank = 0;  // the place in the arena's standings, 1 the first
    int rating = 0;
    std::optional<std::string> last_opponent{};
    std::vector<bool> first_moves{};  // recent games, in order: had the first move
};

struct arena_pairing {
    std::string first;  // moves first
    std::string second;
};

struct arena_wave {
    std::vector<arena_pairing> pairings;  // in standings order of their higher-placed player
    std::vector<std::string> waiting;     // left for the next wave, in standings order
};

// Throws std::invalid_argument for two players with one id.
arena_wave pair_arena_wave(std::span<const arena_player> waiting);

// How many neighbours in standings order each player may be paired with, on each side. Farther
// pairs are the dearest by closeness anyway; leaving them out keeps the graph small enough for a
// wave of 1,000 players to pair in milliseconds. A player with no partner within reach waits.
constexpr int arena_reach = 40;

}  // namespace quadra::events
