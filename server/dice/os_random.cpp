#include "server/dice/os_random.hpp"

#include <sys/random.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace quadra::server {

void fill_os_random(std::span<std::byte> out) {
    std::size_t done = 0;
    while (done < out.size()) {
        const auto got = getrandom(out.data() + done, out.size() - done, 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            std::perror("getrandom");
            std::abort();
        }
        done += static_cast<std::size_t>(got);
    }
}

std::string random_hex(std::size_t bytes) {
    static constexpr char digits[] = "0123456789abcdef";
    std::vector<std::byte> raw(bytes);
    fill_os_random(raw);
    std::string out;
    out.reserve(bytes * 2);
    for (auto b : raw) {
        const auto v = static_cast<unsigned>(b);
        out.push_back(digits[v >> 4]);
        out.push_back(digits[v & 15]);
    }
    return out;
}

}  // namespace quadra::server
