#pragma once
// Game knowledge for playouts: a per-game hook that picks the next request instead of a uniform
// choice. Policies are optional, stateless and shared by every search thread.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "random.hpp"
#include "rules/game.hpp"

namespace quadra::bots {

// From this many playouts on, a search explores with its policy's selective_exploration():
// the expert level (25000), not hard (3000).
inline constexpr int selective_playouts = 10000;

// Picks requests in a playout for one game and, optionally, cuts playouts short and scores them.
class playout_policy {
public:
    virtual ~playout_policy() = default;
    // The index in `legal` (the requests game.legal() lists, at least two) of the request to
    // play. A policy handed a game of another type must still answer with a valid index.
    virtual std::size_t choose(const rules::game& game, const std::vector<std::string>& legal,
                               rng& random) const = 0;
    // Plies after which a playout stops and is scored by evaluate(); 0 plays to the end. Short
    // playouts scored by a sound estimate tell moves apart with far fewer playouts.
    virtual int horizon() const { return 0; }
    // Fills `rewards` (one per seat, each 0..1, summing to 1) for an unfinished position: each
    // seat's chance of coming first as the policy estimates it. Called only when horizon() > 0.
    virtual void evaluate(const rules::game& game, std::vector<double>& rewards) const;
    // The UCB exploration weight of a search of `selective_playouts` or more (smaller ones use 1).
    // Below 1, a large search spends its playouts deepening the lines it prefers rather than
    // spreading them evenly, which pays where evaluate() tells positions apart by little.
    virtual double selective_exploration() const { return 1.0; }
};

// The playout policy for a game id, or nullptr when that game has none (uniform playouts).
const playout_policy* find_policy(std::string_view game_id);

}  // namespace quadra::bots
