#pragma once
// Kvadratura playouts: never complete a square of your own colour while another move exists.

#include "policy.hpp"
#include "rules/kvadratura.hpp"

namespace quadra::bots {

// Whether the side to move of `game` would complete a square of its own colour on empty `c`.
bool completes_own_square(const rules::kvadratura& game, rules::cell c);

// Uniform among the moves that complete no own square; uniform among all when every move does.
class kvadratura_policy final : public playout_policy {
public:
    std::size_t choose(const rules::game& game, const std::vector<std::string>& legal,
                       rng& random) const override;
};

}  // namespace quadra::bots
