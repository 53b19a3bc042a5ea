#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "server/store/statement.hpp"
#include "server/store/statement_lease.hpp"

struct sqlite3;

namespace dw::store {

/// `PRAGMA application_id` of every Deepwell database ("DPLW").
inline constexpr std::int32_t deepwell_application_id = 0x44504C57;

/// What `PRAGMA quick_check` found.
struct check_report {
  bool ok = true;
  std::vector<std::string> problems;        ///< SQLite's own lines (at most a few)
  std::vector<std::string> damaged_tables;  ///< tables whose own check (table and its indexes) failed
  std::chrono::milliseconds took{0};
};

/// One SQLite connection. Opening checks that the file is Deepwell's and migrates its schema.
/// Durability: WAL with synchronous=NORMAL, so a commit survives the process being killed (even
/// kill -9) but power loss or an OS crash may lose the last few commits.
/// Threading: several `database` objects may be open on the same file on different threads (one
/// writer, readers elsewhere); each object is used by one thread at a time.
class database {
 public:
  /// Opens (creating if missing) the database at `path` (":memory:" for a private in-memory one),
  /// checks it, and applies pending migrations. The parent directory must exist.
  /// Throws store_error if the file is not a Deepwell database or its schema is newer than this binary's.
  static database open(const std::string& path);

  /// Opens without checking or migrating: only for tools and tests that inspect or build raw files.
  static database open_unchecked(const std::string& path);

  database(const database&) = delete;
  database& operator=(const database&) = delete;
  database(database&& other) noexcept;
  database& operator=(database&& other) noexcept;
  ~database();

  /// How long a statement waits for another connection's lock before failing with SQLITE_BUSY. The
  /// world thread's connection uses 0: it must never wait on a lock.
  void set_busy_timeout(int milliseconds);

  /// Proves the connection can write: takes the write lock (waiting up to the busy timeout for another
  /// process) and commits a one-row write. Throws store_error with a message that says what is wrong:
  /// a read-only file or folder, a lock held by another process, a full disk.
  void check_writable();

  /// Takes the file for this connection alone until it closes (`locking_mode = EXCLUSIVE`), for offline
  /// changes to a stopped server's database: while it is held no server can start on the file. Fails at
  /// once, with store_error (SQLITE_BUSY) and a message saying so, when any other connection has the file
  /// open: a running server always does (each of its WAL connections keeps a shared lock while open).
  void claim_alone();

  /// Runs `PRAGMA quick_check`; when it finds damage, checks each table on its own to name the damaged
  /// ones. Never throws for damage (a malformed file is reported as a problem).
  check_report quick_check();

  /// Runs one or more SQL statements that return no rows needed by the caller.
  void exec(std::string_view sql);

  /// Borrows the cached prepared statement for `sql` (prepared on first use), reset on release.
  statement_lease prepare(std::string_view sql);

  /// Runs a single-value query (e.g. `SELECT count(*) ...`) with the given parameters.
  template <typename... Args>
  std::int64_t query_int64(std::string_view sql, const Args&... args) {
    auto st = prepare(sql);
    st->bind_all(args...);
    return st->step() ? st->column_int64(0) : 0;
  }

  /// Rows changed by the last INSERT/UPDATE/DELETE on this connection.
  std::int64_t changes() const;
  std::int64_t last_insert_rowid() const;
  /// The schema version recorded in the file (0 for a fresh file).
  std::int32_t schema_version();
  bool in_transaction() const;

  const std::string& path() const { return path_; }
  sqlite3* handle() const { return db_; }

 private:
  database(sqlite3* db, std::string path);
  void configure();
  void enable_wal();
  void check_identity();

  struct cached_entry {
    std::unique_ptr<statement> st;
    bool busy = false;
  };
  // Transparent hashing lets the hot path look SQL up by string_view without building a string.
  struct sql_hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
  };

  sqlite3* db_ = nullptr;
  std::string path_;
  std::unordered_map<std::string, cached_entry, sql_hash, std::equal_to<>> cache_;
};

/// Heap bytes SQLite holds now across every connection of the process: mostly the page caches
/// (each connection's is capped by cache_size, and fills as the file it reads grows).
std::uint64_t sqlite_memory_used();

}  // namespace dw::store
