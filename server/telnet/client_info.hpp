#pragma once

#include <cstdint>
#include <string>

namespace dw::telnet {

/// What negotiation has learned about the client; the renderer reads it to wrap and colour output.
struct client_info {
  std::string client_name;    ///< TTYPE 1st answer, e.g. "TINTIN++", "MUDLET"
  std::string terminal_type;  ///< TTYPE 2nd answer, e.g. "XTERM-256COLOR"
  std::uint32_t mtts = 0;     ///< MTTS bits from "MTTS <n>"
  bool utf8 = false, ansi = false, xterm256 = false, truecolour = false, screen_reader = false;
  std::uint16_t width = 80, height = 24;  ///< from NAWS (0 from the client means unknown -> keep default)
  bool naws = false, ttype_done = false;
  bool gmcp = false, eor = false, sga = false, echo_hidden = false;  ///< options currently agreed
  /// The client cannot show UTF-8: text goes out with ASCII stand-ins (codec::encode_text_for_client).
  bool ascii_only = false;

  bool operator==(const client_info&) const = default;
};

}  // namespace dw::telnet
