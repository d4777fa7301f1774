#pragma once
// Pairing rules in order of importance, turned into one integer weight per edge so that a single
// maximum-weight matching settles them in that order: a matching better by the first rule beats
// every matching worse by it, whatever the later rules say; between matchings equal by the first,
// the second decides, and so on.
//
// Each rule is a cost per edge (0 or more, lower is better) and a bound no matching's total cost
// by that rule can exceed. With rules 1..n, the last rule's unit is 1 and rule k's unit is one more
// than the most that every later rule together can weigh, unit_k = 1 + Σ_{j>k} unit_j · bound_j;
// an edge weighs base − Σ_k unit_k · cost_k(e), where base (one more than the dearest edge's costs)
// keeps every weight positive. Two perfect matchings have the same number of edges, so the one
// with the smaller cost by the first rule that tells them apart weighs more. When the matching
// need not be perfect, every edge also carries pair_unit = pairs · base + 1, larger than all the
// rules together can weigh: the most pairs come first (an augmenting path gains a pair_unit and
// loses less than that).
//
// The bounds keep the weights small enough for the matcher's exact range (max_edge_weight); too
// many rules of too wide a range there throw std::length_error rather than pair wrongly.

#include <cstdint>
#include <span>
#include <vector>

#include "events/lemon_matching.hpp"

namespace quadra::events {

// One rule: a cost for each edge, in the edges' order, and a bound on any matching's total.
struct pairing_rule {
    std::vector<std::int64_t> costs;
    std::int64_t bound = 0;
};

// A bound for any costs: the edges of a matching take two vertices each and none twice, and each
// costs at most the mean of the dearest edges at its two ends, so a matching costs at most half
// the sum over the vertices of their dearest edge (rounded up).
std::int64_t matching_cost_bound(int vertex_count, std::span<const weighted_edge> edges,
                                 std::span<const std::int64_t> costs);

// Whether every vertex is to be matched (max_weight_perfect_matching), or as many as can be
// (max_weight_matching, which then needs the pair_unit above).
enum class matching_kind { perfect, most_pairs };

// Sets each edge's weight from the rules, the most important first. Throws std::invalid_argument
// when a rule's costs are not one per edge or a cost is negative, std::length_error when the
// weights would not fit in max_edge_weight.
void weigh_by_rules(int vertex_count, std::span<weighted_edge> edges,
                    std::span<const pairing_rule> rules, matching_kind kind);

}  // namespace quadra::events
