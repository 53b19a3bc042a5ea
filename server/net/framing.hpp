#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "server/telnet/client_info.hpp"
#include "server/telnet/codec_limits.hpp"
#include "server/telnet/events.hpp"
#include "server/telnet/message_wire.hpp"

namespace dw::telnet {
class codec;
}

namespace dw::net {

/// How one session frames what it reads and writes, chosen once when the session is made: the telnet
/// codec (a plain socket, TLS, or a WebSocket carrying telnet), or the records of a WebSocket message
/// subprotocol (gmcp, json, terminal). The session calls it without asking which it is; only what telnet
/// alone has (MSSP, MCCP2, a hot reboot's hand-over) goes through telnet(). No sockets here.
class framing {
 public:
  virtual ~framing() = default;
  /// Appends what opens the connection: telnet's offers; nothing for a message subprotocol.
  virtual void start(std::string& out) = 0;
  /// Feeds bytes read: events for the game, `replies` (negotiation) to send at once. False once the bytes
  /// are not this framing (the session closes).
  virtual bool feed(std::string_view bytes, std::vector<telnet::event>& events, std::string& replies) = 0;
  /// What is known of the client (negotiated, or said by the subprotocol).
  virtual const telnet::client_info& client() const = 0;
  /// Appends game text ("\n" line ends), as this client reads it.
  virtual void encode_text(std::string_view text, std::string& out) = 0;
  /// Appends one GMCP message, when this client takes them; otherwise nothing.
  virtual void encode_gmcp(std::string_view package, std::string_view json, std::string& out) = 0;
  /// Appends the end of a prompt: IAC EOR or IAC GA on telnet; nothing on a message subprotocol, whose
  /// message boundary ends it.
  virtual void end_prompt(std::string& out) = 0;
  /// Appends the request to stop (true) or resume (false) echoing what is typed.
  virtual void set_hidden_input(bool hidden, std::string& out) = 0;
  /// The telnet codec, for what only telnet has; null on a message subprotocol.
  virtual telnet::codec* telnet() = 0;
  virtual const telnet::codec* telnet() const = 0;
};

/// The telnet codec as a session's framing.
std::unique_ptr<framing> make_telnet_framing(telnet::codec_limits limits);
/// A WebSocket message subprotocol (gmcp, json, terminal) as a session's framing.
std::unique_ptr<framing> make_message_framing(telnet::subprotocol protocol, telnet::codec_limits limits);

}  // namespace dw::net
