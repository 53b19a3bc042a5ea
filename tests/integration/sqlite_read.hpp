#pragma once

// Reading a test server's database file from the test: opened read-only, so nothing the test does
// checkpoints the WAL that a restarted server recovers from, or takes a write lock a running one needs.
#include <gtest/gtest.h>

#include <sqlite3.h>

#include <filesystem>
#include <memory>
#include <string>

namespace dw::testing {

struct sqlite_closer {
  void operator()(sqlite3* db) const { sqlite3_close(db); }
};
struct statement_finalizer {
  void operator()(sqlite3_stmt* st) const { sqlite3_finalize(st); }
};
using sqlite_handle = std::unique_ptr<sqlite3, sqlite_closer>;
using statement_handle = std::unique_ptr<sqlite3_stmt, statement_finalizer>;

/// The file opened read-only (null, with a test failure, when it cannot be). A running server's
/// writes do not disturb it: in WAL mode a reader sees the last commit before its read began.
inline sqlite_handle open_read_only(const std::filesystem::path& path) {
  sqlite3* raw = nullptr;
  const int opened = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
  sqlite_handle db(raw);
  if (opened != SQLITE_OK) {
    ADD_FAILURE() << "cannot open " << path << " read-only: " << sqlite3_errmsg(raw);
    return nullptr;
  }
  sqlite3_busy_timeout(raw, 10000);
  return db;
}

inline statement_handle prepare(sqlite3* db, const char* sql) {
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db, sql, -1, &st, nullptr) != SQLITE_OK) {
    ADD_FAILURE() << "cannot prepare '" << sql << "': " << sqlite3_errmsg(db);
  }
  return statement_handle(st);
}

/// PRAGMA integrity_check's lines: "ok\n" for a whole file.
inline std::string integrity_of(sqlite3* db) {
  std::string integrity;
  const statement_handle st = prepare(db, "PRAGMA integrity_check");
  while (st && sqlite3_step(st.get()) == SQLITE_ROW) {
    const unsigned char* line = sqlite3_column_text(st.get(), 0);
    integrity += (line == nullptr ? "" : reinterpret_cast<const char*>(line)) + std::string("\n");
  }
  return integrity;
}

}  // namespace dw::testing
