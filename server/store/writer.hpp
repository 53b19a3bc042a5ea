#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "server/store/database.hpp"

namespace dw::store {

/// The writer thread: owns one connection and commits submitted changes in groups.
///
/// The game thread calls submit(); the writer takes everything queued, runs it in one transaction
/// and commits (group commit), then reports the batch's last ticket to on_committed. If any change
/// in a batch throws, the batch is rolled back and its changes re-run one transaction each, so one bad
/// change cannot lose the others; each failure goes to on_error and the committed ticket still advances.
/// Because of that re-run, a change may execute more than once: it must only touch the database.
class writer {
 public:
  /// A unit of persistence: repository calls against the writer's connection. Runs on the writer thread.
  using change = std::function<void(database&)>;
  /// Called on the writer thread after each commit with the batch's last ticket.
  using committed_handler = std::function<void(std::uint64_t last_ticket)>;
  /// Called on the writer thread for each change that failed on its own (it was rolled back).
  using error_handler = std::function<void(std::uint64_t ticket, std::string_view message)>;

  /// Opens the writer's own connection to `path` here (so open and migration errors throw to the
  /// caller), then starts the thread.
  writer(const std::string& path, committed_handler on_committed, error_handler on_error = {});
  /// Takes an open connection; it must not be used elsewhere afterwards.
  writer(database db, committed_handler on_committed, error_handler on_error = {});
  writer(const writer&) = delete;
  writer& operator=(const writer&) = delete;
  /// Commits everything still queued, then stops the thread.
  ~writer();

  /// Queues `c` and returns its ticket (1, 2, 3, ...). Thread-safe.
  std::uint64_t submit(change c);
  /// Blocks until every change submitted before the call has committed (or failed) and its
  /// on_committed call has returned. Thread-safe; never call it from a handler or a change
  /// (that would wait for itself).
  void flush();
  /// The last committed ticket (0 before the first commit). Thread-safe.
  std::uint64_t committed() const { return committed_.load(std::memory_order_acquire); }
  /// The last ticket handed out. Thread-safe.
  std::uint64_t submitted() const;

 private:
  struct entry {
    std::uint64_t ticket;
    change fn;
  };

  void run();
  void commit_batch(std::vector<entry>& batch);
  void report_error(std::uint64_t ticket, std::string_view message) noexcept;
  void report_committed(std::uint64_t last_ticket) noexcept;

  database db_;  // used only by the writer thread once it has started
  committed_handler on_committed_;
  error_handler on_error_;

  mutable std::mutex mutex_;
  std::condition_variable work_ready_;  // the writer waits here for changes or stop
  std::condition_variable batch_done_;  // flush() waits here
  std::vector<entry> pending_;          // guarded by mutex_
  std::uint64_t issued_ = 0;            // guarded by mutex_
  std::uint64_t done_ = 0;              // guarded by mutex_: last ticket whose on_committed returned
  bool stopping_ = false;               // guarded by mutex_
  std::atomic<std::uint64_t> committed_{0};

  std::thread thread_;  // last: starts after every other member is ready
};

}  // namespace dw::store
