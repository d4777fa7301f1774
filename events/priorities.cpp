#include "events/priorities.hpp"

#include <algorithm>
#include <stdexcept>

namespace quadra::events {

namespace {

// Exact arithmetic or an error: a weight that wrapped around would pair players wrongly.
std::int64_t checked(bool overflowed, std::int64_t value) {
    if (overflowed || value > max_edge_weight) {
        throw std::length_error("pairing: the rules' weights exceed the matcher's exact range");
    }
    return value;
}

std::int64_t add(std::int64_t a, std::int64_t b) {
    std::int64_t sum = 0;
    const bool overflowed = __builtin_add_overflow(a, b, &sum);
    return checked(overflowed, sum);
}

std::int64_t multiply(std::int64_t a, std::int64_t b) {
    std::int64_t product = 0;
    const bool overflowed = __builtin_mul_overflow(a, b, &product);
    return checked(overflowed, product);
}

}  // namespace

std::int64_t matching_cost_bound(int vertex_count, std::span<const weighted_edge> edges,
                                 std::span<const std::int64_t> costs) {
    std::vector<std::int64_t> dearest(static_cast<std::size_t>(std::max(vertex_count, 0)), 0);
    for (std::size_t i = 0; i < edges.size() && i < costs.size(); ++i) {
        for (const int end : {edges[i].u, edges[i].v}) {
            std::int64_t& at = dearest.at(static_cast<std::size_t>(end));
            at = std::max(at, costs[i]);
        }
    }
    std::int64_t sum = 0;
    for (const std::int64_t cost : dearest) sum = add(sum, cost);
    return sum / 2 + sum % 2;
}

void weigh_by_rules(int vertex_count, std::span<weighted_edge> edges,
                    std::span<const pairing_rule> rules, matching_kind kind) {
    for (const pairing_rule& rule : rules) {
        if (rule.costs.size() != edges.size()) {
            throw std::invalid_argument("pairing: a rule's costs are not one per edge");
        }
        if (rule.bound < 0 ||
            std::any_of(rule.costs.begin(), rule.costs.end(), [](auto c) { return c < 0; })) {
            throw std::invalid_argument("pairing: a rule has a negative cost or bound");
        }
    }
    // The units from the last rule up, and base: one more than the dearest edge can cost.
    std::vector<std::int64_t> units(rules.size(), 1);
    std::int64_t later = 0;  // the most the rules after the current one can weigh together
    for (std::size_t k = rules.size(); k-- > 0;) {
        units[k] = add(later, 1);
        if (k > 0) later = add(later, multiply(units[k], rules[k].bound));
    }
    std::int64_t base = 1;
    for (std::size_t k = 0; k < rules.size(); ++k) {
        const auto& costs = rules[k].costs;
        const std::int64_t dearest =
            costs.empty() ? 0 : *std::max_element(costs.begin(), costs.end());
        base = add(base, multiply(units[k], dearest));
    }
    const std::int64_t pair_unit =
        kind == matching_kind::perfect ? 0 : add(multiply(vertex_count / 2, base), 1);
    add(pair_unit, base);  // throws unless the heaviest edge fits
    for (std::size_t i = 0; i < edges.size(); ++i) {
        std::int64_t weight = base;
        for (std::size_t k = 0; k < rules.size(); ++k) weight -= units[k] * rules[k].costs[i];
        edges[i].weight = pair_unit + weight;
    }
}

}  // namespace quadra::events
