#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>

namespace dw::telnet {

/// One input line: valid UTF-8, no line end, after BS/DEL editing.
struct line_event {
  std::string text;
  bool operator==(const line_event&) const = default;
};
/// A line passed max_line_bytes and was discarded through its line end; `bytes` is its whole length.
struct line_too_long_event {
  std::size_t bytes;
  bool operator==(const line_too_long_event&) const = default;
};
/// A GMCP message from the client: "Core.Hello", "{...}" (json may be empty).
struct gmcp_event {
  std::string package;
  std::string json;
  bool operator==(const gmcp_event&) const = default;
};
/// The client's window size after a NAWS report (a 0 from the client keeps the previous value).
struct naws_event {
  std::uint16_t width;
  std::uint16_t height;
  bool operator==(const naws_event&) const = default;
};
/// client_info changed by a TTYPE answer (one per answer).
struct ttype_event {
  bool operator==(const ttype_event&) const = default;
};
/// An option settled: became agreed (enabled) or ended up off after a negotiation or refusal
/// (local = our side WILL/WONT, otherwise the client's side DO/DONT).
struct option_event {
  std::uint8_t option;
  bool enabled;
  bool local;
  bool operator==(const option_event&) const = default;
};
/// A subnegotiation passed max_subneg_bytes and was dropped.
struct subneg_overflow_event {
  std::uint8_t option;
  bool operator==(const subneg_overflow_event&) const = default;
};

/// Everything feeding bytes to the codec can produce, in input order.
using event = std::variant<line_event, line_too_long_event, gmcp_event, naws_event, ttype_event, option_event,
                           subneg_overflow_event>;

}  // namespace dw::telnet
