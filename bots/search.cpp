#include "search.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include "chance.hpp"
#include "policy.hpp"
#include "random.hpp"
#include "rules/contract.hpp"

namespace quadra::bots {

namespace {

// UCB exploration weight for rewards in [0, 1]: a search of `selective_playouts` or more uses
// its game's playout_policy::selective_exploration() instead (policy.hpp).
constexpr double exploration = 1.0;
// A playout this long without a policy horizon is scored as a draw; no game in the registry
// comes near it.
constexpr int max_playout_plies = 2000;
// How many iterations run between two reads of the clock.
constexpr int clock_interval = 8;
// The expected line goes on while its next request was tried this often: below that, the
// search has not looked there enough to say.
constexpr int line_min_visits = 4;
constexpr std::size_t line_max_plies = 12;

// One request in the tree, reached from its parent; `seat` made it and owns `reward`.
struct node {
    std::string request;
    int seat = -1;
    int visits = 0;
    int available = 0;  // parent visits in which this request was legal
    double reward = 0;
    std::vector<std::uint32_t> children;  // sorted by request, as legal() lists them
};

// One search: the tree, the generator and the per-iteration scratch space.
class tree_search {
public:
    tree_search(const rules::game& root, int planned_playouts, std::uint64_t seed)
        : root_(root),
          random_(seed),
          policy_(find_policy(root.id())),
          exploration_(planned_playouts >= selective_playouts && policy_
                           ? policy_->selective_exploration()
                           : exploration) {
        nodes_.emplace_back();
    }

    void iterate() {
        auto state = root_.clone();
        path_.assign(1, 0);
        std::uint32_t current = 0;
        while (!state->finished()) {
            const auto legal = state->legal();
            const auto [next, fresh] = select(current, legal, state->to_move());
            const bool rolls = state->dice_needed(nodes_[next].request) > 0;
            play_request(*state, nodes_[next].request, random_);
            path_.push_back(next);
            current = next;
            // Past a roll the tree would choose by averages over dice it does not see; the
            // playout goes on instead, its policy seeing the dice.
            if (fresh || rolls) break;
        }
        playout(*state);
        backup(*state);
    }

    // The most visited root request; ties go to the better mean, then to byte order.
    const node& best() const { return nodes_[best_child(0)]; }

    // The root's requests, most visited first (ties as best()).
    std::vector<const node*> ranked() const {
        std::vector<const node*> out;
        for (const auto index : nodes_[0].children) out.push_back(&nodes_[index]);
        std::stable_sort(out.begin(), out.end(),
                         [](const node* a, const node* b) { return preferred(*a, *b); });
        return out;
    }

    // The requests the search expects from here: the best, then each most visited reply.
    std::vector<std::string> line() const {
        std::vector<std::string> out;
        for (std::uint32_t at = 0; !nodes_[at].children.empty() && out.size() < line_max_plies;) {
            at = best_child(at);
            if (nodes_[at].visits < line_min_visits && !out.empty()) break;
            out.push_back(nodes_[at].request);
        }
        return out;
    }

    // Each seat's mean reward over the playouts that began with root request `first`.
    std::vector<double> seat_values(const node& first) const {
        const auto index = static_cast<std::uint32_t>(&first - nodes_.data());
        for (const auto& [child, sums] : seat_sums_)
            if (child == index) {
                std::vector<double> means;
                for (const double sum : sums) means.push_back(sum / first.visits);
                return means;
            }
        return {};
    }

private:
    static bool preferred(const node& a, const node& b) {
        return a.visits > b.visits ||
               (a.visits == b.visits && a.reward * b.visits > b.reward * a.visits);
    }

    std::uint32_t best_child(std::uint32_t parent) const {
        const auto& children = nodes_[parent].children;
        std::uint32_t chosen = children.front();
        for (const auto index : children)
            if (preferred(nodes_[index], nodes_[chosen])) chosen = index;
        return chosen;
    }

    // Picks the child of `parent` to follow: an untried legal request if there is one (created
    // here, second = true), otherwise the legal child with the best UCB score.
    std::pair<std::uint32_t, bool> select(std::uint32_t parent,
                                          const std::vector<std::string>& legal, int seat) {
        std::size_t untried = legal.size();
        std::uint32_t untried_seen = 0;
        std::size_t insert_at = 0;
        std::uint32_t best = 0;
        double best_score = -1;
        const auto& children = nodes_[parent].children;
        std::size_t c = 0;
        // Both lists are in byte order, so one merge pass pairs them.
        for (std::size_t l = 0; l < legal.size(); ++l) {
            while (c < children.size() && nodes_[children[c]].request < legal[l]) ++c;
            if (c < children.size() && nodes_[children[c]].request == legal[l]) {
                node& child = nodes_[children[c]];
                ++child.available;
                const double score =
                    child.reward / child.visits +
                    exploration_ * std::sqrt(std::log(double(child.available)) / child.visits);
                if (score > best_score) best_score = score, best = children[c];
            } else if (random_.below(++untried_seen) == 0) {
                untried = l, insert_at = c;
            }
        }
        if (untried == legal.size()) return {best, false};

        const auto index = static_cast<std::uint32_t>(nodes_.size());
        node fresh;
        fresh.request = legal[untried];
        fresh.seat = seat;
        fresh.available = 1;
        nodes_.push_back(std::move(fresh));
        auto& siblings = nodes_[parent].children;
        siblings.insert(siblings.begin() + static_cast<std::ptrdiff_t>(insert_at), index);
        return {index, true};
    }

    void playout(rules::game& state) {
        const int plies =
            policy_ && policy_->horizon() > 0 ? policy_->horizon() : max_playout_plies;
        for (int ply = 0; ply < plies && !state.finished(); ++ply) {
            const auto legal = state.legal();
            std::size_t pick = 0;
            if (legal.size() > 1)
                pick = policy_ ? policy_->choose(state, legal, random_)
                               : random_.below(static_cast<std::uint32_t>(legal.size()));
            play_request(state, legal[pick], random_);
        }
    }

    void backup(const rules::game& state) {
        const int seats = root_.seat_count();
        rewards_.assign(static_cast<std::size_t>(seats), 1.0 / seats);
        if (!state.finished() && policy_ && policy_->horizon() > 0) {
            policy_->evaluate(state, rewards_);
        } else if (state.finished()) {
            const auto end = state.current_outcome();
            if (!end.winners.empty()) {
                rewards_.assign(static_cast<std::size_t>(seats), 0.0);
                for (const int seat : end.winners)
                    rewards_[static_cast<std::size_t>(seat)] = 1.0 / double(end.winners.size());
            }
        }
        ++nodes_[0].visits;
        if (path_.size() > 1) add_seat_rewards(path_[1]);
        for (std::size_t i = 1; i < path_.size(); ++i) {
            node& n = nodes_[path_[i]];
            ++n.visits;
            n.reward += rewards_[static_cast<std::size_t>(n.seat)];
        }
    }

    // A root request's sums of every seat's reward, for seat_values (few: one per root request).
    void add_seat_rewards(std::uint32_t root_child) {
        auto found =
            std::find_if(seat_sums_.begin(), seat_sums_.end(),
                         [root_child](const auto& entry) { return entry.first == root_child; });
        if (found == seat_sums_.end())
            found = seat_sums_.insert(seat_sums_.end(),
                                      {root_child, std::vector<double>(rewards_.size(), 0.0)});
        for (std::size_t seat = 0; seat < rewards_.size(); ++seat)
            found->second[seat] += rewards_[seat];
    }

    const rules::game& root_;
    rng random_;
    const playout_policy* policy_;
    double exploration_;
    std::vector<node> nodes_;
    std::vector<std::uint32_t> path_;
    std::vector<double> rewards_;
    std::vector<std::pair<std::uint32_t, std::vector<double>>> seat_sums_;
};

bool should_stop(const budget& limits, int iteration) {
    if (limits.stop && limits.stop->load(std::memory_order_relaxed)) return true;
    return limits.deadline && iteration % clock_interval == 0 &&
           std::chrono::steady_clock::now() >= *limits.deadline;
}

// Runs iterations of `search` within `limits`; the first always runs, so even a passed deadline
// yields a searched answer. How many ran, and whether the limits cut the search short.
std::pair<int, bool> run(tree_search& search, const budget& limits) {
    int playouts = 0;
    while (playouts < limits.playouts) {
        if (playouts > 0 && should_stop(limits, playouts)) return {playouts, true};
        search.iterate();
        ++playouts;
    }
    return {playouts, false};
}

}  // namespace

budget level_budget(level strength) { return budget{level_playouts(strength), {}, nullptr}; }

decision choose_move(const rules::game& game, const budget& limits, std::uint64_t seed) {
    if (game.finished())
        rules::broken_contract<std::invalid_argument>("quadra::bots: the game is finished");
    const auto legal = game.legal();
    if (legal.size() == 1) return {legal.front(), 0, 0, false};
    if (limits.playouts <= 0) {
        rng random(seed);
        return {legal[random.below(static_cast<std::uint32_t>(legal.size()))], 0, 0, false};
    }

    tree_search search(game, limits.playouts, seed);
    const auto [playouts, cut_short] = run(search, limits);
    const node& chosen = search.best();
    return {chosen.request, playouts, chosen.reward / chosen.visits, cut_short};
}

analysis analyse(const rules::game& game, const budget& limits, std::uint64_t seed) {
    if (game.finished()) return {};
    tree_search search(game, limits.playouts, seed);
    const auto [playouts, cut_short] =
        run(search, {std::max(limits.playouts, 1), limits.deadline, limits.stop});
    const node& chosen = search.best();
    analysis found{{chosen.request, playouts, chosen.reward / chosen.visits, cut_short},
                   {},
                   search.line(),
                   search.seat_values(chosen)};
    for (const node* move : search.ranked())
        found.moves.push_back({move->request, move->visits, move->reward / move->visits});
    return found;
}

}  // namespace quadra::bots
