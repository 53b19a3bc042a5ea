#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "server/game/roster/roster.hpp"

namespace dw::game {

/// Everything that leaves for a client: text wrapped to the person's window, prompts, GMCP; sending to
/// one connection, a room or everyone. Output gathers during an event and leaves once, with the event's
/// prompt, when the event ends (see event_loop). Colour and screen-reader rendering belong here too.
/// World thread only.
class output {
 public:
  explicit output(roster& people) : people_(people) {}
  output(const output&) = delete;
  output& operator=(const output&) = delete;

  void send(connection& conn, std::string_view text);
  void send(std::uint64_t conn_id, std::string_view text);
  /// Sends to everyone in the room but `except_account` (0: nobody is left out).
  void send_room(std::int64_t room_id, std::string_view text, std::int64_t except_account = 0);
  void send_all(std::string_view text);
  /// Tells every administrator in play.
  void tell_admins(std::string_view text);
  /// Sends one GMCP message, if the client enabled its package with Core.Supports (Core.* always goes):
  /// every GMCP sender goes through here, so every sender obeys the client's list.
  void send_gmcp(connection& conn, std::string_view package, std::string_view json);
  /// Whether send_gmcp would send `package` to `conn` (GMCP agreed and the package enabled): senders ask
  /// first when the message costs something to build.
  static bool gmcp_wanted(const connection& conn, std::string_view package);
  /// GMCP Char.Vitals for a character: {"hp": 20, "maxhp": 20}, numbers.
  void send_vitals(const character& ch);
  /// Marks a connection as owed a prompt and a flush at the end of this event.
  void touch(connection& conn);
  /// Disconnects with a farewell line (once everything flushed before it has left).
  void disconnect(connection& conn, std::string_view farewell);

  // ---- the end of an event (event_loop)
  /// The connections that got output during this event.
  const std::vector<std::uint64_t>& touched() const { return touched_; }
  /// Every touched connection gets its prompt and one write, released once batch `ticket` has committed.
  void end_event(std::uint64_t ticket);
  /// Drops what this event gathered for every connection (an event that is taken back).
  void discard_event();
  /// A connection has gone.
  void forget(std::uint64_t conn_id);

 private:
  void send_prompt(connection& conn);

  roster& people_;
  std::vector<std::uint64_t> touched_;
  std::string render_buffer_;  ///< reused by send(): the text as this client is shown it
  std::string wrap_buffer_;    ///< reused by send()
};

}  // namespace dw::game
