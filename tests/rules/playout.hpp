#pragma once
// Random legal playouts for tests: pick uniformly among legal requests, roll dice where needed.

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "rules/game.hpp"

namespace quadra::testing {

// The recorded token for a random legal request of `game` (dice rolled with `rng`).
inline std::string random_move(const rules::game& game, std::mt19937_64& rng) {
    const auto legal = game.legal();
    const auto& request =
        legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
    std::vector<int> dice(static_cast<std::size_t>(game.dice_needed(request)));
    for (auto& die : dice) die = std::uniform_int_distribution<int>(1, 6)(rng);
    return game.with_dice(request, dice).value();
}

}  // namespace quadra::testing
