#include "events/matching.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace quadra::events {

namespace {

[[noreturn]] void refuse(const weighted_edge& e, const char* why) {
    throw std::invalid_argument("matching: edge " + std::to_string(e.u) + "-" +
                                std::to_string(e.v) + " " + why);
}

void check(int vertex_count, std::span<const weighted_edge> edges) {
    if (vertex_count < 0) throw std::invalid_argument("matching: negative vertex count");
    for (const weighted_edge& e : edges) {
        if (e.u < 0 || e.v < 0 || e.u >= vertex_count || e.v >= vertex_count) {
            refuse(e, "has an end out of range");
        }
        if (e.u == e.v) refuse(e, "is a loop");
        if (e.weight > max_edge_weight || e.weight < -max_edge_weight) {
            refuse(e, "weighs more than 2^56");
        }
    }
}

}  // namespace

std::vector<int> max_weight_matching(int vertex_count, std::span<const weighted_edge> edges) {
    check(vertex_count, edges);
    return lemon_glue::max_weight_matching(vertex_count, edges.data(), edges.size(), false);
}

std::optional<std::vector<int>> max_weight_perfect_matching(int vertex_count,
                                                            std::span<const weighted_edge> edges) {
    check(vertex_count, edges);
    if (vertex_count == 0) return std::vector<int>{};
    std::vector<int> mates =
        lemon_glue::max_weight_matching(vertex_count, edges.data(), edges.size(), true);
    if (mates.empty()) return std::nullopt;
    return mates;
}

std::int64_t matching_weight(std::span<const int> mates, std::span<const weighted_edge> edges) {
    // The heaviest edge of each matched pair, found in one pass over the edges.
    std::vector<std::optional<std::int64_t>> best(mates.size());
    for (const weighted_edge& e : edges) {
        const auto u = static_cast<std::size_t>(e.u);
        if (u >= mates.size() || mates[u] != e.v) continue;
        const std::size_t low = std::min(u, static_cast<std::size_t>(e.v));
        if (!best[low] || *best[low] < e.weight) best[low] = e.weight;
    }
    std::int64_t total = 0;
    for (const std::optional<std::int64_t>& weight : best) total += weight.value_or(0);
    return total;
}

}  // namespace quadra::events
