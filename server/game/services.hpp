#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "server/game/storage/changes.hpp"
#include "server/game/storage/reads.hpp"


namespace dw::game {

/// How one batch of changes ended: committed, or rolled back with nothing of it in the database.
struct commit_result {
  std::uint64_t ticket = 0;
  bool ok = true;
  int code = 0;         ///< the SQLite result code when it failed (0: the change itself threw)
  std::string message;  ///< what failed, for the log
};

/// How a read on a worker ended: `ok`, or failed (the work's results are then partial: do not use them).
struct read_result {
  bool ok = true;
  int code = 0;         ///< the SQLite result code when the store failed (0: something else threw)
  std::string message;  ///< what failed, for the log
};

/// How a backup of the database ended (server/store/backup.hpp).
struct backup_report {
  bool ok = false;
  std::string file;  ///< the finished file
  std::int64_t bytes = 0;
  std::int64_t took_ms = 0;
  std::string error;                 ///< why it failed
  std::vector<std::string> removed;  ///< older backups deleted to keep backup.keep
};

/// One backup file in the backup folder.
struct backup_entry {
  std::string file;
  std::int64_t bytes = 0;
  std::int64_t taken_at = 0;  ///< unix seconds
};

/// What the game needs from the process around it. The server implements it with a worker pool,
/// the store's writer thread and Asio timers; tests implement it inline. Called on the world thread.
class services {
 public:
  virtual ~services() = default;
  /// Runs `work` on a worker thread with a loader over that thread's own read connection, then `done` on
  /// the world thread with how the work ended. Every read the game makes while running goes this way (the
  /// world thread never reads).
  virtual void run_blocking(std::function<void(storage::loader&)> work,
                            std::function<void(const read_result&)> done) = 0;
  /// Hands one batch of changes to the writer thread: they commit together in one transaction, or not at
  /// all. `done` runs on the world thread once they have, or have not. Returns the batch's ticket, which
  /// tags the output held back until then.
  virtual std::uint64_t commit(storage::batch changes, std::function<void(const commit_result&)> done) = 0;
  /// Runs `fn` on the world thread once every batch handed over so far has been resolved.
  virtual void after_commit(std::function<void()> fn) = 0;
  /// Runs `fn` on the world thread after `delay`.
  virtual void after(std::chrono::milliseconds delay, std::function<void()> fn) = 0;
  /// Wall-clock time in unix seconds.
  virtual std::int64_t now() = 0;
  /// A steady clock in milliseconds, for delays and rates (never goes back). Tests may drive it by hand.
  virtual std::int64_t steady_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
  }
  /// Stops the server gracefully (as SIGTERM does).
  virtual void stop_server() = 0;
  /// Hot reboot: saves, hands every connection to a fresh image of the binary (exec in place). Runs
  /// after the current event; on failure the server keeps running and world::reboot_failed is called.
  virtual void reboot(std::uint64_t requested_by) = 0;
  /// Copies the database into the backup folder on a thread of its own (play never waits for it), then
  /// deletes the oldest backups beyond `keep`; `done` runs on the world thread. One at a time: the
  /// caller waits for `done` before asking again. Without a backup thread it fails at once.
  virtual void take_backup(std::int64_t keep, std::function<void(const backup_report&)> done) {
    static_cast<void>(keep);
    done(backup_report{false, {}, 0, 0, "backups are not available here", {}});
  }
  /// The backups in the backup folder, oldest first (or why they cannot be listed); `done` runs on the
  /// world thread.
  virtual void list_backups(std::function<void(const std::vector<backup_entry>&, const std::string& error)> done) {
    done({}, "backups are not available here");
  }
};

}  // namespace dw::game
