#pragma once

// Another process holding a database's write lock: the real sqlite3 tool, in an exclusive transaction
// that lasts until its input ends.
#include <sqlite3.h>
#include <stdio.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>

#include "tests/support/files.hpp"

namespace dw::testing {

class sqlite_lock_holder {
 public:
  explicit sqlite_lock_holder(const std::filesystem::path& db) : db_(db) {
    const std::string cmd = "sqlite3 " + db.string() + " > /dev/null";
    pipe_ = ::popen(cmd.c_str(), "w");
    if (pipe_ != nullptr) {
      std::fputs("BEGIN EXCLUSIVE;\nINSERT OR REPLACE INTO settings VALUES ('test.lock', 'held');\n", pipe_);
      std::fflush(pipe_);
    }
  }
  ~sqlite_lock_holder() { release(); }
  sqlite_lock_holder(const sqlite_lock_holder&) = delete;
  sqlite_lock_holder& operator=(const sqlite_lock_holder&) = delete;

  /// Waits until the lock is really held: a write from another connection fails at once.
  bool held(std::chrono::milliseconds timeout) const {
    return pipe_ != nullptr && poll_until(
                                   [&] {
                                     sqlite3* raw = nullptr;
                                     sqlite3_open(db_.c_str(), &raw);
                                     const int rc =
                                         sqlite3_exec(raw, "BEGIN IMMEDIATE; ROLLBACK;", nullptr, nullptr, nullptr);
                                     sqlite3_close(raw);
                                     return rc == SQLITE_BUSY;
                                   },
                                   timeout);
  }
  /// Ends sqlite3's input: it rolls back and exits.
  void release() {
    if (pipe_ != nullptr) {
      ::pclose(pipe_);
      pipe_ = nullptr;
    }
  }
  bool started() const { return pipe_ != nullptr; }

 private:
  std::filesystem::path db_;
  std::FILE* pipe_ = nullptr;
};

}  // namespace dw::testing
