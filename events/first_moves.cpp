#include "events/first_moves.hpp"

#include <cstdlib>
#include <utility>

namespace quadra::events {

first_move_summary summarise(const std::vector<bool>& first_moves) {
    first_move_summary summary;
    for (const bool first : first_moves) {
        summary.difference += first ? 1 : -1;
        summary.streak = summary.games > 0 && first == summary.last_first ? summary.streak + 1 : 1;
        summary.last_first = first;
        ++summary.games;
    }
    return summary;
}

first_move_break would_break(const first_move_summary& player, bool moves_first,
                             const first_move_limits& limits) {
    if (player.games > 0 && player.last_first == moves_first &&
        player.streak >= limits.most_in_a_row) {
        return first_move_break::in_a_row;
    }
    if (std::abs(player.difference + (moves_first ? 1 : -1)) > limits.most_difference) {
        return first_move_break::difference;
    }
    return first_move_break::none;
}

first_move_wish wish_of(const first_move_summary& player) {
    if (player.games == 0) return {};
    if (player.difference != 0) return {true, player.difference < 0, 2};
    return {true, !player.last_first, 1};
}

turn_order_cost cost_of(const first_move_summary& first, const first_move_summary& second,
                        const first_move_limits& limits) {
    turn_order_cost cost;
    for (const auto& [player, moves_first] : {std::pair{&first, true}, std::pair{&second, false}}) {
        if (would_break(*player, moves_first, limits) != first_move_break::none) ++cost.breaks;
        const first_move_wish wish = wish_of(*player);
        if (wish.any && wish.first != moves_first) cost.unmet += wish.strength;
    }
    return cost;
}

}  // namespace quadra::events
