#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "server/store/database.hpp"

namespace dw::app {

/// Read connections for worker threads; a worker borrows one for the duration of a job.
class reader_pool {
 public:
  explicit reader_pool(std::string path) : path_(std::move(path)) {}

  /// An idle connection, or a new one. Worker threads only, never the world thread (opening may block).
  std::unique_ptr<store::database> acquire() {
    {
      std::lock_guard lock(mutex_);
      if (!idle_.empty()) {
        auto db = std::move(idle_.back());
        idle_.pop_back();
        return db;
      }
    }
    return std::make_unique<store::database>(store::database::open(path_));
  }

  /// Gives a connection back for the next job.
  void release(std::unique_ptr<store::database> db) {
    std::lock_guard lock(mutex_);
    idle_.push_back(std::move(db));
  }

 private:
  std::string path_;
  std::mutex mutex_;  ///< worker threads share the idle list
  std::vector<std::unique_ptr<store::database>> idle_;
};

}  // namespace dw::app
