// Any text as a position notation (docs/rules.md §6): rules::from_position refuses it with a
// reason or reads a game that prints the same text, and whose notation after any legal move
// reads back too.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "rules/registry.hpp"

using quadra::fuzzing::require;
namespace rules = quadra::rules;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto parsed = rules::from_position(text);
    if (!parsed) {
        require(!parsed.reason().empty(), "a refused notation says why");
        return 0;
    }
    auto& game = *parsed.value();
    require(game.position() == text, "a notation read back prints the same text");
    const auto legal = game.legal();
    require(game.finished() == legal.empty(), "a game is over exactly when nothing is legal");
    if (legal.empty()) return 0;

    // One legal move, chosen by the input's length, dice all 3: its notation reads back.
    const auto& request = legal[size % legal.size()];
    const std::vector<int> dice(static_cast<std::size_t>(game.dice_needed(request)), 3);
    auto token = game.with_dice(request, dice);
    require(token.ok(), "a legal request takes its dice");
    require(game.apply(token.value()).ok(), "a legal request applies");
    auto again = rules::from_position(game.position());
    require(again.ok() && again.value()->position() == game.position(),
            "the notation after a move reads back");
    return 0;
}
