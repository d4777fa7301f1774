#include "game.hpp"

namespace quadra::rules {

int game::dice_needed(std::string_view) const { return 0; }

result<std::string> game::with_dice(std::string_view request, std::span<const int> dice) const {
    if (!dice.empty()) return refusal{"'" + std::string(request) + "' takes no dice"};
    return std::string(request);
}

}  // namespace quadra::rules
