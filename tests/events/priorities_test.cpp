// The rules in order: a better matching by an earlier rule wins whatever the later rules say.

#include <doctest/doctest.h>

#include <stdexcept>
#include <vector>

#include "events/matching.hpp"
#include "events/priorities.hpp"

using namespace quadra::events;

TEST_CASE("the bound of a rule is half the sum of each vertex's dearest edge") {
    // Vertices 0-3; dearest at 0: 5, 1: 5, 2: 7, 3: 7 → (5 + 5 + 7 + 7) / 2 = 12.
    const std::vector<weighted_edge> edges{{0, 1, 0}, {1, 2, 0}, {2, 3, 0}, {0, 3, 0}};
    const std::vector<std::int64_t> costs{5, 1, 7, 2};
    CHECK(matching_cost_bound(4, edges, costs) == 12);
    // An odd sum is rounded up: dearest 3, 3, 1 (vertex 2 alone) → 7 / 2 → 4.
    const std::vector<weighted_edge> path{{0, 1, 0}, {1, 2, 0}};
    CHECK(matching_cost_bound(3, path, std::vector<std::int64_t>{3, 1}) == 4);
}

TEST_CASE("the first rule decides however much the second would gain") {
    // Square 0-1-2-3: {0-1, 2-3} costs 1 by the first rule and 0 + 0 by the second; {1-2, 0-3}
    // costs 0 by the first and 50 + 50 by the second. The first rule wins.
    std::vector<weighted_edge> edges{{0, 1, 0}, {2, 3, 0}, {1, 2, 0}, {0, 3, 0}};
    const std::vector<pairing_rule> rules{
        {{1, 0, 0, 0}, 1},
        {{0, 0, 50, 50}, matching_cost_bound(4, edges, std::vector<std::int64_t>{0, 0, 50, 50})},
    };
    weigh_by_rules(4, edges, rules, matching_kind::perfect);
    CHECK(max_weight_perfect_matching(4, edges) == std::vector<int>{3, 2, 1, 0});
    // Without the first rule the second decides.
    std::vector<weighted_edge> second_only = edges;
    weigh_by_rules(4, second_only, std::vector<pairing_rule>{rules[1]}, matching_kind::perfect);
    CHECK(max_weight_perfect_matching(4, second_only) == std::vector<int>{1, 0, 3, 2});
}

TEST_CASE("most pairs come before any rule") {
    // Path 0-1-2-3: the middle edge is free by the rule, the outer ones dear; two pairs still win.
    std::vector<weighted_edge> edges{{0, 1, 0}, {1, 2, 0}, {2, 3, 0}};
    const std::vector<pairing_rule> rules{{{1000, 0, 1000}, 1000}};
    weigh_by_rules(4, edges, rules, matching_kind::most_pairs);
    CHECK(max_weight_matching(4, edges) == std::vector<int>{1, 0, 3, 2});
}

TEST_CASE("rules that do not fit the matcher's exact range are refused, not wrapped") {
    std::vector<weighted_edge> edges{{0, 1, 0}};
    // The first rule's unit is 1 + 2^40 · (1 + 2^30): beyond 2^56.
    const std::vector<pairing_rule> wide{{{1}, 1}, {{1}, 1LL << 40}, {{1}, 1LL << 30}};
    CHECK_THROWS_AS(weigh_by_rules(2, edges, wide, matching_kind::perfect), std::length_error);
    const std::vector<pairing_rule> negative{{{-1}, 1}};
    CHECK_THROWS_AS(weigh_by_rules(2, edges, negative, matching_kind::perfect),
                    std::invalid_argument);
    const std::vector<pairing_rule> short_costs{{{}, 1}};
    CHECK_THROWS_AS(weigh_by_rules(2, edges, short_costs, matching_kind::perfect),
                    std::invalid_argument);
}
