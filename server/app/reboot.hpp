#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "server/game/world.hpp"

namespace dw::app {

/// What one connection carries across a hot reboot.
struct handed_connection {
  int fd = -1;
  std::string codec_state;  ///< telnet negotiation state (binary)
  game::saved_connection saved;
};

/// Everything a rebooted image needs to take over from the old one.
struct reboot_state {
  int listen_fd = -1;
  std::int64_t started_at = 0;  ///< unix time the first image started (MSSP UPTIME); 0: not known
  /// The TLS port's listening socket (-1: TLS was off). TLS connections themselves are not handed over:
  /// their encryption state cannot cross exec(), so they are told to reconnect and closed first.
  int tls_listen_fd = -1;
  /// The web port's listening socket (-1: it was off). WebSocket connections are not handed over either:
  /// they are told to reconnect (the web client does so by itself) and closed first.
  int web_listen_fd = -1;
  std::vector<handed_connection> connections;
};

/// Writes the state file read by the next image. Throws std::runtime_error if it cannot be written.
void write_reboot_state(const std::string& path, const reboot_state& state);
/// Reads and deletes the state file. Throws std::runtime_error if it is missing or malformed.
reboot_state read_reboot_state(const std::string& path);

/// Lets `fd` survive exec (clears FD_CLOEXEC), or not.
void keep_across_exec(int fd, bool keep);
/// Marks every open descriptor above stderr close-on-exec (log files, database files, pipes), so
/// that only the sockets deliberately handed over survive into the new image.
void close_everything_on_exec();

/// Runs `exe args... --check` and waits (at most 30 s): empty on success, else what went wrong.
std::string preflight(const std::string& exe, const std::vector<std::string>& args);

/// Replaces this process with `exe args... --reboot-state state_path`. Returns only on failure, with why.
std::string exec_self(const std::string& exe, const std::vector<std::string>& args, const std::string& state_path);

}  // namespace dw::app
