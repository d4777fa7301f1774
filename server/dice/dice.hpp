#pragma once
// Where the server's dice come from. One small interface, so that the committed, verifiable
// scheme (PROTOCOL.md "Fair dice") can replace the plain OS source without touching rooms.

#include <cstdint>
#include <span>
#include <string_view>

namespace quadra::server {

// The dice of one game: fills every element with a value 1-6 for the token that will be recorded
// at `roll_index` (its position in the game's record, from 0).
class dice_source {
public:
    virtual ~dice_source() = default;
    virtual void roll(std::int64_t roll_index, std::span<int> dice) = 0;
    // What snapshots publish (PROTOCOL.md "Fair dice"); empty for sources without a commitment.
    virtual std::string_view game_id() const { return {}; }
    virtual std::string_view commitment() const { return {}; }
    virtual std::string_view seed_hex() const { return {}; }
};

// Dice from the OS CSPRNG, unbiased by rejection sampling; not verifiable afterwards.
class os_dice final : public dice_source {
public:
    void roll(std::int64_t roll_index, std::span<int> dice) override;
};

// Maps random bytes to dice 1-6 with rejection sampling: bytes >= 252 are discarded so that
// every face is equally likely. Returns how many dice were filled from `bytes`.
std::size_t dice_from_bytes(std::span<const unsigned char> bytes, std::span<int> dice);

}  // namespace quadra::server
