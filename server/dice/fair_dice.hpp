#pragma once
// Committed, verifiable dice (PROTOCOL.md "Fair dice"): a secret 32-byte
// seed per game, its SHA-256 published as the commitment, every die derived from
// HMAC-SHA256(seed, game_id ":" roll_index ":" die_index) and the seed revealed at the end.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "server/dice/dice.hpp"

namespace quadra::server {

using dice_seed = std::array<unsigned char, 32>;

// A fresh seed from the OS CSPRNG.
dice_seed new_dice_seed();
// A new game id: 16 lowercase hex characters from the OS CSPRNG.
std::string new_game_id();

// Lowercase hex of `bytes`, and back (nullopt unless exactly 64 hex digits).
std::string to_hex(std::span<const unsigned char> bytes);
std::optional<dice_seed> seed_from_hex(std::string_view hex);

// SHA-256 of the raw seed bytes, as 64 lowercase hex digits.
std::string dice_commitment(const dice_seed& seed);

// The dice of roll `roll_index` of game `game_id` (each 1-6, die_index counting from 0), exactly
// as PROTOCOL.md "Fair dice" specifies them.
void derive_dice(const dice_seed& seed, std::string_view game_id, std::int64_t roll_index,
                 std::span<int> dice);

// The dice of one game: its id and secret seed. Stateless beyond them, so a restored game
// continues simply by rolling for the next roll index.
class fair_dice final : public dice_source {
public:
    fair_dice(std::string game_id, const dice_seed& seed);

    void roll(std::int64_t roll_index, std::span<int> dice) override { derive(roll_index, dice); }
    void derive(std::int64_t roll_index, std::span<int> dice) const;

    std::string_view game_id() const override { return game_id_; }
    std::string_view commitment() const override { return commitment_; }
    std::string_view seed_hex() const override { return seed_hex_; }
    const dice_seed& seed() const { return seed_; }

private:
    std::string game_id_;
    dice_seed seed_;
    std::string seed_hex_;
    std::string commitment_;
};

}  // namespace quadra::server
