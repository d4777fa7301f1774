#pragma once
// Bytes from the operating system's CSPRNG (getrandom(2)), for tokens, room codes and dice.

#include <cstddef>
#include <span>
#include <string>

namespace quadra::server {

// Fills `out` entirely; aborts if the kernel cannot supply randomness, which never happens on a
// working Linux system and must never be papered over with a weaker source.
void fill_os_random(std::span<std::byte> out);

// `bytes` random bytes as lowercase hex (2 characters per byte).
std::string random_hex(std::size_t bytes);

}  // namespace quadra::server
