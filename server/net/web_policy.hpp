#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/telnet/message_wire.hpp"

// The decisions of the web port that need no socket: which WebSocket subprotocol to speak, and whether a
// page from another site may open a connection. Plain standard C++ (kept out of the Beast translation
// unit, and tested on their own).
namespace dw::net {

/// The outcome of reading a request's Sec-WebSocket-Protocol values.
struct subprotocol_choice {
  /// What the connection speaks.
  telnet::subprotocol wire = telnet::subprotocol::terminal;
  /// Whether the response names it (only when the client offered it: RFC 6455 section 4.2.2).
  bool named = false;
};

/// The subprotocol for a client that offered `offered` (every Sec-WebSocket-Protocol header value;
/// each a comma-separated list), by the server's preference: gmcp, telnet, json, terminal. A client
/// that offered none gets terminal, unnamed; one that offered only unknown names gets nothing (the
/// upgrade is refused).
std::optional<subprotocol_choice> choose_subprotocol(const std::vector<std::string_view>& offered);

/// Whether a WebSocket upgrade with this Origin header may go on. No Origin (not a browser: a browser
/// always sends one) may. Otherwise the origin must be listed in `allowed` exactly
/// ("https://play.example.org"; "*" in the list allows every origin), or be http or https on one of the
/// server's own names (`own_names`: its configured host names and addresses, IPv6 ones without brackets)
/// with the web port, `port` (no port in the origin only when `port` is the scheme's default, 80 or
/// 443). The Host header is not asked: a page that rebinds its own DNS name to this server (DNS rebinding)
/// sends its own name in both, and is another site's page reaching a player's browser into the game.
bool origin_allowed(std::optional<std::string_view> origin, const std::vector<std::string>& own_names,
                    std::uint16_t port, const std::vector<std::string>& allowed);

}  // namespace dw::net
