#pragma once
// Kvadrat playouts: uniform placements, cut short and scored by who holds the squares.

#include "policy.hpp"

namespace quadra::bots {

// Uniform choice; after 12 plies a position is scored half by the share of first place on the
// squares owned now and half by each seat's share of owned squares (plus one each).
class kvadrat_policy final : public playout_policy {
public:
    std::size_t choose(const rules::game& game, const std::vector<std::string>& legal,
                       rng& random) const override;
    int horizon() const override { return 12; }
    void evaluate(const rules::game& game, std::vector<double>& rewards) const override;
};

}  // namespace quadra::bots
