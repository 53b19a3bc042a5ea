#pragma once

#include <cstdint>
#include <string>

namespace dw::game {

/// What the game knows of a person's client, whatever protocol it came through. The network layer fills
/// it in (from telnet negotiation today); the game reads it when it renders.
struct client_abilities {
  std::string client_name;    ///< e.g. "TINTIN++", "MUDLET" (empty: unknown)
  std::string terminal_type;  ///< e.g. "XTERM-256COLOR"
  std::uint16_t width = 80;   ///< columns of the window
  std::uint16_t height = 24;  ///< lines of the window
  bool utf8 = false;
  bool ansi = false;        ///< 16 colours
  bool xterm256 = false;    ///< 256 colours
  bool truecolour = false;  ///< 24-bit colour
  bool screen_reader = false;
  bool gmcp = false;  ///< GMCP agreed
  bool tls = false;   ///< the connection came in on the TLS port (server/net); shown to administrators
  /// A WebSocket client speaking messages (gmcp, json or terminal subprotocol), such as the web page: its
  /// text scrolls in a page of its own and it tells no window height, so nothing is paged for it.
  bool web_page = false;
};

}  // namespace dw::game
