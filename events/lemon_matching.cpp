// The one translation unit that includes LEMON: compiled as C++17 with LEMON_ONLY_TEMPLATES
// (events/CMakeLists.txt says why).
#include "events/lemon_matching.hpp"

#include <lemon/matching.h>
#include <lemon/smart_graph.h>

namespace quadra::events::lemon_glue {

namespace {

// SmartGraph: LEMON's leanest graph for one that only grows.
using graph = lemon::SmartGraph;
using weights = graph::EdgeMap<std::int64_t>;

template <typename Matcher>
std::vector<int> mates_of(const std::vector<graph::Node>& nodes, const Matcher& matcher) {
    std::vector<int> mates(nodes.size(), -1);
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const graph::Node mate = matcher.mate(nodes[i]);
        if (mate != lemon::INVALID) mates[i] = graph::id(mate);
    }
    return mates;
}

}  // namespace

std::vector<int> max_weight_matching(int vertex_count, const weighted_edge* edges,
                                     std::size_t edge_count, bool perfect) {
    graph g;
    g.reserveNode(vertex_count);
    g.reserveEdge(static_cast<int>(edge_count));
    std::vector<graph::Node> nodes;
    nodes.reserve(static_cast<std::size_t>(vertex_count));
    // SmartGraph numbers a fresh graph's nodes 0, 1, 2, ... in the order they are added.
    for (int i = 0; i < vertex_count; ++i) nodes.push_back(g.addNode());
    std::vector<graph::Edge> added;
    added.reserve(edge_count);
    for (std::size_t i = 0; i < edge_count; ++i) {
        added.push_back(g.addEdge(nodes[static_cast<std::size_t>(edges[i].u)],
                                  nodes[static_cast<std::size_t>(edges[i].v)]));
    }
    // The map made once the graph is complete: it is sized once instead of growing edge by edge.
    weights weight(g);
    for (std::size_t i = 0; i < edge_count; ++i) weight[added[i]] = edges[i].weight;
    if (perfect) {
        lemon::MaxWeightedPerfectMatching<graph, weights> matcher(g, weight);
        if (!matcher.run()) return {};
        return mates_of(nodes, matcher);
    }
    lemon::MaxWeightedMatching<graph, weights> matcher(g, weight);
    matcher.run();
    return mates_of(nodes, matcher);
}

}  // namespace quadra::events::lemon_glue
