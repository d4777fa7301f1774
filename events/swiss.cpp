#include "events/swiss.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <tuple>
#include <unordered_map>
#include <utility>

#include "events/first_moves.hpp"
#include "events/matching.hpp"
#include "events/priorities.hpp"

namespace quadra::events {

// The weights (docs/rules.md §9). The present players in pairing order are
// vertices 0 … n−1; when n is odd, vertex n is the bye, joined to every player. The rules, most
// important first, each a cost per edge (priorities.hpp turns them into weights):
//
//   1. repeats          1 for a pair that met before, or a bye to a player who had one
//   2. first-move limits players who would break a limit in the pair's best turn order (0-2):
//                       three games in a row with the same turn order, or first moves more than
//                       2 above or below second moves
//   3. bye score        the bye's score above the lowest score present (half-points)
//   4. score gaps       (score difference in half-points)² for a pair: two floats of one group
//                       each cost less than one float across two
//   5. bye rank         for the bye, how many players rank below its taker (the lowest takes it)
//   6. turn wishes      strength of the wishes the pair's best turn order leaves unmet (0-4)
//   7. closeness        for a pair, how many places apart they are in pairing order
//
// Rules 1 and 2 are absolute wherever they can be: the round is first matched on the graph
// without those edges (no cost needed, and the weights stay small); only when it has no perfect
// matching are the edges that break a limit added, with rule 2, and only when that still has none
// the repeats, with rule 1. So a repeat happens only when every pairing of the present players
// has one, and then as few as can be.
namespace {

constexpr first_move_limits swiss_limits{.most_in_a_row = 2, .most_difference = 2};

// The present players in pairing order, their histories, and whom each met (as indices).
struct field {
    std::vector<const swiss_player*> players;
    std::vector<first_move_summary> histories;
    std::vector<std::vector<int>> met;
    int lowest_score = 0;

    int count() const { return static_cast<int>(players.size()); }
    bool odd() const { return players.size() % 2 == 1; }
    int bye_vertex() const { return count(); }
    const swiss_player& at(int i) const { return *players[static_cast<std::size_t>(i)]; }
    const first_move_summary& history(int i) const {
        return histories[static_cast<std::size_t>(i)];
    }
    bool met_before(int a, int b) const {
        const auto& list = met[static_cast<std::size_t>(a)];
        return std::binary_search(list.begin(), list.end(), b);
    }
};

field read_field(std::span<const swiss_player> players) {
    field f;
    for (const swiss_player& player : players) {
        if (player.present) f.players.push_back(&player);
    }
    std::sort(f.players.begin(), f.players.end(), [](const auto* a, const auto* b) {
        if (a->rank != b->rank) return a->rank < b->rank;
        if (a->rating != b->rating) return a->rating > b->rating;
        return a->id < b->id;
    });
    std::unordered_map<std::string, int> index;
    for (int i = 0; i < f.count(); ++i) {
        if (!index.emplace(f.at(i).id, i).second) {
            throw std::invalid_argument("swiss: two players have the id " + f.at(i).id);
        }
    }
    for (const swiss_player* player : f.players) {
        f.histories.push_back(summarise(player->first_moves));
        std::vector<int> met;
        for (const std::string& opponent : player->opponents) {
            if (const auto found = index.find(opponent); found != index.end()) {
                met.push_back(found->second);
            }
        }
        std::sort(met.begin(), met.end());
        met.erase(std::unique(met.begin(), met.end()), met.end());
        f.met.push_back(std::move(met));
    }
    f.lowest_score = 0;
    for (int i = 0; i < f.count(); ++i) {
        f.lowest_score =
            i == 0 ? f.at(i).half_points : std::min(f.lowest_score, f.at(i).half_points);
    }
    return f;
}

// The better turn order of two players (a ranks higher): whether a moves first, and its cost. On
// equal costs the higher-ranked player gets the turn order they are due; with no wish on either
// side, `board_parity` decides (boards alternate, the first board's higher-ranked player first).
std::pair<bool, turn_order_cost> turn_order(const field& f, int a, int b, bool board_parity) {
    const turn_order_cost a_first = cost_of(f.history(a), f.history(b), swiss_limits);
    const turn_order_cost b_first = cost_of(f.history(b), f.history(a), swiss_limits);
    if (a_first != b_first) {
        return a_first < b_first ? std::pair{true, a_first} : std::pair{false, b_first};
    }
    const first_move_wish a_wish = wish_of(f.history(a));
    const first_move_wish b_wish = wish_of(f.history(b));
    const bool a_moves_first = a_wish.any   ? a_wish.first
                               : b_wish.any ? !b_wish.first
                                            : !board_parity;
    return {a_moves_first, a_first};
}

// The rules' places in the list above.
enum rule_index : std::size_t {
    repeats,
    breaks,
    bye_score,
    score_gaps,
    bye_rank,
    wishes,
    closeness,
    rule_count
};

swiss_graph build_graph(const field& f, bool allow_breaks, bool allow_repeats) {
    swiss_graph built;
    std::vector<weighted_edge>& edges = built.edges;
    built.vertex_count = f.count() + (f.odd() ? 1 : 0);
    std::vector<std::vector<std::int64_t>> costs(rule_count);
    auto add_edge = [&](int u, int v, const std::array<std::int64_t, rule_count>& cost) {
        edges.push_back({u, v, 0});
        for (std::size_t k = 0; k < rule_count; ++k) costs[k].push_back(cost[k]);
    };
    for (int a = 0; a < f.count(); ++a) {
        for (int b = a + 1; b < f.count(); ++b) {
            const bool repeat = f.met_before(a, b);
            if (repeat && !allow_repeats) continue;
            const turn_order_cost order = turn_order(f, a, b, false).second;
            if (order.breaks > 0 && !allow_breaks) continue;
            const std::int64_t gap = std::abs(f.at(a).half_points - f.at(b).half_points);
            add_edge(a, b, {repeat ? 1 : 0, order.breaks, 0, gap * gap, 0, order.unmet, b - a});
        }
    }
    if (f.odd()) {
        for (int a = 0; a < f.count(); ++a) {
            const bool repeat = f.at(a).had_bye;
            if (repeat && !allow_repeats) continue;
            add_edge(a, f.bye_vertex(),
                     {repeat ? 1 : 0, 0, f.at(a).half_points - f.lowest_score, 0, f.count() - 1 - a,
                      0, 0});
        }
    }
    std::vector<pairing_rule> weighed;
    for (std::size_t k = 0; k < rule_count; ++k) {
        if ((k == repeats && !allow_repeats) || (k == breaks && !allow_breaks)) continue;
        auto& rule_costs = costs[k];
        // A matching holds one bye edge: its rules' bound is their dearest cost.
        const std::int64_t bound =
            k == bye_score || k == bye_rank
                ? (rule_costs.empty() ? 0 : *std::max_element(rule_costs.begin(), rule_costs.end()))
                : matching_cost_bound(built.vertex_count, edges, rule_costs);
        weighed.push_back({std::move(rule_costs), bound});
    }
    weigh_by_rules(built.vertex_count, edges, weighed, matching_kind::perfect);
    return built;
}

std::string points(int half_points) {
    std::string text = std::to_string(half_points / 2);
    if (half_points % 2 != 0) text += ".5";
    return text;
}

// Why `first` moves first, in the order the choice was made (turn_order).
std::string turn_order_why(const field& f, int first, int second) {
    const turn_order_cost chosen = cost_of(f.history(first), f.history(second), swiss_limits);
    const turn_order_cost other = cost_of(f.history(second), f.history(first), swiss_limits);
    std::string why;
    if (other.breaks > chosen.breaks) {
        // The other order breaks a limit: name the player it would break it for.
        const bool second_blocks =
            would_break(f.history(second), true, swiss_limits) != first_move_break::none;
        const int player = second_blocks ? second : first;
        const first_move_summary& h = f.history(player);
        const std::string move = second_blocks ? "first" : "second";
        why = f.at(player).id + " had the " + move + " move ";
        why += would_break(h, second_blocks, swiss_limits) == first_move_break::in_a_row
                   ? std::to_string(h.streak) + " times in a row"
                   : std::to_string(std::abs(h.difference)) + " times more than the other";
    } else if (other.unmet > chosen.unmet) {
        // The wishes met: the stronger one, else the higher-ranked player's.
        const first_move_wish first_wish = wish_of(f.history(first));
        const first_move_wish second_wish = wish_of(f.history(second));
        const bool first_met = first_wish.any && first_wish.first;
        const bool second_met = second_wish.any && !second_wish.first;
        const bool name_first =
            first_met && (!second_met || first_wish.strength > second_wish.strength ||
                          (first_wish.strength == second_wish.strength && first < second));
        const first_move_wish& wish = name_first ? first_wish : second_wish;
        why = f.at(name_first ? first : second).id + " had the " +
              (name_first ? "second" : "first") + " move " +
              (wish.strength == 2 ? "more often" : "last game");
    } else if (wish_of(f.history(first)).any || wish_of(f.history(second)).any) {
        why = "both were due the same turn order; " + f.at(std::min(first, second)).id +
              " ranks higher";
    } else {
        why = first < second ? "first games: the higher-ranked moves first on odd boards"
                             : "first games: the lower-ranked moves first on even boards";
    }
    if (chosen.breaks > 0) why += " (a first-move limit is broken: every pairing breaks one)";
    return why;
}

}  // namespace

swiss_graph swiss_pairing_graph(std::span<const swiss_player> players, bool allow_breaks,
                                bool allow_repeats) {
    return build_graph(read_field(players), allow_breaks, allow_repeats);
}

swiss_round pair_swiss_round(std::span<const swiss_player> players) {
    const field f = read_field(players);
    swiss_round round;
    if (f.count() == 0) return round;

    std::vector<int> mates;
    bool repeats_needed = false;
    for (const auto& [allow_breaks, allow_repeats] :
         {std::pair{false, false}, std::pair{true, false}, std::pair{true, true}}) {
        const swiss_graph graph = build_graph(f, allow_breaks, allow_repeats);
        if (auto found = max_weight_perfect_matching(graph.vertex_count, graph.edges)) {
            mates = std::move(*found);
            repeats_needed = allow_repeats;
            break;
        }
    }
    if (mates.empty()) throw std::logic_error("swiss: the complete graph has no perfect matching");

    // The boards: pairs by their higher score, then their lower score, then their best rank.
    std::vector<std::pair<int, int>> pairs;
    for (int a = 0; a < f.count(); ++a) {
        const int b = mates[static_cast<std::size_t>(a)];
        if (b == f.bye_vertex()) {
            round.bye = f.at(a).id;
        } else if (a < b) {
            pairs.emplace_back(a, b);
        }
    }
    std::stable_sort(pairs.begin(), pairs.end(), [&](const auto& x, const auto& y) {
        const auto key = [&](const std::pair<int, int>& p) {
            const int one = f.at(p.first).half_points;
            const int two = f.at(p.second).half_points;
            return std::tuple{-std::max(one, two), -std::min(one, two), p.first};
        };
        return key(x) < key(y);
    });

    for (std::size_t board = 0; board < pairs.size(); ++board) {
        const auto [a, b] = pairs[board];
        const bool parity = board % 2 == 1;
        const bool a_first = turn_order(f, a, b, parity).first;
        const int first = a_first ? a : b;
        const int second = a_first ? b : a;
        swiss_pairing pairing{f.at(first).id, f.at(second).id, f.met_before(a, b), ""};
        const int first_score = f.at(first).half_points;
        const int second_score = f.at(second).half_points;
        std::string why = pairing.first + " vs " + pairing.second + ": ";
        if (first_score == second_score) {
            why += "same score group";
        } else {
            const int high = first_score > second_score ? first : second;
            const int low = first_score > second_score ? second : first;
            why += f.at(high).id + " (" + points(f.at(high).half_points) + ") floats down to " +
                   f.at(low).id + " (" + points(f.at(low).half_points) + ")";
        }
        if (pairing.repeat) why += "; a rematch: every pairing of this round repeats a game";
        why += "; " + turn_order_why(f, first, second);
        pairing.why = std::move(why);
        round.pairings.push_back(std::move(pairing));
    }

    if (round.bye) {
        const auto taker =
            static_cast<int>(std::find_if(f.players.begin(), f.players.end(),
                                          [&](const auto* p) { return p->id == *round.bye; }) -
                             f.players.begin());
        const swiss_player& player = f.at(taker);
        // The player the rules would give it if nothing else mattered: the lowest-ranked of the
        // lowest score among those without a bye.
        int expected = -1;
        for (int a = 0; a < f.count(); ++a) {
            if (f.at(a).had_bye) continue;
            if (expected < 0 || f.at(a).half_points <= f.at(expected).half_points) expected = a;
        }
        std::string why = player.id + ": bye (score " + points(player.half_points) + "); ";
        if (player.had_bye && repeats_needed) {
            why += "a second bye: every pairing of the others repeats a game";
        } else if (taker == expected) {
            why += "the lowest-ranked of the lowest score without a bye";
        } else {
            why +=
                "lower players could not be spared without a repeat, a first-move limit "
                "broken or wider score gaps";
        }
        round.bye_why = std::move(why);
    }
    return round;
}

}  // namespace quadra::events
