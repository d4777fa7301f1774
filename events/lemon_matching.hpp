#pragma once
// What the C++17 translation unit that includes LEMON (lemon_matching.cpp, see CMakeLists.txt)
// shares with the C++20 rest of the library: plain types and one function. Callers include
// events/matching.hpp, which checks the input before it gets here.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace quadra::events {

// An undirected edge between vertices u and v (0-based) with an integer weight: integers keep the
// matching exact (LEMON then works in integers throughout, with its duals scaled by 4).
struct weighted_edge {
    int u = 0;
    int v = 0;
    std::int64_t weight = 0;
};

// The largest |weight| the matcher accepts. LEMON's duals reach a few times the largest weight
// (4 × weight, sums of two of them, halves of those): 2^56 leaves a factor of 128 below 2^63.
constexpr std::int64_t max_edge_weight = std::int64_t{1} << 56;

namespace lemon_glue {

// LEMON's MaxWeightedMatching, or MaxWeightedPerfectMatching when `perfect`: the mate of each
// vertex, -1 for none; empty when `perfect` and the graph has no perfect matching. The edges are
// already checked (ends in range, no loops, weights within max_edge_weight).
std::vector<int> max_weight_matching(int vertex_count, const weighted_edge* edges,
                                     std::size_t edge_count, bool perfect);

}  // namespace lemon_glue

}  // namespace quadra::events
