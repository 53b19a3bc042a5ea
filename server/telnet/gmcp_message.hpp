#pragma once

#include <optional>
#include <string_view>

#include "server/telnet/events.hpp"

namespace dw::telnet {

/// A GMCP message as it travels ("Package.Name" then optionally a space and JSON), as an event: both
/// parts made valid UTF-8; nothing when the package name is empty. The one reading of GMCP for every
/// wire (telnet subnegotiation, a WebSocket text frame, a JSON envelope).
std::optional<gmcp_event> parse_gmcp(std::string_view payload);

}  // namespace dw::telnet
