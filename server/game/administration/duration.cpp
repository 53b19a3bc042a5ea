#include "server/game/administration/duration.hpp"

#include <charconv>

#include "server/text/ascii.hpp"

namespace dw::game {

std::variant<std::int64_t, duration_error> parse_duration(std::string_view text) {
  if (text::iequals(text, "none") || text::iequals(text, "forever") || text::iequals(text, "perm") ||
      text::iequals(text, "permanent")) {
    return std::int64_t{0};
  }
  const duration_error not_one{'\'' + std::string(text.substr(0, 40)) +
                               "' is not a duration: use a number and s, m, h, d or w (30m, 2h, 7d), or none."};
  if (text.size() < 2) {
    return not_one;
  }
  const char unit = static_cast<char>(text.back() | 0x20);  // ASCII lower case; non-letters stay non-letters
  std::int64_t per_unit = 0;
  switch (unit) {
    case 's':
      per_unit = 1;
      break;
    case 'm':
      per_unit = 60;
      break;
    case 'h':
      per_unit = 3600;
      break;
    case 'd':
      per_unit = 86400;
      break;
    case 'w':
      per_unit = 7 * 86400;
      break;
    default:
      return not_one;
  }
  std::uint64_t n = 0;
  const char* end = text.data() + text.size() - 1;
  const auto parsed = std::from_chars(text.data(), end, n);
  const duration_error too_long{"That is longer than the longest span allowed (100 years); use 'none' for good."};
  if (parsed.ec == std::errc::result_out_of_range && parsed.ptr == end) {
    return too_long;
  }
  if (parsed.ec != std::errc{} || parsed.ptr != end || n == 0) {
    return not_one;
  }
  // Compare before multiplying, so that no product can overflow.
  if (n > static_cast<std::uint64_t>(max_duration_seconds / per_unit)) {
    return too_long;
  }
  return static_cast<std::int64_t>(n) * per_unit;
}

bool looks_like_duration(std::string_view text) {
  return !text.empty() && ((text.front() >= '0' && text.front() <= '9') || text.front() == '-' || text.front() == '+');
}

}  // namespace dw::game
