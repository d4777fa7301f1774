#pragma once
// One round of a two-player Swiss tournament (issue #43; docs/rules.md §9): every
// present player is paired, or gets the bye. The pairing is one maximum-weight perfect matching
// over the present players (and a bye vertex when their count is odd) whose weights put the rules
// in order: no repeated pairing, the first-move limits, the bye to the lowest score, the smallest
// score differences, the bye to the lowest-ranked, the turn orders players are due, close ranks.
// A pure function of the players' standings and histories; the same input pairs the same.

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "events/lemon_matching.hpp"

namespace quadra::events {

// Every member has a default, so a player can be written with designated initializers.
struct swiss_player {
    std::string id{};
    int half_points = 0;  // the score in half-points: a win (or the bye) 2, a draw 1, a loss 0
    int rank = 0;         // the pairing order, 1 the highest; equal ranks: higher rating, then id
    int rating = 0;
    std::vector<std::string> opponents{};  // the ids met before, in any order
    std::vector<bool> first_moves{};       // each game played, in order: had the first move
    bool had_bye = false;
    bool present = true;  // false: withdrawn, or not in this round
};

struct swiss_pairing {
    std::string first;  // moves first
    std::string second;
    bool repeat = false;  // they met before: every pairing of this round repeats a game
    std::string why;      // for the organiser: "a3 vs b7: same score group; b7 had ..."
};

struct swiss_round {
    // The boards in order: the higher score first, then the higher-ranked player.
    std::vector<swiss_pairing> pairings;
    std::optional<std::string> bye;
    std::string bye_why;
};

// Throws std::invalid_argument for two players with one id, std::length_error for a field whose
// weights do not fit the matcher's exact range (a 301-player round 9 weighs 2^48 of its 2^56).
swiss_round pair_swiss_round(std::span<const swiss_player> players);

// The graph a round is matched on, for tests that hold the matcher to an outside one: vertex i is
// the i-th present player in pairing order, vertex `present` the bye when their count is odd. The
// round tries the graph without repeats or first-move limits broken first, then allows the breaks,
// then the repeats: each weighed by the rules that remain (swiss.cpp).
struct swiss_graph {
    int vertex_count = 0;
    std::vector<weighted_edge> edges;
};
swiss_graph swiss_pairing_graph(std::span<const swiss_player> players, bool allow_breaks,
                                bool allow_repeats);

}  // namespace quadra::events
