// Address ranges as moderators refuse them (#31): CIDR text for IPv4 and IPv6 or one address,
// canonical text, IPv4 inside IPv4-mapped IPv6 addresses, and refusals for what is not a range.

#include <doctest/doctest.h>

#include "server/app/address_range.hpp"

using quadra::server::address_range;

TEST_CASE("an address range parses CIDR text and shows it canonically") {
    CHECK(address_range::parse("203.0.113.0/24")->text() == "203.0.113.0/24");
    CHECK(address_range::parse("203.0.113.7")->text() == "203.0.113.7");
    CHECK(address_range::parse("203.0.113.7/32")->text() == "203.0.113.7");
    CHECK(address_range::parse("0.0.0.0/0")->text() == "0.0.0.0/0");
    CHECK(address_range::parse("2001:0db8:0000::/32")->text() == "2001:db8::/32");
    CHECK(address_range::parse("::1")->text() == "::1");
    for (const char* bad : {"", "/24", "203.0.113.0/", "203.0.113.0/33", "203.0.113.0/-1",
                            "203.0.113.7/24", "203.0.113", "example.org", "2001:db8::/129",
                            "2001:db8::1/32", "203.0.113.0/24x", "203.0.113.0 /24"})
        CHECK_MESSAGE(!address_range::parse(bad).has_value(), bad);
}

TEST_CASE("an address range contains the addresses under its prefix, IPv4 also when mapped") {
    const auto v4 = *address_range::parse("203.0.113.0/24");
    CHECK(v4.contains("203.0.113.0"));
    CHECK(v4.contains("203.0.113.255"));
    CHECK(v4.contains("::ffff:203.0.113.7"));
    CHECK_FALSE(v4.contains("203.0.114.0"));
    CHECK_FALSE(v4.contains("203.0.112.255"));
    CHECK_FALSE(v4.contains("2001:db8::1"));
    CHECK_FALSE(v4.contains(""));
    CHECK_FALSE(v4.contains("not an address"));
    const auto odd = *address_range::parse("10.0.0.0/9");
    CHECK(odd.contains("10.127.255.255"));
    CHECK_FALSE(odd.contains("10.128.0.0"));
    const auto v6 = *address_range::parse("2001:db8::/32");
    CHECK(v6.contains("2001:db8:ffff::1"));
    CHECK_FALSE(v6.contains("2001:db9::"));
    CHECK_FALSE(v6.contains("203.0.113.7"));
    CHECK(address_range::parse("127.0.0.1")->contains("127.0.0.1"));
    CHECK_FALSE(address_range::parse("127.0.0.1")->contains("127.0.0.2"));
    CHECK(address_range::parse("0.0.0.0/0")->contains("198.51.100.1"));
}
