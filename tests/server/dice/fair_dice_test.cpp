// Fair dice: the derivation against a known answer computed independently (Python's hmac and
// `openssl dgst -sha256 -mac HMAC`, see PROTOCOL.md "Fair dice"), the commitment and hex forms.

#include <doctest/doctest.h>

#include <array>
#include <cstdlib>
#include <vector>

#include "server/dice/fair_dice.hpp"

using namespace quadra::server;

namespace {

dice_seed counting_seed() {
    dice_seed seed{};
    for (std::size_t i = 0; i < seed.size(); ++i) seed[i] = static_cast<unsigned char>(i);
    return seed;
}

std::vector<int> roll(const fair_dice& dice, std::int64_t index, std::size_t count) {
    std::vector<int> out(count, 0);
    dice.derive(index, out);
    return out;
}

}  // namespace

TEST_CASE("the known-answer vector of PROTOCOL.md") {
    const fair_dice dice("3f9a1c0e5b7d2468", counting_seed());
    CHECK(dice.seed_hex() == "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
    CHECK(dice.commitment() == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd");
    CHECK(roll(dice, 0, 5) == std::vector{5, 5, 5, 1, 3});
    CHECK(roll(dice, 1, 5) == std::vector{1, 6, 2, 2, 6});
    CHECK(roll(dice, 7, 3) == std::vector{6, 5, 3});
}

TEST_CASE("dice depend on the game id, the roll index and the seed") {
    const fair_dice a("3f9a1c0e5b7d2468", counting_seed());
    const fair_dice other_game("3f9a1c0e5b7d2469", counting_seed());
    auto seed = counting_seed();
    seed[31] ^= 1;
    const fair_dice other_seed("3f9a1c0e5b7d2468", seed);
    // 20 dice match by chance with probability 6^-20.
    CHECK(roll(a, 3, 20) != roll(other_game, 3, 20));
    CHECK(roll(a, 3, 20) != roll(other_seed, 3, 20));
    CHECK(roll(a, 3, 20) != roll(a, 4, 20));
    CHECK(roll(a, 3, 20) == roll(a, 3, 20));
}

TEST_CASE("every face comes up about equally often") {
    const fair_dice dice(new_game_id(), new_dice_seed());
    std::array<int, 7> counts{};
    for (std::int64_t index = 0; index < 2000; ++index)
        for (int die : roll(dice, index, 6)) {
            REQUIRE(die >= 1);
            REQUIRE(die <= 6);
            ++counts[static_cast<std::size_t>(die)];
        }
    // 12,000 dice: 2,000 expected per face, standard deviation ~41; 300 is over 7 sigma.
    for (int face = 1; face <= 6; ++face)
        CHECK(std::abs(counts[static_cast<std::size_t>(face)] - 2000) < 300);
}

TEST_CASE("seeds and game ids are fresh, hex round-trips, bad hex is refused") {
    CHECK(new_dice_seed() != new_dice_seed());
    const auto id = new_game_id();
    CHECK(id.size() == 16);
    CHECK(id.find_first_not_of("0123456789abcdef") == std::string::npos);
    CHECK(new_game_id() != id);

    const auto seed = new_dice_seed();
    CHECK(seed_from_hex(to_hex(seed)) == seed);
    CHECK_FALSE(seed_from_hex("00").has_value());
    CHECK_FALSE(seed_from_hex(std::string(63, 'a') + "g").has_value());
    CHECK(seed_from_hex(std::string(64, 'A')) == seed_from_hex(std::string(64, 'a')));
}
