#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/telnet/client_info.hpp"
#include "server/telnet/codec_limits.hpp"
#include "server/telnet/echo_option.hpp"
#include "server/telnet/events.hpp"
#include "server/telnet/line_decoder.hpp"
#include "server/telnet/mssp.hpp"
#include "server/telnet/q_option.hpp"
#include "server/telnet/telnet_constants.hpp"
#include "server/telnet/ttype_cycle.hpp"

namespace dw::telnet {

/// One connection's telnet codec: bytes from the socket in, events out, plus the encoders for
/// output. Pure and single-threaded (the session that owns it runs on one thread); it never
/// touches a socket, a clock or a logger, and its buffers stay within codec_limits.
class codec {
 public:
  explicit codec(codec_limits limits = {});

  /// Where a CHARSET negotiation stands (RFC 2066; we offer UTF-8 only).
  enum class charset_state : std::uint8_t { unknown, accepted, rejected, refused };

  /// Opening negotiation: WILL EOR, WILL GMCP, WILL CHARSET, WILL MSSP, WILL MCCP2 (when the limits
  /// allow it), DO NAWS, DO TTYPE (through the Q-method). SGA is never offered (it drives line-mode
  /// telnet clients into character mode); a client's DO SGA / WILL SGA is still accepted.
  void start(std::string& out);
  /// After a hot reboot: compression ended before the old image went, so MCCP2 is offered again (WILL)
  /// and the client may turn it on anew. Nothing when MCCP2 is off in the limits.
  void offer_compression_again(std::string& out);
  /// Feeds bytes read from the socket; appends events, and replies (negotiation answers, TTYPE SEND) to `out`.
  void feed(std::string_view bytes, std::vector<event>& events, std::string& out);
  /// Appends text for the wire: "\n" -> "\r\n" (an existing "\r\n" is not doubled), byte 255 doubled.
  /// A lone "\r" is dropped, so the output never holds "\r\0" or "\r\r\n".
  static void encode_text(std::string_view text, std::string& out);
  /// encode_text for this client: a client that cannot show UTF-8 (client_info::ascii_only) gets every
  /// non-ASCII character as an ASCII stand-in (ascii_fallback.hpp). The rule: it reported MTTS bits
  /// without UTF-8 (bit 4), or rejected our CHARSET request for UTF-8, and no other sign says UTF-8 (no
  /// CHARSET ACCEPTED, no MTTS bit 4, no "UTF-8" in its terminal type). Clients that say nothing keep UTF-8.
  void encode_text_for_client(std::string_view text, std::string& out);
  /// The marker that starts MCCP2 compression: IAC SB MCCP2 IAC SE. Every byte after it is one zlib
  /// stream until that stream ends (Z_FINISH). The session writes it, then compresses what follows.
  static void encode_compression_start(std::string& out);
  /// Appends IAC SB MSSP MSSP_VAR name MSSP_VAL value ... IAC SE when MSSP is agreed; false otherwise.
  bool encode_mssp(const std::vector<mssp_variable>& variables, std::string& out) const;
  /// Where CHARSET stands with this client.
  charset_state charset() const { return charset_; }
  /// Appends the prompt end: IAC EOR if EOR agreed; otherwise IAC GA unless SGA agreed; otherwise nothing.
  void end_prompt(std::string& out) const;
  /// Appends IAC SB GMCP "<package> <json>" IAC SE (IAC doubled inside) when GMCP is agreed; returns false otherwise.
  bool encode_gmcp(std::string_view package, std::string_view json, std::string& out) const;
  /// Password entry: hidden=true asks WILL ECHO (client stops local echo), false asks WONT ECHO.
  /// Sent whenever the wish differs from the last request sent, answered or not, so clients that
  /// never answer are hidden at every prompt; answers are matched, never re-answered (echo_option).
  /// Touches ECHO only: never requests SGA.
  void set_hidden_input(bool hidden, std::string& out);
  /// What negotiation has learned about the client so far.
  const client_info& client() const { return info_; }

  /// Serialises all negotiation state (Q-method states, client_info, TTYPE cycle, hidden-input wish)
  /// into an opaque string for hot reboot; a partial line, character or subnegotiation is dropped.
  std::string save_state() const;
  /// Rebuilds a codec from save_state(); the given limits apply (the configuration may have
  /// changed across the reboot). Returns nothing when `saved` is not a valid state.
  static std::optional<codec> restore_state(std::string_view saved, codec_limits limits);

  /// The limits this codec enforces.
  const codec_limits& limits() const { return limits_; }
  /// Bytes of memory held by the line and subnegotiation buffers (bounded by the limits).
  std::size_t buffered_capacity() const { return lines_.capacity() + subneg_.capacity(); }
  /// Q-method state of our side (WILL/WONT) of an option (for ECHO: want_* while answers are owed).
  q_state local_state(std::uint8_t option) const {
    return option == opt::ECHO ? echo_.state() : local_[option].state();
  }
  /// Q-method state of the client's side (DO/DONT) of an option.
  q_state remote_state(std::uint8_t option) const { return remote_[option].state(); }

 private:
  enum class parse_state : std::uint8_t { data, iac, will, wont, do_, dont, sb_option, sb_data, sb_iac };

  /// Consumes bytes from `bytes` starting at `i` in the current state; returns the next index.
  std::size_t step(std::string_view bytes, std::size_t i, std::vector<event>& events, std::string& out);
  void handle_command(std::uint8_t command, std::string& out);
  void handle_negotiation(parse_state verb, std::uint8_t option, std::vector<event>& events, std::string& out);
  /// Sends what a Q-method step asks, reports a settled option, and reacts to it.
  void apply(const q_outcome& outcome, std::uint8_t option, bool local, std::vector<event>& events,
             std::string& out);
  void finish_subnegotiation(std::vector<event>& events, std::string& out);
  void handle_gmcp(std::vector<event>& events);
  void handle_naws(std::vector<event>& events);
  void handle_ttype(std::vector<event>& events, std::string& out);
  void handle_charset(std::vector<event>& events, std::string& out);
  /// Copies the agreed-option flags from the Q-method states into client_info.
  void refresh_option_flags();

  codec_limits limits_;
  parse_state state_ = parse_state::data;
  std::uint8_t subneg_option_ = 0;
  std::string subneg_;
  line_decoder lines_;
  /// Our side of every option but ECHO (local_[opt::ECHO] stays unused: echo_ holds it).
  std::array<q_option, 256> local_{};
  std::array<q_option, 256> remote_{};
  /// Our side of ECHO, toggled for password entry, with its own rule (see echo_option.hpp).
  echo_option echo_;
  ttype_cycle ttype_;
  charset_state charset_ = charset_state::unknown;
  client_info info_;
  std::string scratch_;  ///< encode_text_for_client's ASCII text, reused
};

}  // namespace dw::telnet
