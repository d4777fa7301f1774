#pragma once
// Replaying a game record: the tokens in order from a new game.

#include <memory>
#include <optional>
#include <span>
#include <string>

#include "game.hpp"

namespace quadra::rules {

// The first token of a record that the rules refused; `ply` counts from 1.
struct replay_error {
    int ply = 0;
    std::string move;
    std::string reason;
};

// The game after the accepted tokens, and the first refusal if there was one.
struct replayed {
    std::unique_ptr<game> position;
    std::optional<replay_error> error;
};

// Applies `moves` (recorded tokens) in order to `start`, stopping at the first refusal.
replayed replay(std::unique_ptr<game> start, std::span<const std::string> moves);

}  // namespace quadra::rules
