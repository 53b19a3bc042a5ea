#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "server/game/events/event_batch.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/events/input_queue.hpp"
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
/// run afterwards (its input_queue keeps them, with the input limits: command rate, idle and login timeouts).
/// World thread only.
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
  /// Counts one command against the connection's rate (input_queue::over_command_rate). The caller flushes.
  bool over_command_rate(connection& conn) { return inputs_.over_command_rate(conn); }
  /// Ends an event: its batch goes to the writer, touched connections get prompts and one write each.
  /// Then lines typed ahead by connections that are no longer busy run, each as an event of its own.
  void flush();
  /// A connection has gone: nothing more is sent to it, and what the event loop kept of it is dropped.
  void connection_gone(std::uint64_t conn_id);
  /// What the event loop keeps of each connection's input (see input_queue).
  const input_queue& inputs() const { return inputs_; }
  /// Idle warnings and disconnects, and logins that take too long (part of the world's tick).
  void idle_tick() { inputs_.idle_tick(); }

  // ---- change_sink, event_runner
  void persist(storage::change change) override { batch_.add(std::move(change)); }
  void on_rollback(undo_step undo) override { batch_.on_rollback(std::move(undo)); }
  void run_event(std::uint64_t actor, const std::function<void()>& work) override;
  void commit_now(storage::change change, std::uint64_t actor,
                  std::function<void(const commit_result&)> done) override;
  void storage_failed(const read_result& result) override;
  void defer_until_loaded(const load_request& need) override;

 private:
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
  input_queue inputs_;  ///< each connection's lines typed ahead, and the input limits
  storage_health storage_;
};

}  // namespace dw::game
