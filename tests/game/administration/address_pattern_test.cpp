// Address ban patterns: one address, a '*' prefix, a CIDR block; IPv4 as dual-stack listeners write it too.
#include "server/game/administration/address_pattern.hpp"

#include <gtest/gtest.h>

#include <string>

using dw::game::address_pattern;

namespace {

address_pattern pattern(std::string_view text) {
  auto parsed = address_pattern::parse(text);
  if (const auto* why = std::get_if<std::string>(&parsed)) {
    ADD_FAILURE() << text << ": " << *why;
    return std::get<address_pattern>(address_pattern::parse("192.0.2.1"));
  }
  return std::get<address_pattern>(std::move(parsed));
}

std::string refusal(std::string_view text) {
  auto parsed = address_pattern::parse(text);
  const auto* why = std::get_if<std::string>(&parsed);
  return why == nullptr ? std::string() : *why;
}

}  // namespace

TEST(AddressPattern, WhatEachFormCovers) {
  struct row {
    const char* pattern;
    const char* address;
    bool covered;
  };
  const row rows[] = {
      {"192.0.2.7", "192.0.2.7", true},
      {"192.0.2.7", "192.0.2.70", false},
      {"192.0.2.7", "::ffff:192.0.2.7", true},  // an IPv4 client of a dual-stack listener
      {"2001:DB8::7", "2001:db8::7", true},     // IPv6 is compared as an address, not as text
      {"2001:db8:0::7", "2001:db8::7", true},
      {"10.1.*", "10.1.2.3", true},
      {"10.1.*", "10.10.2.3", false},
      {"10.1.*", "::ffff:10.1.2.3", true},
      {"1*", "10.10.2.3", true},
      {"2001:DB8:*", "2001:db8::1", true},
      {"*", "198.51.100.1", true},
      {"*", "::1", true},
      {"10.1.0.0/16", "10.1.255.3", true},
      {"10.1.0.0/16", "10.2.0.3", false},
      {"10.1.0.0/16", "::ffff:10.1.9.9", true},
      {"10.1.2.3/16", "10.1.200.1", true},  // host bits after the prefix do not matter
      {"192.0.2.128/25", "192.0.2.127", false},
      {"192.0.2.128/25", "192.0.2.128", true},
      {"10.1.2.3/32", "10.1.2.3", true},
      {"10.1.2.3/32", "10.1.2.4", false},
      {"2001:db8::/32", "2001:db8:ffff::1", true},
      {"2001:db8::/32", "2001:db9::1", false},
      {"0.0.0.0/0", "203.0.113.5", true},
      {"0.0.0.0/0", "2001:db8::1", false},
      {"::/0", "203.0.113.5", true},
      {"192.0.2.7", "unknown", false},
      {"10.1.*", "unknown", false},
  };
  for (const row& r : rows) {
    EXPECT_EQ(pattern(r.pattern).matches(r.address), r.covered) << r.pattern << " and " << r.address;
  }
}

TEST(AddressPattern, WideAndEveryone) {
  for (const char* one : {"192.0.2.7", "2001:db8::7", "192.0.2.7/32", "2001:db8::7/128", "::ffff:192.0.2.7"}) {
    EXPECT_FALSE(pattern(one).is_wide()) << one;
    EXPECT_FALSE(pattern(one).covers_everyone()) << one;
  }
  for (const char* wide : {"10.1.*", "1*", "192.0.2.0/31", "2001:db8::/127", "0.0.0.0/1", "8000::/1", "::/96"}) {
    EXPECT_TRUE(pattern(wide).is_wide()) << wide;
    EXPECT_FALSE(pattern(wide).covers_everyone()) << wide;
  }
  for (const char* all :
       {"*", "0.0.0.0/0", "1.2.3.4/0", "::/0", "::/1", "::/64", "::/80", "::ffff:0:0/96", "::ffff:0:0/80"}) {
    EXPECT_TRUE(pattern(all).is_wide()) << all;
    EXPECT_TRUE(pattern(all).covers_everyone()) << all;
  }
}

TEST(AddressPattern, WhatIsNoPatternSaysWhy) {
  EXPECT_EQ(refusal(""), "an empty pattern covers nothing");
  EXPECT_EQ(refusal("10.*.1.1"), "a '*' may only end a pattern (10.1.* covers every address that starts with 10.1.)");
  EXPECT_EQ(refusal("**"), "a '*' may only end a pattern (10.1.* covers every address that starts with 10.1.)");
  EXPECT_EQ(refusal("10.1.x*"), "'x' cannot be part of an address");
  EXPECT_EQ(refusal("10.1.2.3/33"), "the prefix length after '/' must be a number from 0 to 32");
  EXPECT_EQ(refusal("10.1.2.3/-1"), "the prefix length after '/' must be a number from 0 to 32");
  EXPECT_EQ(refusal("10.1.2.3/"), "the prefix length after '/' must be a number from 0 to 32");
  EXPECT_EQ(refusal("2001:db8::/129"), "the prefix length after '/' must be a number from 0 to 128");
  EXPECT_EQ(refusal("10.1.2/8"), "'10.1.2' is not an IP address");
  EXPECT_EQ(refusal("10.1.2"), "'10.1.2' is not an IP address");
  EXPECT_EQ(refusal("fe80::1%eth0"), "'fe80::1%eth0' is not an IP address");
  EXPECT_EQ(refusal("10.1.2.3/16/8"), "the prefix length after '/' must be a number from 0 to 32");
}
