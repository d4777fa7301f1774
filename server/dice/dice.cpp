#include "server/dice/dice.hpp"

#include <array>
#include <cstddef>

#include "server/dice/os_random.hpp"

namespace quadra::server {

std::size_t dice_from_bytes(std::span<const unsigned char> bytes, std::span<int> dice) {
    std::size_t filled = 0;
    for (auto b : bytes) {
        if (filled == dice.size()) break;
        if (b >= 252) continue;  // 252 = 42 * 6: the largest multiple of 6 a byte can hold
        dice[filled++] = 1 + b % 6;
    }
    return filled;
}

void os_dice::roll(std::int64_t, std::span<int> dice) {
    std::size_t filled = 0;
    std::array<unsigned char, 16> bytes{};
    while (filled < dice.size()) {
        fill_os_random(std::as_writable_bytes(std::span(bytes)));
        filled += dice_from_bytes(bytes, dice.subspan(filled));
    }
}

}  // namespace quadra::server
