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

#include "server/game/latency_histogram.hpp"
#include "server/store/database.hpp"

namespace dw::store {

/// A change the writer could not commit: it was rolled back and nothing of it is in the database.
struct write_failure {
  std::uint64_t ticket = 0;
  int code = 0;  ///< the SQLite (extended) result code, or 0 when the change threw something else
  std::string message;
};

/// The writer thread: owns one connection and commits submitted changes in groups.
///
/// The game thread calls submit(); the writer takes everything queued, runs it in one transaction
/// and commits (group commit). If any change in a batch throws, the batch is rolled back and its changes
/// re-run one transaction each, so one bad change cannot lose the others. Then the batch is reported
/// once: its last ticket (every ticket up to it is now resolved) and the tickets that failed, so that a
/// reply can say whether its own change was saved. Because of the re-run, a change may execute more than
/// once: it must only touch the database.
class writer {
 public:
  /// A unit of persistence: repository calls against the writer's connection. Runs on the writer thread.
  using change = std::function<void(database&)>;
  /// Called on the writer thread after each batch: every ticket up to `last_ticket` is resolved, and
  /// those listed in `failed` (in ticket order) were rolled back; the others committed.
  using batch_handler = std::function<void(std::uint64_t last_ticket, std::vector<write_failure> failed)>;

  /// Opens the writer's own connection to `path` here (so open and migration errors throw to the
  /// caller), then starts the thread.
  writer(const std::string& path, batch_handler on_batch);
  /// Takes an open connection (its busy timeout is how long a write waits for another process's
  /// lock before failing); it must not be used elsewhere afterwards.
  writer(database db, batch_handler on_batch);
  writer(const writer&) = delete;
  writer& operator=(const writer&) = delete;
  /// Commits everything still queued, then stops the thread.
  ~writer();

  /// Queues `c` and returns its ticket (1, 2, 3, ...). Thread-safe.
  std::uint64_t submit(change c);
  /// Blocks until every change submitted before the call has committed (or failed) and its batch
  /// has been reported. Thread-safe; never call it from a handler or a change
  /// (that would wait for itself).
  void flush();
  /// The last resolved (committed or failed) ticket (0 before the first batch). Thread-safe.
  std::uint64_t committed() const { return committed_.load(std::memory_order_acquire); }
  /// The last ticket handed out. Thread-safe.
  std::uint64_t submitted() const;

  /// What the writer has done so far, for the metrics. Thread-safe (taken under the writer's lock, which
  /// it holds anyway once per batch: counting adds no lock to the way of a change).
  struct stats {
    std::uint64_t queued = 0;   ///< changes submitted and not yet resolved (waiting, or in the batch running)
    std::uint64_t batches = 0;  ///< transactions committed or rolled back (a batch re-run one by one counts once)
    std::uint64_t changes = 0;  ///< changes resolved
    std::uint64_t failed = 0;   ///< changes rolled back
    /// How long each batch took on the writer thread: its transaction(s) through the commit.
    game::latency_histogram commit_time{commit_bounds()};
  };
  stats read_stats() const;
  /// The commit time buckets' upper bounds, in nanoseconds: 100 microseconds to 5 seconds.
  static std::span<const std::int64_t> commit_bounds();

 private:
  struct entry {
    std::uint64_t ticket;
    change fn;
  };

  void run();
  /// Commits the batch; returns the changes that failed.
  std::vector<write_failure> commit_batch(std::vector<entry>& batch);
  void report(std::uint64_t last_ticket, std::vector<write_failure> failed) noexcept;

  database db_;  // used only by the writer thread once it has started
  batch_handler on_batch_;

  mutable std::mutex mutex_;
  std::condition_variable work_ready_;  // the writer waits here for changes or stop
  std::condition_variable batch_done_;  // flush() waits here
  std::vector<entry> pending_;          // guarded by mutex_
  std::uint64_t issued_ = 0;            // guarded by mutex_
  std::uint64_t done_ = 0;              // guarded by mutex_: last ticket whose batch has been reported
  bool stopping_ = false;               // guarded by mutex_
  std::atomic<std::uint64_t> committed_{0};
  stats stats_;  // guarded by mutex_ (queued is worked out when read)

  std::thread thread_;  // last: starts after every other member is ready
};

}  // namespace dw::store
