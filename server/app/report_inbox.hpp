#pragma once

#include <cstdint>
#include <mutex>
#include <utility>
#include <vector>

#include "server/store/writer.hpp"

namespace dw::app {

/// Batch reports from the writer thread, waiting for the world thread. The writer appends and posts a
/// wake-up; the world thread takes them all (also synchronously, before a hot reboot replaces the image).
class report_inbox {
 public:
  struct report {
    std::uint64_t last;
    std::vector<store::write_failure> failed;
  };

  /// Writer thread. True when the inbox was empty (the caller posts one wake-up for the lot).
  bool put(report r) {
    std::lock_guard lock(mutex_);  // writer thread and world thread, never held while calling out
    reports_.push_back(std::move(r));
    return reports_.size() == 1;
  }

  /// World thread: every report so far, oldest first.
  std::vector<report> take() {
    std::lock_guard lock(mutex_);
    return std::exchange(reports_, {});
  }

 private:
  std::mutex mutex_;
  std::vector<report> reports_;
};

}  // namespace dw::app
