#pragma once
// The rating arithmetic of one finished rated game, as both store backends run it inside the
// transaction that stores the result: ratings before → ratings after, with ratings/ (Glicko-2 for
// two players, Weng-Lin for four). No I/O, so the store tests can compare the stored numbers with
// a direct call.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "server/store/store.hpp"

namespace quadra::server {

// A player's rating under `key` before any rated game.
rating_row unrated(std::int64_t identity, const std::string& key);

// The players' ratings after `game`, from `before` (one per player, in the game's order).
std::vector<rating_row> rate_game(const rated_game& game, std::span<const rating_row> before,
                                  std::int64_t at_ms);

// How the game went for player `index`: "draw" when every place ties, "win" for a shared or sole
// best place, "loss" otherwise.
std::string outcome_of(const rated_game& game, std::size_t index);

}  // namespace quadra::server
