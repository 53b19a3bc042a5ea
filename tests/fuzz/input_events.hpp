#pragma once

// Shared by the fuzz targets whose input becomes telnet events (the telnet codec and the WebSocket
// message wires): what any player's line and any GMCP message must be, whichever way it came in.

#include <string>
#include <string_view>
#include <variant>

#include "fuzz_support.hpp"
#include "server/telnet/codec.hpp"

namespace dw::fuzz {

/// A line other players may see: valid UTF-8, no control characters, within the limit.
inline void check_line(const std::string& text, const telnet::codec_limits& limits) {
  FUZZ_CHECK(text.size() <= limits.max_line_bytes);
  const auto code_points = decode_utf8(text);
  FUZZ_CHECK(code_points.has_value());
  for (const char32_t c : *code_points) {
    FUZZ_CHECK(!is_control(c));
  }
}

/// The checks every source of events shares: lines as above, an overlong line counted past the limit,
/// a GMCP message with a package name and valid UTF-8 within the limit. False for any other event
/// (left to the caller).
inline bool check_common_event(const telnet::event& e, const telnet::codec_limits& limits) {
  if (const auto* line = std::get_if<telnet::line_event>(&e)) {
    check_line(line->text, limits);
  } else if (const auto* too_long = std::get_if<telnet::line_too_long_event>(&e)) {
    FUZZ_CHECK(too_long->bytes > limits.max_line_bytes);
  } else if (const auto* gmcp = std::get_if<telnet::gmcp_event>(&e)) {
    FUZZ_CHECK(!gmcp->package.empty());
    FUZZ_CHECK(gmcp->package.find(' ') == std::string::npos);
    FUZZ_CHECK(is_valid_utf8(gmcp->package) && is_valid_utf8(gmcp->json));
    // Package, space and JSON fit in max_subneg_bytes; each invalid byte may become U+FFFD (3 bytes).
    FUZZ_CHECK(gmcp->package.size() + gmcp->json.size() <= 3 * limits.max_subneg_bytes);
  } else {
    return false;
  }
  return true;
}

}  // namespace dw::fuzz
