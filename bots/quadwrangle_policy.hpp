#pragma once
// Quadwrangle playouts: play as soon as the dice offer a play, the one that pulls hardest;
// scored by the counters' positions after a short horizon.

#include "policy.hpp"

namespace quadra::bots {

// When plays are available, the one moving counters furthest toward the mover (a counter newly
// on the mover's red square or pulled off the opponent's counts extra); otherwise a uniform
// re-roll, or the only request. After 8 plies (two or three turns) a position is scored by how
// far the counters lean toward each side and the counters on each red square.
class quadwrangle_policy final : public playout_policy {
public:
    std::size_t choose(const rules::game& game, const std::vector<std::string>& legal,
                       rng& random) const override;
    int horizon() const override { return 8; }
    void evaluate(const rules::game& game, std::vector<double>& rewards) const override;
};

}  // namespace quadra::bots
