#pragma once
// Quadwrangle playouts: take a good play when the dice offer one, the one that pulls hardest,
// otherwise re-roll for a better one; scored by the counters' positions after a short horizon.

#include "policy.hpp"

namespace quadra::bots {

// A play's gain is the squares it moves counters toward the mover, +2 for a counter newly on the
// mover's red square, +1 for one pulled off the opponent's. With a roll left and no play gaining 3
// or more, the mover re-rolls every die but those of its most frequent face (all five when none
// repeats), as a player goes for three or four of a kind; otherwise it makes the play that gains
// most, or the only request. After 8 plies (about two turns) a position is scored by how far the
// counters lean toward each side and the counters on each red square.
class quadwrangle_policy final : public playout_policy {
public:
    std::size_t choose(const rules::game& game, const std::vector<std::string>& legal,
                       rng& random) const override;
    int horizon() const override { return 8; }
    void evaluate(const rules::game& game, std::vector<double>& rewards) const override;
};

}  // namespace quadra::bots
