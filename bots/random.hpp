#pragma once
// The bots' own random numbers: a small, fast generator whose sequence is the same on every
// platform, so a bot's move depends only on its seed.

#include <cstdint>

namespace quadra::bots {

// xoshiro256** seeded through splitmix64.
class rng {
public:
    explicit rng(std::uint64_t seed) {
        for (auto& word : state_) word = split_mix(seed);
    }

    std::uint64_t next() {
        const std::uint64_t result = rotate(state_[1] * 5, 7) * 9;
        const std::uint64_t t = state_[1] << 17;
        state_[2] ^= state_[0];
        state_[3] ^= state_[1];
        state_[1] ^= state_[2];
        state_[0] ^= state_[3];
        state_[2] ^= t;
        state_[3] = rotate(state_[3], 45);
        return result;
    }

    // Uniform in [0, bound); bound > 0. Lemire's multiply-shift: the bias is below 2^-32 for the
    // small bounds used here, and it needs no division.
    std::uint32_t below(std::uint32_t bound) {
        return static_cast<std::uint32_t>(((next() >> 32) * bound) >> 32);
    }

    // A die roll, 1-6.
    int die() { return static_cast<int>(below(6)) + 1; }

    // True with probability numerator / denominator.
    bool chance(std::uint32_t numerator, std::uint32_t denominator) {
        return below(denominator) < numerator;
    }

private:
    static std::uint64_t rotate(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    static std::uint64_t split_mix(std::uint64_t& x) {
        std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }

    std::uint64_t state_[4];
};

// A seed for one use (a game, a seat, a ply) derived from a base seed, so streams do not overlap.
inline std::uint64_t derive_seed(std::uint64_t base, std::uint64_t a, std::uint64_t b = 0) {
    std::uint64_t x = base ^ (a * 0xd1342543de82ef95ULL) ^ (b * 0x9e3779b97f4a7c15ULL);
    x = (x ^ (x >> 31)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 29)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 32);
}

}  // namespace quadra::bots
