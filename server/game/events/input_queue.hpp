#pragma once

#include <cstddef>
#include <cstdint>
#include <list>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "server/game/live_settings.hpp"
#include "server/game/output/output.hpp"
#include "server/game/roster/roster.hpp"
#include "server/game/services.hpp"

namespace dw::game {

/// What comes in from each connection before it runs, and the limits on it: the command rate (lines typed and
/// GMCP messages from the client alike), the lines a connection types while it is busy (logging in, its last
/// command being saved, a branch being read for it), kept in order and handed out once it is not, and the idle
/// and login timeouts. The event loop holds it and runs the lines it lets through. World thread only.
class input_queue {
 public:
  input_queue(const live_settings& settings, roster& people, output& out, services& svc);
  input_queue(const input_queue&) = delete;
  input_queue& operator=(const input_queue&) = delete;

  /// What becomes of a line typed.
  enum class verdict : std::uint8_t {
    run,      ///< the caller runs it now
    kept,     ///< the connection is busy, or has lines waiting before it: kept in order for later
    dropped,  ///< over the command rate
  };
  /// A line `conn` typed (it is not closing): counted against its rate, then run now or kept for later.
  verdict arrived(connection& conn, std::string_view line);
  /// Counts one command (a line typed, or a GMCP message) against the connection's rate
  /// (server.max_commands_per_second, bursts of twice that). True when it must be dropped: the client is
  /// told once when its flood starts (with a log line), and disconnected if the flood goes on for
  /// server.flood_disconnect_seconds. The caller flushes.
  bool over_command_rate(connection& conn);

  /// A line typed ahead whose connection is no longer busy, taken out of the queue.
  struct ready_line {
    connection* conn = nullptr;  ///< nullptr: no line is ready
    std::string text;
  };
  /// The first line ready to run (connections in the order they began to type ahead). Connections gone or
  /// closing lose their lines on the way.
  ready_line next_ready();
  /// Whether any connection has lines typed ahead (next_ready has anything to look at): a flush after every
  /// event asks, and almost always the answer is no.
  bool any_typed_ahead() const { return !typed_ahead_conns_.empty(); }

  /// The line `conn` is running waits for a branch to be read: it goes back first in line, and `conn` is busy
  /// until load_done. False (nothing kept) once the line has waited max_load_waits times: it gives up.
  bool wait_for_load(const connection& conn, const std::string& line);
  /// The read `conn_id` waited for is over; if it failed, the line that waited is dropped (true: tell them).
  bool load_done(std::uint64_t conn_id, bool ok);
  /// `conn`'s last command is being saved: the lines it types meanwhile wait, so that each command starts
  /// from a world in which the one before it is known to have happened.
  void await_commit(const connection& conn);
  void commit_done(std::uint64_t conn_id);
  /// Drops the lines `conn_id` typed ahead (typed expecting a command that was refused): how many there were.
  std::size_t drop_typed_ahead(std::uint64_t conn_id);

  /// Idle warnings and disconnects, and logins that take too long (part of the world's tick); then the
  /// entries of connections back at rest are dropped (see input_state).
  void idle_tick();
  /// A connection has gone: nothing of it is kept.
  void forget(std::uint64_t conn_id);

  /// How many connections have an entry, and whether `conn_id` has one (made when a connection first types
  /// or is warned, and dropped when it leaves or is back at rest).
  std::size_t tracked() const { return inputs_.size(); }
  bool tracks(std::uint64_t conn_id) const { return inputs_.contains(conn_id); }
  /// Lines `conn_id` typed that wait for their turn (0 for a connection it does not know).
  std::size_t typed_ahead(std::uint64_t conn_id) const;

  /// Times one line may wait for a branch to be read before it gives up (a guard against loops).
  static constexpr std::uint8_t max_load_waits = 3;
  /// Lines and bytes one connection may type ahead: login scripts (TinTin++, Mudlet, MUSHclient) send their
  /// first commands with the login line.
  static constexpr std::size_t max_typed_ahead_lines = 64;
  static constexpr std::size_t max_typed_ahead_bytes = 16 * 1024;

 private:
  /// What is kept of a connection, in a table by connection id (not in the shared `connection`, which every
  /// part sees). Made when first needed (a line or GMCP message counted, an idle warning, a commit or load to
  /// wait for), dropped when the connection leaves (forget) and by idle_tick once it is back at rest (a full
  /// bucket, no flood, nothing waited for or typed ahead, not warned): no entry reads as a full bucket, so an
  /// idle connection costs nothing here (issue 14: memory per player).
  struct input_state {
    double command_tokens = 0;  ///< rate-limit bucket
    std::int64_t tokens_at_ms = 0;
    std::int64_t flood_since_ms = 0;      ///< when the current flood began (0: not flooding)
    std::int64_t flood_last_drop_ms = 0;  ///< the last command dropped for speed
    /// Lines that arrived while busy, run in order afterwards. A list: an empty std::deque holds a 512-byte
    /// block, and almost every connection has nothing typed ahead (issue 14: memory per player).
    std::list<std::string> typed_ahead;
    std::size_t typed_ahead_bytes = 0;
    std::uint8_t deferrals = 0;  ///< times its current line has waited for a load
    bool rate_warned = false;
    bool idle_warned = false;
    bool typed_ahead_warned = false;
    bool awaiting_commit = false;  ///< its last command's changes are being saved
    /// Its last line needs a dungeon branch read into memory first: that line waits at the head of
    /// typed_ahead and runs again once the branch is in.
    bool awaiting_load = false;
  };
  /// `conn`'s entry, begun (with a full bucket) if it had none.
  input_state& input_of(const connection& conn);
  input_state* find_input(std::uint64_t conn_id);
  bool over_command_rate(connection& conn, input_state& in);
  /// A flood is over once nothing was dropped for this long.
  static constexpr std::int64_t flood_ends_after_ms = 3000;
  /// Whether `in` says no more than a missing entry would: a full bucket and nothing else (see input_state).
  static bool at_rest(const input_state& in, double full_bucket, std::int64_t now_ms);
  void forget_inputs_at_rest();
  static bool busy(const connection& conn, const input_state& in);
  void type_ahead(connection& conn, input_state& in, std::string_view line);

  const live_settings& settings_;
  roster& people_;
  output& out_;
  services& services_;
  std::vector<std::uint64_t> typed_ahead_conns_;           ///< connections with lines waiting
  std::unordered_map<std::uint64_t, input_state> inputs_;  ///< by connection id (see input_state)
};

}  // namespace dw::game
