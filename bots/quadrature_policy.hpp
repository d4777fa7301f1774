#pragma once
// Quadrature playouts: take an exchange when one is there, otherwise lean toward the goal;
// scored by material after a short horizon.

#include "policy.hpp"

namespace quadra::bots {

// Uniform among the moves that exchange at once (a rectangle through the destination; cascades
// are not looked at); without one, half the time uniform among forward and diagonal moves, else
// uniform among all. After 20 plies a position is scored by the men each side has left.
class quadrature_policy final : public playout_policy {
public:
    std::size_t choose(const rules::game& game, const std::vector<std::string>& legal,
                       rng& random) const override;
    int horizon() const override { return 20; }
    void evaluate(const rules::game& game, std::vector<double>& rewards) const override;
};

}  // namespace quadra::bots
