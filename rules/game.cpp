#include "game.hpp"

namespace quadra::rules {

int game::dice_needed(std::string_view) const { return 0; }

result<std::string> game::with_dice(std::string_view request, std::span<const int> dice) const {
    if (!dice.empty()) return refusal{"'" + std::string(request) + "' takes no dice"};
    return std::string(request);
}

result<void> game::retire(int) { return refusal{"this game cannot go on without a seat"}; }

bool game::retired(int) const { return false; }

}  // namespace quadra::rules
