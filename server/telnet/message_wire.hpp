#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/telnet/client_info.hpp"
#include "server/telnet/codec_limits.hpp"
#include "server/telnet/events.hpp"
#include "server/telnet/line_decoder.hpp"
#include "server/telnet/ws_records.hpp"

namespace dw::telnet {

/// The WebSocket subprotocols of mudstandards.org (https://mudstandards.org/websocket).
enum class subprotocol : std::uint8_t {
  gmcp,      ///< gmcp.mudstandards.org: game text in binary messages, each GMCP message in a text message
  telnet,    ///< telnet.mudstandards.org: the whole telnet stream in binary messages (the telnet codec's work)
  json,      ///< json.mudstandards.org: game text in binary messages, JSON envelopes in text messages
  terminal,  ///< terminal.mudstandards.org: game text only, no out-of-band data
};

/// "gmcp.mudstandards.org" and so on.
std::string_view name_of(subprotocol p);
std::optional<subprotocol> subprotocol_named(std::string_view name);

/// The codec of a connection that speaks one of the message subprotocols (gmcp, json, terminal) over
/// records (ws_records.hpp): the counterpart of the telnet codec for a WebSocket. Input: a binary
/// message is text typed (its end ends a line, as a line end inside it does; line_decoder's rules and
/// limits apply, to a message of any length the WebSocket let through); a text message is GMCP (gmcp), an envelope (json), or typed text (terminal). Output:
/// game text as binary records with CR LF line ends, GMCP as text records. There is no negotiation: the
/// subprotocol says it all, and a browser shows UTF-8 and every colour.
class message_wire {
 public:
  message_wire(subprotocol wire, codec_limits limits);

  /// Feeds records read from the stream. False once the bytes are not records (the session closes).
  bool feed(std::string_view records, std::vector<event>& events);
  /// Game text ('\n' line ends) as one binary record.
  static void encode_text(std::string_view text, std::string& out);
  /// One GMCP message as its text record; false on the terminal subprotocol, which has none.
  bool encode_gmcp(std::string_view package, std::string_view json, std::string& out) const;
  /// Asks the client to hide what is typed (a password) or show it again: on gmcp the telnet bytes IAC
  /// WILL ECHO / IAC WONT ECHO in a binary message of their own (never the first message), as clients of
  /// that subprotocol read them; on json an envelope {"proto":"telnet","id":"ECHO","data":"WILL"|"WONT"};
  /// terminal has no way to say it.
  void set_hidden_input(bool hidden, std::string& out);
  const client_info& client() const { return info_; }
  subprotocol wire() const { return wire_; }
  /// Bytes of memory held for input.
  std::size_t buffered_capacity() const { return records_.capacity() + lines_.capacity(); }

 private:
  void take_typed(const record& r, std::vector<event>& events);
  void take_gmcp(std::string_view payload, std::vector<event>& events) const;
  void take_envelope(std::string_view json, std::vector<event>& events) const;

  subprotocol wire_;
  codec_limits limits_;
  client_info info_;
  record_reader records_;
  line_decoder lines_;
  bool typed_ends_line_ = false;  ///< the typed message so far ends with a line end
};

}  // namespace dw::telnet
