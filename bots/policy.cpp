#include "policy.hpp"

#include "kvadrat_policy.hpp"
#include "kvadratura_policy.hpp"
#include "quadrature_policy.hpp"
#include "quadwrangle_policy.hpp"

namespace quadra::bots {

void playout_policy::evaluate(const rules::game& game, std::vector<double>& rewards) const {
    rewards.assign(static_cast<std::size_t>(game.seat_count()), 1.0 / game.seat_count());
}

const playout_policy* find_policy(std::string_view game_id) {
    static const kvadrat_policy kvadrat;
    static const kvadratura_policy kvadratura;
    static const quadrature_policy quadrature;
    static const quadwrangle_policy quadwrangle;
    if (game_id == "kvadrat") return &kvadrat;
    if (game_id == "kvadratura") return &kvadratura;
    if (game_id == "quadrature") return &quadrature;
    if (game_id == "quadwrangle") return &quadwrangle;
    return nullptr;
}

}  // namespace quadra::bots
