#include "events/arena.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <unordered_set>
#include <utility>

#include "events/first_moves.hpp"
#include "events/matching.hpp"
#include "events/priorities.hpp"

namespace quadra::events {

// The weights (docs/rules.md §9). The waiting players in standings order are the
// vertices; each is joined to the next arena_reach players, except a player they just played and
// a partner with whom every turn order gives someone a fourth game in a row with the same turn
// order. Then, in order (priorities.hpp turns them into weights, most pairs first):
//
//   1. closeness  |places apart| · (300 + 1700 · (last place − higher place) / last place)
//                 + |rating difference|: after lichess's arena, a place counts for 300 rating
//                 points at the bottom of the standings and up to 2000 at the top, where places
//                 are worth most
//   2. wishes     the strength of the turn-order wishes the pair's best order leaves unmet (0-4)
namespace {

constexpr first_move_limits arena_limits{.most_in_a_row = 3, .most_difference = 1 << 20};

std::int64_t closeness(const arena_player& a, const arena_player& b, int last_place) {
    const int higher = std::min(a.rank, b.rank);
    const std::int64_t factor =
        300 + std::int64_t{1700} * std::max(last_place - higher, 0) / std::max(last_place, 1);
    return std::int64_t{std::abs(a.rank - b.rank)} * factor + std::abs(a.rating - b.rating);
}

// Whether a (placed higher) moves first against b: the cheaper turn order; on equal cost the one
// the higher-placed player is due, else the one b is due, else a first.
bool a_moves_first(const first_move_summary& a, const first_move_summary& b) {
    const turn_order_cost a_first = cost_of(a, b, arena_limits);
    const turn_order_cost b_first = cost_of(b, a, arena_limits);
    if (a_first != b_first) return a_first < b_first;
    const first_move_wish a_wish = wish_of(a);
    const first_move_wish b_wish = wish_of(b);
    return a_wish.any ? a_wish.first : !b_wish.any || !b_wish.first;
}

}  // namespace

arena_wave pair_arena_wave(std::span<const arena_player> waiting) {
    std::vector<const arena_player*> players;
    for (const arena_player& player : waiting) players.push_back(&player);
    std::sort(players.begin(), players.end(), [](const auto* a, const auto* b) {
        if (a->rank != b->rank) return a->rank < b->rank;
        if (a->rating != b->rating) return a->rating > b->rating;
        return a->id < b->id;
    });
    std::unordered_set<std::string> ids;
    for (const auto* player : players) {
        if (!ids.insert(player->id).second) {
            throw std::invalid_argument("arena: two players have the id " + player->id);
        }
    }
    const int count = static_cast<int>(players.size());
    const auto at = [&](int i) -> const arena_player& {
        return *players[static_cast<std::size_t>(i)];
    };
    std::vector<first_move_summary> histories;
    histories.reserve(players.size());
    for (const auto* player : players) histories.push_back(summarise(player->first_moves));
    const auto history = [&](int i) -> const first_move_summary& {
        return histories[static_cast<std::size_t>(i)];
    };
    int last_place = 0;
    for (const auto* player : players) last_place = std::max(last_place, player->rank);

    std::vector<weighted_edge> edges;
    std::vector<std::int64_t> closeness_costs;
    std::vector<std::int64_t> wish_costs;
    for (int a = 0; a < count; ++a) {
        for (int b = a + 1; b < count && b <= a + arena_reach; ++b) {
            if (at(a).last_opponent == at(b).id || at(b).last_opponent == at(a).id) continue;
            const turn_order_cost order = std::min(cost_of(history(a), history(b), arena_limits),
                                                   cost_of(history(b), history(a), arena_limits));
            if (order.breaks > 0) continue;
            edges.push_back({a, b, 0});
            closeness_costs.push_back(closeness(at(a), at(b), last_place));
            wish_costs.push_back(order.unmet);
        }
    }
    std::vector<pairing_rule> rules;
    const std::int64_t closeness_bound = matching_cost_bound(count, edges, closeness_costs);
    const std::int64_t wish_bound = matching_cost_bound(count, edges, wish_costs);
    rules.push_back({std::move(closeness_costs), closeness_bound});
    rules.push_back({std::move(wish_costs), wish_bound});
    weigh_by_rules(count, edges, rules, matching_kind::most_pairs);
    const std::vector<int> mates = max_weight_matching(count, edges);

    arena_wave wave;
    for (int a = 0; a < count; ++a) {
        const int b = mates[static_cast<std::size_t>(a)];
        if (b < 0) {
            wave.waiting.push_back(at(a).id);
        } else if (a < b) {
            const bool a_first = a_moves_first(history(a), history(b));
            wave.pairings.push_back({at(a_first ? a : b).id, at(a_first ? b : a).id});
        }
    }
    return wave;
}

}  // namespace quadra::events
