#pragma once

#include <stdexcept>
#include <string>

#include "server/config/settings.hpp"

namespace dw::app {

/// The exit code when a listener cannot be bound (a port in use, an address this machine does not have,
/// a port below 1024 without the right): the list of exit codes in docs/operators.md, "Configuration".
inline constexpr int exit_port_unavailable = 5;

/// What set each listener's address and port, as the messages name it: the key, or the command-line
/// flag that overrode it.
struct listener_origins {
  std::string host = "server.host";
  std::string port = "server.port";
  std::string web_port = "web.port";
};

/// The listening sockets of a fresh start, bound before anything is written (log folder, database, TLS
/// key pair): -1 for a listener that is off. The server adopts them as it adopts a hot reboot's.
struct bound_listeners {
  int telnet = -1;
  int tls = -1;
  int web = -1;
};

/// A listener that could not be bound; what() names the listener (telnet, TLS, web), the address and
/// port, the reason and the key or flag that sets them.
class bind_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Binds and listens on every enabled listener: telnet (server.host, server.port), TLS (tls.port, when
/// tls.enabled) and web (web.port, when web.enabled), all on server.host. Throws bind_error on the first
/// that fails, having closed the ones already bound.
bound_listeners bind_listeners(const config::settings& settings, const listener_origins& origins);

}  // namespace dw::app
