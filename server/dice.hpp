#pragma once
// Where the server's dice come from. One small interface, so that the committed, verifiable
// scheme (PRODUCT.md, Fair dice) can replace the plain OS source without touching rooms.

#include <span>

namespace quadra::server {

// Rolls dice: fills every element with a value 1-6. Must be safe to call from any thread.
class dice_source {
public:
    virtual ~dice_source() = default;
    virtual void roll(std::span<int> dice) = 0;
};

// Dice from the OS CSPRNG, unbiased by rejection sampling.
class os_dice final : public dice_source {
public:
    void roll(std::span<int> dice) override;
};

// Maps random bytes to dice 1-6 with rejection sampling: bytes >= 252 are discarded so that
// every face is equally likely. Returns how many dice were filled from `bytes`.
std::size_t dice_from_bytes(std::span<const unsigned char> bytes, std::span<int> dice);

}  // namespace quadra::server
