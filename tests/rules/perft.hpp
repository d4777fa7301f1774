#pragma once
// Perft: the number of move sequences of a given length from a position. A request that needs
// dice counts once per possible outcome of those dice, so chance is enumerated, not sampled.

#include <cstdint>
#include <vector>

#include "rules/game.hpp"

namespace quadra::testing {

inline std::uint64_t perft(const rules::game& game, int depth) {
    if (depth == 0) return 1;
    std::uint64_t nodes = 0;
    for (const auto& request : game.legal()) {
        const int count = game.dice_needed(request);
        std::vector<int> dice(static_cast<std::size_t>(count), 1);
        for (;;) {
            auto next = game.clone();
            if (!next->apply(game.with_dice(request, dice).value()).ok()) return 0;
            nodes += perft(*next, depth - 1);
            // Advance the dice like an odometer over 1..6; stop after the last combination.
            int i = 0;
            while (i < count && dice[static_cast<std::size_t>(i)] == 6)
                dice[static_cast<std::size_t>(i++)] = 1;
            if (i == count) break;
            ++dice[static_cast<std::size_t>(i)];
        }
    }
    return nodes;
}

}  // namespace quadra::testing
