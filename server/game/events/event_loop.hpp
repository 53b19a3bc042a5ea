#pragma once

#include <cstdint>
#include <functional>
#include <list>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "server/game/events/event_batch.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/events/storage_health.hpp"
#include "server/game/live_settings.hpp"
#include "server/game/output/output.hpp"
#include "server/game/roster/roster.hpp"
#include "server/game/services.hpp"

namespace dw::game {

/// The life of an event: a line typed, a timer or a completion runs as one event; its changes form one
/// batch committed in one transaction, and the output it produced leaves, with prompts, once that batch
/// has committed (or never, if it failed, when memory is put back). Lines that arrive while their
/// connection waits (logging in, its last command being saved, a branch being read) are kept in order and
/// run afterwards. Input limits (command rate, idle and login timeouts) live here too. World thread only.
class event_loop final : public change_sink, public event_runner {
 public:
  using line_handler = std::function<void(connection&, std::string_view)>;

  event_loop(const live_settings& settings, roster& people, output& out, services& svc);
  event_loop(const event_loop&) = delete;
  event_loop& operator=(const event_loop&) = delete;

  /// Who runs a line (the login conversation or the commands), and where branches read for it go.
  void connect(line_handler handler, load_target& loads);

  /// A line typed on `conn`: rate-limited, kept for later while the connection is busy, else run now.
  void line(connection& conn, std::string_view text);
  /// A line longer than the limit arrived and was dropped.
  void line_too_long(connection& conn, std::size_t bytes);
  /// Counts one command (a line typed, or a GMCP message) against the connection's rate
  /// (server.max_commands_per_second, bursts of twice that). True when it must be dropped: the client is
  /// told once when its flood starts (with a log line), and disconnected if the flood goes on for
  /// server.flood_disconnect_seconds. The caller flushes.
  bool over_command_rate(connection& conn);
  /// Ends an event: its batch goes to the writer, touched connections get prompts and one write each.
  /// Then lines typed ahead by connections that are no longer busy run, each as an event of its own.
  void flush();
  /// A connection has gone: nothing more is sent to it, and what the event loop kept of it is dropped.
  void connection_gone(std::uint64_t conn_id);
  /// How many connections the event loop keeps input state for, and whether it keeps `conn_id`'s (an entry
  /// is made when a connection first types or is warned, and dropped when it leaves or is back at rest).
  std::size_t tracked() const { return inputs_.size(); }
  bool tracks(std::uint64_t conn_id) const { return inputs_.contains(conn_id); }
  /// Lines `conn_id` typed that wait for their turn (0 for a connection it does not know).
  std::size_t typed_ahead(std::uint64_t conn_id) const;
  /// Idle warnings and disconnects, and logins that take too long (part of the world's tick); then the
  /// input state of connections back at rest is dropped (see input_state).
  void idle_tick();

  // ---- change_sink, event_runner
  void persist(storage::change change) override { batch_.add(std::move(change)); }
  void on_rollback(undo_step undo) override { batch_.on_rollback(std::move(undo)); }
  void run_event(std::uint64_t actor, const std::function<void()>& work) override;
  void commit_now(storage::change change, std::uint64_t actor,
                  std::function<void(const commit_result&)> done) override;
  void storage_failed(const read_result& result) override;
  void defer_until_loaded(const load_request& need) override;

 private:
  /// What the event loop keeps of a connection, in its own table by connection id (not in the shared
  /// `connection`, which every part sees): the command rate, the idle warning, and the lines waiting.
  /// Made when first needed (a line or GMCP message counted, an idle warning, a commit or load to wait
  /// for), dropped when the connection leaves (connection_gone) and by idle_tick once it is back at rest
  /// (a full bucket, no flood, nothing waited for or typed ahead, not warned): no entry reads as a full
  /// bucket, so an idle connection costs nothing here (issue 14: memory per player).
  struct input_state {
    double command_tokens = 0;  ///< rate-limit bucket
    std::int64_t tokens_at_ms = 0;
    std::int64_t flood_since_ms = 0;      ///< when the current flood began (0: not flooding)
    std::int64_t flood_last_drop_ms = 0;  ///< the last command dropped for speed
    /// Lines that arrived while busy, run in order afterwards. A list: an empty std::deque holds a 512-byte
    /// block, and almost every connection has nothing typed ahead (issue 14: memory per player).
    std::list<std::string> typed_ahead;
    std::size_t typed_ahead_bytes = 0;
    std::uint8_t deferrals = 0;  ///< times its current line has waited for a load (a guard against loops)
    bool rate_warned = false;
    bool idle_warned = false;
    bool typed_ahead_warned = false;
    /// Its last command's changes are being saved: lines typed meanwhile wait in typed_ahead, so that
    /// each command starts from a world in which the one before it is known to have happened.
    bool awaiting_commit = false;
    /// Its last line needs a dungeon branch read into memory first: that line waits at the head of
    /// typed_ahead and runs again once the branch is in.
    bool awaiting_load = false;
  };
  /// `conn`'s input state, begun (with a full bucket) if it had none.
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
  bool run_one_typed_ahead();
  /// Runs `line` of `conn` as the current event's work: first, what its actor stands in must be in memory.
  void run_line(connection& conn, const std::string& line);
  void guarded(const std::function<void()>& work);
  void take_back_event();
  /// The current event asked to wait for `need`: it is taken back, its line put back first in line, and
  /// `need` read on a worker.
  void take_back_until_loaded(const load_request& need);
  void abort_event(std::string_view what, int store_code);
  void finish_event();
  void batch_resolved(const commit_result& result, std::vector<event_batch::undo_step>& undo,
                      const std::vector<std::uint64_t>& touched, std::uint64_t actor);
  void note_storage(const commit_result& result);

  const live_settings& settings_;
  roster& people_;
  output& out_;
  services& services_;
  line_handler handle_line_;
  load_target* loads_ = nullptr;
  event_batch batch_;                         ///< the current event's changes
  std::uint64_t event_actor_ = 0;             ///< the connection whose line or completion this event serves
  const std::string* event_line_ = nullptr;  ///< the line this event runs (to run it again after a load)
  /// What the current event asked to wait for (defer_until_loaded): acted on when its work returns.
  std::optional<load_request> deferred_;
  bool flushing_ = false;
  struct pending_load {
    std::vector<std::uint64_t> waiting;  ///< connections whose line runs again once it is in
    bool started = false;
  };
  std::unordered_map<std::int64_t, pending_load> loading_;  ///< branches being read, by id
  std::vector<std::uint64_t> typed_ahead_conns_;            ///< connections with lines waiting
  std::unordered_map<std::uint64_t, input_state> inputs_;   ///< by connection id (see input_state)
  storage_health storage_;
};

}  // namespace dw::game
