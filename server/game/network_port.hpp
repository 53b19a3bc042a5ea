#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "server/game/login/listing.hpp"
#include "server/game/login/saved_connection.hpp"
#include "server/game/roster/session_port.hpp"

namespace dw::game {

/// The network layer's only view of the game: what a session reports to it, and the one thing it asks
/// (the MSSP listing). `world` implements it; the game answers each connection through its
/// `session_port`. Everything here runs on the world thread. Each event ends by flushing every
/// connection that got output, so a session needs no other call after one.
///
/// Kept small on purpose: server/net includes this header and `roster/session_port.hpp`, and no other
/// game header (scripts/check-layering.sh), so a change inside the game does not recompile the sessions.
class network_port {
 public:
  virtual ~network_port() = default;
  /// A new connection, greeted (or turned away) by the game; returns its id.
  virtual std::uint64_t on_connect(session_port& port) = 0;
  /// A connection handed over by the previous image of the server (hot reboot): its character goes
  /// straight back into play; returns its id. The caller then calls flush_output().
  virtual std::uint64_t on_restore(session_port& port, const saved_connection& saved) = 0;
  /// A line the client typed (without its line end).
  virtual void on_line(std::uint64_t conn_id, std::string_view line) = 0;
  /// The client sent a line longer than the codec accepts (`bytes` of it were dropped).
  virtual void on_line_too_long(std::uint64_t conn_id, std::size_t bytes) = 0;
  /// A GMCP message from the client.
  virtual void on_gmcp(std::uint64_t conn_id, std::string_view package, std::string_view json) = 0;
  /// The connection has ended: the game forgets its `session_port`.
  virtual void on_disconnect(std::uint64_t conn_id) = 0;
  /// Ends the current event (what it changed is handed over; output leaves once that has committed).
  virtual void flush_output() = 0;
  /// What this server tells MUD crawlers now (MSSP); empty when nothing was set.
  virtual std::vector<listing_entry> listing() const = 0;
};

}  // namespace dw::game
