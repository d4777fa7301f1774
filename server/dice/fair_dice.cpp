#include "server/dice/fair_dice.hpp"

#include <cstddef>
#include <string>

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

#include "server/dice/os_random.hpp"

namespace quadra::server {

namespace {

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

std::array<unsigned char, 32> hmac_sha256(const dice_seed& key, std::string_view message) {
    std::array<unsigned char, 32> out{};
    unsigned int length = 0;
    HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
         reinterpret_cast<const unsigned char*>(message.data()), message.size(), out.data(),
         &length);
    return out;
}

}  // namespace

dice_seed new_dice_seed() {
    dice_seed seed{};
    fill_os_random(std::as_writable_bytes(std::span(seed)));
    return seed;
}

std::string new_game_id() { return random_hex(8); }

std::string to_hex(std::span<const unsigned char> bytes) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string hex;
    hex.reserve(bytes.size() * 2);
    for (auto b : bytes) {
        hex += digits[b >> 4];
        hex += digits[b & 0xF];
    }
    return hex;
}

std::optional<dice_seed> seed_from_hex(std::string_view hex) {
    dice_seed seed{};
    if (hex.size() != seed.size() * 2) return std::nullopt;
    for (std::size_t i = 0; i < seed.size(); ++i) {
        const int high = hex_value(hex[2 * i]);
        const int low = hex_value(hex[2 * i + 1]);
        if (high < 0 || low < 0) return std::nullopt;
        seed[i] = static_cast<unsigned char>(high * 16 + low);
    }
    return seed;
}

std::string dice_commitment(const dice_seed& seed) {
    std::array<unsigned char, SHA256_DIGEST_LENGTH> digest{};
    SHA256(seed.data(), seed.size(), digest.data());
    return to_hex(digest);
}

void derive_dice(const dice_seed& seed, std::string_view game_id, std::int64_t roll_index,
                 std::span<int> dice) {
    for (std::size_t die = 0; die < dice.size(); ++die) {
        const std::string base =
            std::string(game_id) + ':' + std::to_string(roll_index) + ':' + std::to_string(die);
        // Each block of 32 bytes is almost never all rejected (probability (4/256)^32); if it is,
        // the message gains ":1", ":2", ... until a byte is accepted.
        for (int extra = 0;; ++extra) {
            const auto mac =
                hmac_sha256(seed, extra == 0 ? base : base + ':' + std::to_string(extra));
            if (dice_from_bytes(mac, dice.subspan(die, 1)) == 1) break;
        }
    }
}

fair_dice::fair_dice(std::string game_id, const dice_seed& seed)
    : game_id_(std::move(game_id)),
      seed_(seed),
      seed_hex_(to_hex(seed)),
      commitment_(dice_commitment(seed)) {}

void fair_dice::derive(std::int64_t roll_index, std::span<int> dice) const {
    derive_dice(seed_, game_id_, roll_index, dice);
}

}  // namespace quadra::server
