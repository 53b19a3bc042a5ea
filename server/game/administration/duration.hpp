#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

namespace dw::game {

/// The longest span an administrator can give (a ban, say): 100 years. Longer is "none" (for good).
inline constexpr std::int64_t max_duration_seconds = 100LL * 365 * 86400;

/// Why a text is not a usable duration.
struct duration_error {
  std::string why;
};

/// "90s", "30m", "2h", "7d", "3w" -> seconds; "none", "forever", "perm", "permanent" -> 0 (for good).
/// A number with no unit, zero, a negative number, an unknown unit, or a span beyond
/// max_duration_seconds (including one whose arithmetic would overflow) is an error that says why. Pure.
std::variant<std::int64_t, duration_error> parse_duration(std::string_view text);

/// True when `text` is meant as a duration (it starts with a digit or a sign), so that a mistyped one is
/// refused rather than taken as the first word of a reason.
bool looks_like_duration(std::string_view text);

}  // namespace dw::game
