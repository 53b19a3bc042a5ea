#pragma once

// The sessions open on every port (telnet, TLS, web), by session: what the server does to all of them at
// once (close, abort, count by kind) and what a hot reboot needs of them (which can cross exec() and which
// must say goodbye, whether they drained, their connections to hand on). World thread only.
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/app/reboot.hpp"
#include "server/game/network_port.hpp"
#include "server/net/commit_tracker.hpp"
#include "server/net/session.hpp"
#include "server/net/traffic.hpp"

namespace dw::app {

class session_table {
 public:
  /// `closed` runs after a session has closed and left the table, with the address it came from.
  session_table(game::network_port& game, net::commit_tracker& commits,
                std::function<void(const std::string& address)> closed);

  /// A session for a connection already counted by a listener, kept until it closes. Not started.
  std::shared_ptr<net::session> open(std::shared_ptr<net::stream> stream, const std::string& address,
                                     const net::session_limits& limits);
  bool empty() const { return sessions_.empty(); }
  /// How many are open, by kind (telnet, TLS, web).
  std::array<std::uint64_t, net::connection_kinds> open_by_kind() const;
  /// What every session wrote, by kind (the sessions add to it).
  const net::traffic& traffic() const { return traffic_; }

  /// Each closes once its output has left.
  void close_all();
  /// Each ends at once (its reader and writer with it).
  void abort_all();

  // ---- a hot reboot

  /// The TLS and web sessions, whose state cannot cross exec(), are told why and to reconnect, and closed
  /// once that has left. Returns how many of each (TLS, web).
  std::pair<std::size_t, std::size_t> say_goodbye_to_unhandable();
  /// Aborts the TLS and web sessions still open.
  void abort_unhandable();
  /// Every session has written all it owes.
  bool drained() const;
  /// Ends MCCP2 on each (the new image cannot continue a zlib stream).
  void end_compression_for_handover();
  /// Each session's socket and telnet state, and its game state as `save` gives it, for the new image.
  std::vector<handed_connection> hand_over(
      const std::function<game::saved_connection(std::uint64_t conn_id)>& save) const;
  /// The exec() failed: each session goes on in this image.
  void handover_failed();

 private:
  std::vector<std::shared_ptr<net::session>> unhandable() const;
  std::vector<std::shared_ptr<net::session>> all() const;

  game::network_port& game_;
  net::commit_tracker& commits_;
  std::function<void(const std::string&)> closed_;
  net::traffic traffic_;
  std::unordered_map<net::session*, std::shared_ptr<net::session>> sessions_;
};

}  // namespace dw::app
