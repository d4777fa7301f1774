#include "chance.hpp"

#include <array>
#include <span>
#include <stdexcept>

#include "rules/contract.hpp"

namespace quadra::bots {

std::string roll_for(const rules::game& game, std::string_view request, rng& random) {
    const int count = game.dice_needed(request);
    if (count == 0) return std::string(request);
    // Quadwrangle needs at most five; a fixed array keeps the hot path free of allocation.
    std::array<int, 8> dice{};
    if (count < 0 || count > static_cast<int>(dice.size()))
        rules::broken_contract<std::logic_error>("quadra::bots: unexpected dice count for '" +
                                                 std::string(request) + "'");
    for (int i = 0; i < count; ++i) dice[static_cast<std::size_t>(i)] = random.die();
    auto token = game.with_dice(request, std::span<const int>(dice.data(), count));
    if (!token) rules::broken_contract<std::logic_error>("quadra::bots: " + token.reason());
    return std::move(token).value();
}

void play_request(rules::game& game, std::string_view request, rng& random) {
    const auto applied = game.dice_needed(request) == 0
                             ? game.apply(request)
                             : game.apply(roll_for(game, request, random));
    if (!applied)
        rules::broken_contract<std::logic_error>("quadra::bots: refused '" + std::string(request) +
                                                 "': " + applied.reason());
}

}  // namespace quadra::bots
