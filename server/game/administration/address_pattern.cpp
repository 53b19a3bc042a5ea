#include "server/game/administration/address_pattern.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <charconv>
#include <optional>

namespace dw::game {
namespace {

using address_bytes = std::array<std::uint8_t, 16>;

/// The first 96 bits of every IPv4 address seen as IPv6 (::ffff:0:0/96).
constexpr address_bytes mapped_ipv4_prefix{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0, 0, 0};

/// An IP address as 16 bytes (IPv4 as ::ffff:a.b.c.d), or nullopt when `text` is none.
std::optional<address_bytes> to_bytes(std::string_view text) {
  if (text.empty() || text.size() > 64) {
    return std::nullopt;
  }
  const std::string terminated(text);  // inet_pton wants a C string
  address_bytes out = mapped_ipv4_prefix;
  if (::inet_pton(AF_INET, terminated.c_str(), out.data() + 12) == 1) {
    return out;
  }
  if (::inet_pton(AF_INET6, terminated.c_str(), out.data()) == 1) {
    return out;
  }
  return std::nullopt;
}

bool is_mapped_ipv4(const address_bytes& a) {
  return std::equal(a.begin(), a.begin() + 12, mapped_ipv4_prefix.begin());
}

/// The address as it is usually written: dotted for IPv4 (mapped or not), lower-case and shortened for IPv6.
std::string canonical_text(const address_bytes& a) {
  char text[INET6_ADDRSTRLEN] = {};
  const bool v4 = is_mapped_ipv4(a);
  if (::inet_ntop(v4 ? AF_INET : AF_INET6, v4 ? a.data() + 12 : a.data(), text, sizeof text) == nullptr) {
    return {};
  }
  return text;
}

/// True when the first `bits` bits of `a` and `b` agree.
bool leading_bits_equal(const address_bytes& a, const address_bytes& b, int bits) {
  int i = 0;
  for (; bits >= 8; bits -= 8, ++i) {
    if (a[i] != b[i]) {
      return false;
    }
  }
  if (bits == 0) {
    return true;
  }
  const auto mask = static_cast<std::uint8_t>(0xff << (8 - bits));
  return (a[i] & mask) == (b[i] & mask);
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') {
      c = static_cast<char>(c - 'A' + 'a');
    }
  }
  return out;
}

bool address_character(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') || c == '.' || c == ':';
}

}  // namespace

std::variant<address_pattern, std::string> address_pattern::parse(std::string_view text) {
  address_pattern p;
  p.text_ = std::string(text);
  if (text.empty()) {
    return std::string("an empty pattern covers nothing");
  }
  if (const std::size_t star = text.find('*'); star != std::string_view::npos) {
    if (star != text.size() - 1) {
      return std::string("a '*' may only end a pattern (10.1.* covers every address that starts with 10.1.)");
    }
    const std::string_view start = text.substr(0, star);
    for (char c : start) {
      if (!address_character(c)) {
        return std::string("'").append(1, c) + "' cannot be part of an address";
      }
    }
    p.form_ = form::prefix;
    p.prefix_ = lower(start);
    return p;
  }
  if (const std::size_t slash = text.find('/'); slash != std::string_view::npos) {
    const std::string_view length = text.substr(slash + 1);
    const auto address = to_bytes(text.substr(0, slash));
    if (!address) {
      return std::string("'").append(text.substr(0, slash)) + "' is not an IP address";
    }
    const int most = is_mapped_ipv4(*address) && text.substr(0, slash).find(':') == std::string_view::npos ? 32 : 128;
    int bits = -1;
    const char* end = length.data() + length.size();
    if (length.empty() || std::from_chars(length.data(), end, bits).ptr != end || bits < 0 || bits > most) {
      return "the prefix length after '/' must be a number from 0 to " + std::to_string(most);
    }
    p.form_ = form::block;
    p.bytes_ = *address;
    p.bits_ = most == 32 ? bits + 96 : bits;
    return p;
  }
  const auto address = to_bytes(text);
  if (!address) {
    return std::string("'").append(text) + "' is not an IP address";
  }
  p.form_ = form::one;
  p.bytes_ = *address;
  return p;
}

bool address_pattern::matches(std::string_view address) const {
  const auto a = to_bytes(address);
  switch (form_) {
    case form::one:
      return a && *a == bytes_;
    case form::block:
      return a && leading_bits_equal(*a, bytes_, bits_);
    case form::prefix:
      // The written form the administrator sees in @who, whichever way the listener wrote it.
      return (a ? canonical_text(*a) : lower(address)).starts_with(prefix_);
  }
  return false;
}

bool address_pattern::is_wide() const { return form_ == form::prefix || (form_ == form::block && bits_ < 128); }

bool address_pattern::covers_everyone() const {
  switch (form_) {
    case form::one:
      return false;
    case form::prefix:
      return prefix_.empty();
    case form::block:
      // It holds all of ::ffff:0:0/96, every IPv4 address (and with ::/0 every IPv6 one too).
      return bits_ <= 96 && leading_bits_equal(bytes_, mapped_ipv4_prefix, bits_);
  }
  return false;
}

}  // namespace dw::game
