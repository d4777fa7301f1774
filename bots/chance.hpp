#pragma once
// Turning a request into a recorded token the way the server does: roll the dice it needs.

#include <string>
#include <string_view>

#include "random.hpp"
#include "rules/game.hpp"

namespace quadra::bots {

// The recorded token for a legal request of `game`, each die uniform 1-6 from `random`. A request
// the game refuses is a programmer error (std::logic_error).
std::string roll_for(const rules::game& game, std::string_view request, rng& random);

// Applies a legal request to `game`, rolling its dice; refusal is a programmer error.
void play_request(rules::game& game, std::string_view request, rng& random);

}  // namespace quadra::bots
