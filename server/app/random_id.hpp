#pragma once
// Ids a node picks for rows every node shares (challenges, events): random, odd, below 2^53, so
// that two nodes practically never pick the same one and a browser reads each exactly.

#include <cstdint>
#include <random>

namespace quadra::server {

inline std::int64_t new_shared_id() {
    thread_local std::mt19937_64 draw{std::random_device{}()};
    return static_cast<std::int64_t>(draw() >> 11) | 1;
}

}  // namespace quadra::server
