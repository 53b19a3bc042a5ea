#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/store/backup.hpp"

namespace dw::app {

/// The backup thread: takes online backups of the database (store::take_backup) and lists the backup
/// folder, one job at a time, off the world thread, the workers (logins and branch loads) and the writer,
/// so that play never waits for a backup. It runs below the world thread's priority. Completions are
/// called on this thread: the server posts them to the world thread.
class backup_runner {
 public:
  backup_runner(std::string database_path, std::string folder);
  backup_runner(const backup_runner&) = delete;
  backup_runner& operator=(const backup_runner&) = delete;
  /// A backup still copying is abandoned between two steps (its temporary file removed); then the thread
  /// stops. Jobs not begun are dropped without their completion.
  ~backup_runner();

  /// Queues a backup begun at unix second `at` (its name), pruning to `keep` afterwards.
  void backup(std::int64_t at, std::size_t keep, std::function<void(store::backup_outcome)> done);
  /// Queues a listing of the backup folder (`error` says why it could not be read).
  void list(std::function<void(std::vector<store::backup_file>, std::string error)> done);

  const std::string& folder() const { return folder_; }

 private:
  void run();

  const std::string database_path_;
  const std::string folder_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> jobs_;  // guarded by mutex_
  bool stopping_ = false;                   // guarded by mutex_
  std::thread thread_;                      // last: starts once the rest is ready
};

}  // namespace dw::app
