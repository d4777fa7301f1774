#pragma once
// Maximum-weight matching on a general graph (issue #43): the one matcher behind every pairing of
// an event. It is LEMON's (Debian's liblemon-dev), a well-kept implementation of Edmonds' blossom
// algorithm, compiled in a translation unit of its own (lemon_matching.cpp); nothing of LEMON shows
// here. Integer weights: the result is exact, and the same on every machine for the same input.

#include <optional>
#include <span>
#include <vector>

#include "events/lemon_matching.hpp"

namespace quadra::events {

// A matching of a maximum total weight: mates[v] is the vertex matched with v, or -1. Edges of
// weight 0 or less never help, so they may be left out of it. Among matchings of equal weight
// LEMON's choice is deterministic. Throws std::invalid_argument for a negative vertex count, an
// end out of range, a loop, or a |weight| above max_edge_weight. Parallel edges are allowed.
std::vector<int> max_weight_matching(int vertex_count, std::span<const weighted_edge> edges);

// A perfect matching (every vertex matched) of a maximum total weight; weights may be negative.
// std::nullopt when the graph has none (an odd vertex count, or too few edges). Throws as above.
std::optional<std::vector<int>> max_weight_perfect_matching(int vertex_count,
                                                            std::span<const weighted_edge> edges);

// The total weight of the edges a matching uses: for each matched pair, the heaviest edge between
// them (what the matcher counts when there are parallel edges).
std::int64_t matching_weight(std::span<const int> mates, std::span<const weighted_edge> edges);

}  // namespace quadra::events
