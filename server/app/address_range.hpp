#pragma once
// An IP address range in CIDR notation ("203.0.113.0/24", "2001:db8::/32", or one address), as
// a moderator refuses new guests or accounts from it (#31). IPv4 is kept as IPv4-mapped IPv6,
// so a connection reported as "::ffff:203.0.113.7" falls in "203.0.113.0/24".

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace quadra::server {

struct address_range {
    std::array<std::uint8_t, 16> bytes{};  // the first address, host bits zero
    int prefix = 128;                      // of the 128 bits

    // None: not an address or a range (or host bits set below the prefix, a likely typo).
    static std::optional<address_range> parse(std::string_view text);
    // As it is shown and stored: "203.0.113.0/24", "2001:db8::/32"; one address without a prefix.
    std::string text() const;
    // Whether `address` (as the connection reports it) is in the range; false for no address.
    bool contains(std::string_view address) const;
};

}  // namespace quadra::server
