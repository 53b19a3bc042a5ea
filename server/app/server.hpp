#pragma once

#include <memory>
#include <string>
#include <vector>

#include "server/config/settings.hpp"

namespace dw::content {
struct content_tables;
}

namespace dw::app {

/// Command-line choices that are not settings.
struct run_options {
  std::string port_file;          ///< when set, the bound port is written here once listening (for tests)
  std::string tls_port_file;      ///< the same for the TLS port (written first; not at all when TLS is off)
  std::string web_port_file;      ///< the same for the web port (written first; not at all when it is off)
  std::string exe_path;           ///< this binary, resolved at start-up: a hot reboot executes it again
  std::vector<std::string> args;  ///< the command-line arguments, passed on to the rebooted image
  std::string reboot_state;       ///< set in a rebooted image: the file describing the handed-over sockets
  /// A fresh start's listening sockets, bound by main before anything was written (bind_listeners.hpp);
  /// -1: not bound (the server binds it itself, or the listener is off).
  int telnet_listen_fd = -1;
  int tls_listen_fd = -1;
  int web_listen_fd = -1;
};

/// The running server: one world thread (the io_context), a small worker pool for hashing and reads,
/// and the store's writer thread. `content` is the validated tables from `settings.content.dir` (main
/// loads them before anything is created on disk). Returns the process exit code once stopped by
/// SIGINT/SIGTERM.
int run_server(const config::settings& settings, const run_options& options,
               std::shared_ptr<const content::content_tables> content);

}  // namespace dw::app
