// The matcher on graphs small enough to solve by hand, and its refusals.

#include <doctest/doctest.h>

#include <stdexcept>
#include <vector>

#include "events/matching.hpp"

using namespace quadra::events;

TEST_CASE("a path a-b-c-d: the two outer edges outweigh the heavier middle one") {
    // Greedy takes b-c (5) and stops; the best is a-b + c-d = 4 + 4.
    const std::vector<weighted_edge> edges{{0, 1, 4}, {1, 2, 5}, {2, 3, 4}};
    const std::vector<int> mates = max_weight_matching(4, edges);
    CHECK(mates == std::vector<int>{1, 0, 3, 2});
    CHECK(matching_weight(mates, edges) == 8);
}

TEST_CASE("a matching of most weight may leave vertices out") {
    // b-c alone (10) beats a-b + c-d (3 + 3).
    const std::vector<weighted_edge> edges{{0, 1, 3}, {1, 2, 10}, {2, 3, 3}};
    const std::vector<int> mates = max_weight_matching(4, edges);
    CHECK(mates == std::vector<int>{-1, 2, 1, -1});
    CHECK(matching_weight(mates, edges) == 10);
}

TEST_CASE("a blossom: a triangle with a tail is matched through the odd cycle") {
    // Triangle 0-1-2 (weights 6, 6, 6) and a tail 2-3 (weight 5): 0-1 + 2-3 = 11 is the best.
    const std::vector<weighted_edge> edges{{0, 1, 6}, {1, 2, 6}, {0, 2, 6}, {2, 3, 5}};
    const std::vector<int> mates = max_weight_matching(4, edges);
    CHECK(mates == std::vector<int>{1, 0, 3, 2});
}

TEST_CASE("a perfect matching takes a lighter edge to match everyone, or there is none") {
    const std::vector<weighted_edge> edges{{0, 1, 3}, {1, 2, 10}, {2, 3, 3}};
    const auto perfect = max_weight_perfect_matching(4, edges);
    REQUIRE(perfect.has_value());
    CHECK(*perfect == std::vector<int>{1, 0, 3, 2});
    // Negative weights are fine when everyone must be matched.
    const std::vector<weighted_edge> negative{{0, 1, -7}, {2, 3, -1}, {0, 2, -2}, {1, 3, -2}};
    CHECK(max_weight_perfect_matching(4, negative) == std::vector<int>{2, 3, 0, 1});
    CHECK_FALSE(max_weight_perfect_matching(3, std::vector<weighted_edge>{{0, 1, 1}, {1, 2, 1}}));
    CHECK_FALSE(max_weight_perfect_matching(4, std::vector<weighted_edge>{{0, 1, 1}, {0, 2, 1}}));
    CHECK(max_weight_perfect_matching(0, std::vector<weighted_edge>{}) == std::vector<int>{});
}

TEST_CASE("the largest weights are matched exactly") {
    // Two ways to match four vertices that differ by 1 at 2^56: only exact sums tell them apart.
    const std::vector<weighted_edge> edges{{0, 1, max_edge_weight},
                                           {2, 3, max_edge_weight - 2},
                                           {0, 2, max_edge_weight - 1},
                                           {1, 3, max_edge_weight}};
    const auto mates = max_weight_perfect_matching(4, edges);
    REQUIRE(mates.has_value());
    CHECK(*mates == std::vector<int>{2, 3, 0, 1});
    CHECK(matching_weight(*mates, edges) == 2 * max_edge_weight - 1);
}

TEST_CASE("the matcher refuses edges out of range, loops and weights beyond 2^56") {
    const auto refused = [](int vertices, weighted_edge edge) {
        const std::vector<weighted_edge> edges{edge};
        CHECK_THROWS_AS(max_weight_matching(vertices, edges), std::invalid_argument);
        CHECK_THROWS_AS(max_weight_perfect_matching(vertices, edges), std::invalid_argument);
    };
    refused(2, {0, 2, 1});
    refused(2, {-1, 1, 1});
    refused(2, {1, 1, 1});
    refused(2, {0, 1, max_edge_weight + 1});
    refused(2, {0, 1, -max_edge_weight - 1});
    CHECK_THROWS_AS(max_weight_matching(-1, std::vector<weighted_edge>{}), std::invalid_argument);
}
