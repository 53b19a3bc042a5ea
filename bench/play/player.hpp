#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "tests/support/telnet_client.hpp"

namespace dw::bench {

/// One logged-in character over a real loopback telnet connection, answering negotiation like a MUD
/// client (GMCP, EOR, NAWS 200 columns so no room text is wrapped). Every command waits for the prompt
/// marker (IAC EOR or GA) that ends its reply.
class player {
 public:
  /// `min_gap`: at least this long between two commands sent, so that a fast server never reaches its
  /// per-connection command limit (a dropped command would have no reply to wait for).
  player(std::uint16_t port, std::chrono::microseconds min_gap);

  /// `create` (the first account of a world is its administrator) or `connect`, then sync().
  void create(const std::string& name, const std::string& password);
  void connect(const std::string& name, const std::string& password);

  /// Sends a line and returns its reply, up to the prompt.
  std::string command(std::string_view line);
  /// The same, timed: microseconds from sending the line to its prompt marker.
  double timed(std::string_view line, std::string* reply = nullptr);
  /// Waits until `min_gap` has passed since the last line sent (timed() waits so too, and then no
  /// longer): what is read just before a timed command is then read just before its line leaves.
  void pace();
  /// Consumes everything the server has sent so far, up to the reply of a marker command: anything
  /// that arrived on its own (login messages) is then not mistaken for the next command's reply.
  void sync();
  /// `quit`, and waits for the server to close the connection.
  void quit();

 private:
  dw::testing::telnet_client client_;
  std::chrono::microseconds min_gap_;
  std::chrono::steady_clock::time_point last_sent_{};
  int syncs_ = 0;
  int since_discard_ = 0;
};

/// A reply that contains `needle`, or a runtime_error naming `what` and showing the reply.
const std::string& require(const std::string& reply, std::string_view needle, std::string_view what);

}  // namespace dw::bench
