#pragma once

// What a load client says in telnet: its answers to the server's option negotiation and its lines
// as bytes. It agrees to TTYPE (answering "mudload"), NAWS (200 x 50) and EOR, to GMCP (then sends
// Core.Hello) and MCCP2 only when asked to, and refuses everything else. Pure: bytes out, no socket;
// telnet_reader is the other direction.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace dw::load {

class telnet_answers {
 public:
  telnet_answers(bool gmcp, bool mccp) : gmcp_(gmcp), mccp_(mccp) {}

  /// The bytes that answer IAC <verb> <option> from the server; empty when it was answered so already
  /// (no loops) or needs no answer.
  std::string negotiate(std::uint8_t verb, std::uint8_t option);
  /// The bytes that answer IAC SB <option> <data> IAC SE from the server; empty if none.
  std::string subnegotiation(std::uint8_t option, std::string_view data) const;

 private:
  bool gmcp_;
  bool mccp_;
  std::array<std::uint8_t, 256> us_{};   ///< per option, on our side: 0 not asked, 1 agreed, 2 refused
  std::array<std::uint8_t, 256> him_{};  ///< the same on the server's side
};

/// `line` as it goes on the wire: IAC doubled, CR LF at the end.
std::string line_bytes(std::string_view line);

}  // namespace dw::load
