#include "server/app/address_range.hpp"

#include <charconv>

#include <arpa/inet.h>

namespace quadra::server {

namespace {

constexpr int mapped_v4_bits = 96;  // ::ffff:0:0/96

// An address alone, IPv4 mapped into IPv6; `v4` says which it was.
std::optional<std::array<std::uint8_t, 16>> address_bytes(std::string_view text, bool& v4) {
    const std::string address(text);
    std::array<std::uint8_t, 16> bytes{};
    in_addr four{};
    if (inet_pton(AF_INET, address.c_str(), &four) == 1) {
        v4 = true;
        bytes[10] = 0xff;
        bytes[11] = 0xff;
        const auto* raw = reinterpret_cast<const std::uint8_t*>(&four.s_addr);
        for (int i = 0; i < 4; ++i) bytes[12 + i] = raw[i];
        return bytes;
    }
    in6_addr six{};
    if (inet_pton(AF_INET6, address.c_str(), &six) == 1) {
        v4 = false;
        for (int i = 0; i < 16; ++i) bytes[i] = six.s6_addr[i];
        return bytes;
    }
    return std::nullopt;
}

bool is_mapped_v4(const std::array<std::uint8_t, 16>& bytes) {
    for (int i = 0; i < 10; ++i)
        if (bytes[i] != 0) return false;
    return bytes[10] == 0xff && bytes[11] == 0xff;
}

// Whether the first `prefix` bits of `a` and `b` agree.
bool same_prefix(const std::array<std::uint8_t, 16>& a, const std::array<std::uint8_t, 16>& b,
                 int prefix) {
    for (int bit = 0; bit < prefix; ++bit) {
        const auto mask = static_cast<std::uint8_t>(0x80 >> (bit % 8));
        if ((a[bit / 8] & mask) != (b[bit / 8] & mask)) return false;
    }
    return true;
}

}  // namespace

std::optional<address_range> address_range::parse(std::string_view text) {
    const auto slash = text.find('/');
    bool v4 = false;
    const auto bytes = address_bytes(text.substr(0, slash), v4);
    if (!bytes) return std::nullopt;
    const int width = v4 ? 32 : 128;
    int prefix = width;
    if (slash != std::string_view::npos) {
        const auto digits = text.substr(slash + 1);
        const auto [end, error] =
            std::from_chars(digits.data(), digits.data() + digits.size(), prefix);
        if (digits.empty() || error != std::errc() || end != digits.data() + digits.size() ||
            prefix < 0 || prefix > width)
            return std::nullopt;
    }
    address_range range{*bytes, v4 ? prefix + mapped_v4_bits : prefix};
    // Host bits set below the prefix: "203.0.113.7/24" is more likely a typo than a range.
    address_range first = range;
    for (int bit = range.prefix; bit < 128; ++bit)
        first.bytes[bit / 8] &= static_cast<std::uint8_t>(~(0x80 >> (bit % 8)));
    if (first.bytes != range.bytes) return std::nullopt;
    return range;
}

std::string address_range::text() const {
    char out[INET6_ADDRSTRLEN] = {};
    int width = 128;
    if (is_mapped_v4(bytes) && prefix >= mapped_v4_bits) {
        inet_ntop(AF_INET, bytes.data() + 12, out, sizeof out);
        width = 32;
    } else {
        inet_ntop(AF_INET6, bytes.data(), out, sizeof out);
    }
    const int shown = width == 32 ? prefix - mapped_v4_bits : prefix;
    return shown == width ? std::string(out) : std::string(out) + "/" + std::to_string(shown);
}

bool address_range::contains(std::string_view address) const {
    bool v4 = false;
    const auto bytes_of = address_bytes(address, v4);
    return bytes_of && same_prefix(*bytes_of, bytes, prefix);
}

}  // namespace quadra::server
