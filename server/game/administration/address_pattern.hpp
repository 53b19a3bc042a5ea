#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

namespace dw::game {

/// What an address ban names: one address ("192.0.2.7", "2001:db8::7"), the start of written addresses
/// ("10.1.*", "2001:db8:*"; "*" alone is every address), or a CIDR block ("10.1.0.0/16", "2001:db8::/32").
/// An IPv4 client that a dual-stack listener reports as "::ffff:192.0.2.7" is matched as 192.0.2.7, so an
/// IPv4 pattern covers it either way. Pure: no clock, no sockets.
class address_pattern {
 public:
  /// The pattern `text` says, or why it is none (a '*' anywhere but at the end, a bad prefix length,
  /// something that is not an IP address).
  static std::variant<address_pattern, std::string> parse(std::string_view text);

  /// True when a connection from `address` (as the listener wrote it) is covered.
  bool matches(std::string_view address) const;
  /// True when it can cover more than one address: a '*' pattern, or a block shorter than one address.
  bool is_wide() const;
  /// True when it covers every IPv4 address or every address at all ("*", "0.0.0.0/0", "::/0", "::/64"):
  /// a ban that would keep everyone out, the administrator who made it included.
  bool covers_everyone() const;
  /// As written.
  const std::string& text() const { return text_; }

 private:
  enum class form : std::uint8_t { one, prefix, block };
  address_pattern() = default;

  form form_ = form::one;
  std::string text_;
  std::string prefix_;                    ///< form::prefix: the text before the '*', lower case
  std::array<std::uint8_t, 16> bytes_{};  ///< form::one and form::block: as IPv6 (IPv4 mapped to ::ffff:0:0/96)
  int bits_ = 128;                        ///< form::block: the leading bits that must agree (IPv4's + 96)
};

}  // namespace dw::game
