#pragma once

#include <cstdint>
#include <string_view>

#include "server/game/roster/client_abilities.hpp"

namespace dw::game {

/// The game's only view of a connection. Implemented by the network layer (net::session) and by
/// test fakes. Runs on the world thread only.
class session_port {
 public:
  virtual ~session_port() = default;
  /// Appends text (UTF-8, "\n" line ends) to the output being gathered for this connection.
  virtual void write_text(std::string_view text) = 0;
  /// Appends a GMCP message when the client agreed to GMCP; otherwise does nothing.
  virtual void write_gmcp(std::string_view package, std::string_view json) = 0;
  /// Appends the prompt marker (IAC EOR or IAC GA, as negotiated).
  virtual void write_prompt_end() = 0;
  /// Queues everything gathered so far as one write. `ticket` is the batch of changes this output
  /// announces (0: none): it leaves once that batch has committed, and never before output queued
  /// earlier on this connection.
  virtual void flush(std::uint64_t ticket) = 0;
  /// The batch `ticket` failed: the output queued with it must never leave.
  virtual void discard(std::uint64_t ticket) = 0;
  /// Drops what has been gathered since the last flush (an event that went wrong).
  virtual void discard_unflushed() = 0;
  /// Asks the client to stop (true) or resume (false) echoing what the person types.
  virtual void set_hidden_input(bool hidden) = 0;
  /// Closes the connection once everything flushed to it has left (or been discarded). The game gets
  /// on_disconnect afterwards.
  virtual void close() = 0;
  virtual const client_abilities& client() const = 0;
  virtual std::string_view address() const = 0;
};

}  // namespace dw::game
