#include "server/store/database.hpp"

#include <sqlite3.h>

#include <utility>

#include "server/store/migrations.hpp"
#include "server/store/store_error.hpp"
#include "server/store/transaction.hpp"

namespace dw::store {

namespace {

// Long enough to ride out another connection's checkpoint or migration at start-up.
constexpr int busy_timeout_ms = 5000;
constexpr int wal_retry_ms = 2;

std::string hex32(std::int64_t value) {
  constexpr std::string_view digits = "0123456789ABCDEF";
  const auto bits = static_cast<std::uint32_t>(value);
  std::string text = "0x";
  for (int shift = 28; shift >= 0; shift -= 4) {
    text += digits[(bits >> shift) & 0xFu];
  }
  return text;
}

sqlite3* open_connection(const std::string& path) {
  sqlite3* raw = nullptr;
  // NOMUTEX: each connection is used by one thread at a time, so SQLite's per-connection mutex is waste.
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
  const int rc = sqlite3_open_v2(path.c_str(), &raw, flags, nullptr);
  if (rc != SQLITE_OK) {
    std::string message = "cannot open database " + path + ": " + (raw != nullptr ? sqlite3_errmsg(raw) : sqlite3_errstr(rc));
    const int code = raw != nullptr ? sqlite3_extended_errcode(raw) : rc;
    sqlite3_close(raw);
    throw store_error(code, message);
  }
  sqlite3_extended_result_codes(raw, 1);
  sqlite3_busy_timeout(raw, busy_timeout_ms);
  return raw;
}

std::string why_not_writable(int code);

}  // namespace

database::database(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}

database::database(database&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)), path_(std::move(other.path_)), cache_(std::move(other.cache_)) {}

database& database::operator=(database&& other) noexcept {
  if (this != &other) {
    cache_.clear();
    sqlite3_close_v2(db_);
    db_ = std::exchange(other.db_, nullptr);
    path_ = std::move(other.path_);
    cache_ = std::move(other.cache_);
  }
  return *this;
}

database::~database() {
  // Statements first: a connection with live statements cannot close cleanly.
  cache_.clear();
  sqlite3_close_v2(db_);
}

database database::open_unchecked(const std::string& path) { return database(open_connection(path), path); }

database database::open(const std::string& path) {
  database db(open_connection(path), path);
  try {
    db.check_identity();
    db.configure();
    migrate(db, migrations());
  } catch (const store_error& e) {
    const int primary = e.code() & 0xff;
    if (primary == SQLITE_CANTOPEN || primary == SQLITE_READONLY || primary == SQLITE_PERM ||
        primary == SQLITE_BUSY || primary == SQLITE_FULL) {
      // Say what the operator can do about it, not only what SQLite said.
      throw store_error(e.code(), "cannot use database " + path + ": " + why_not_writable(e.code()) + " (" +
                                      e.what() + ")");
    }
    throw;
  }
  return db;
}

void database::check_identity() {
  // Both reads come from one snapshot: another connection may be creating the schema right now,
  // and a stamped id with tables must never be mistaken for id 0 with tables.
  transaction snapshot(*this, transaction_kind::deferred);
  std::int64_t application_id = 0;
  try {
    application_id = query_int64("PRAGMA application_id");
  } catch (const store_error& e) {
    if ((e.code() & 0xff) == SQLITE_NOTADB) {
      throw store_error(e.code(), path_ + " is not a Deepwell database (not an SQLite file)");
    }
    throw;
  }
  if (application_id == deepwell_application_id) {
    return;
  }
  if (application_id != 0) {
    throw store_error(SQLITE_NOTADB, path_ + " is not a Deepwell database (application_id " + hex32(application_id) +
                                         ", expected " + hex32(deepwell_application_id) + ")");
  }
  // Application id 0: an empty file is ours to claim (the first migration stamps it);
  // a file that already holds tables belongs to someone else.
  const std::int64_t objects = query_int64("SELECT count(*) FROM sqlite_schema");
  if (objects > 0) {
    throw store_error(SQLITE_NOTADB, path_ + " is not a Deepwell database (application_id 0x00000000 and it already holds " +
                                         std::to_string(objects) + " schema objects)");
  }
}

std::uint64_t sqlite_memory_used() {
  const sqlite3_int64 used = sqlite3_memory_used();
  return used > 0 ? static_cast<std::uint64_t>(used) : 0;
}

void database::configure() {
  // WAL: readers on other connections never block the writer thread and see only committed data.
  // synchronous=NORMAL in WAL mode: commits survive a killed process; power loss may lose the last commits.
  enable_wal();
  exec("PRAGMA synchronous = NORMAL");
  exec("PRAGMA foreign_keys = ON");
  // A cap, not an allocation: big enough that a branch's room index stays cached while it spawns.
  exec("PRAGMA cache_size = -32768");
  // After a burst (a big branch spawning in one batch) the WAL is truncated back to this size.
  exec("PRAGMA journal_size_limit = 67108864");
}

void database::enable_wal() {
  // Switching a fresh file to WAL needs an exclusive lock, and SQLite may report "locked" at once
  // instead of calling the busy handler when other connections open the same new file together.
  // Once the file is in WAL mode this is a no-op that cannot fail this way.
  for (int waited_ms = 0;; waited_ms += wal_retry_ms) {
    try {
      exec("PRAGMA journal_mode = WAL");
      return;
    } catch (const store_error& e) {
      const int primary = e.code() & 0xff;
      if ((primary != SQLITE_BUSY && primary != SQLITE_LOCKED) || waited_ms >= busy_timeout_ms) {
        throw;
      }
    }
    sqlite3_sleep(wal_retry_ms);
  }
}

void database::set_busy_timeout(int milliseconds) { sqlite3_busy_timeout(db_, milliseconds); }

namespace {

std::string why_not_writable(int code) {
  switch (code & 0xff) {
    case SQLITE_READONLY:
      return "the database file or its folder is read-only";
    case SQLITE_CANTOPEN:
      return "its -wal and -shm files cannot be created or opened next to it (is the folder writable?)";
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return "another process holds a lock on it";
    case SQLITE_FULL:
      return "the disk is full";
    case SQLITE_IOERR:
      return "the operating system reported an I/O error";
    case SQLITE_PERM:
    case SQLITE_AUTH:
      return "permission denied";
    default:
      return "it refused a write";
  }
}

}  // namespace

void database::check_writable() {
  try {
    transaction tx(*this);
    auto st = prepare("INSERT OR REPLACE INTO settings (key, value) VALUES ('store.write_check', datetime('now'))");
    st->run();
    tx.commit();
  } catch (const store_error& e) {
    throw store_error(e.code(), "cannot write to database " + path_ + ": " + why_not_writable(e.code()) + " (" +
                                    e.what() + ")");
  }
}

void database::claim_alone() {
  set_busy_timeout(0);  // a server keeps its lock for as long as it runs: waiting would not help
  exec("PRAGMA locking_mode = EXCLUSIVE");
  try {
    exec("BEGIN EXCLUSIVE");
    exec("COMMIT");  // in EXCLUSIVE locking mode the lock stays after the transaction
  } catch (const store_error& e) {
    exec("PRAGMA locking_mode = NORMAL");
    const int primary = e.code() & 0xff;
    if (primary != SQLITE_BUSY && primary != SQLITE_LOCKED) {
      throw;
    }
    throw store_error(e.code(), "database " + path_ +
                                    " is open in another process (a running Deepwell server, or a sqlite3 shell); "
                                    "stop it first, then try again");
  }
}

check_report database::quick_check() {
  check_report report;
  const auto started = std::chrono::steady_clock::now();
  auto lines_of = [this](const std::string& sql, std::vector<std::string>& out) {
    auto st = prepare(sql);
    while (st->step()) {
      if (out.size() < 10) {
        out.push_back(st->column_text(0));
      }
    }
  };
  try {
    lines_of("PRAGMA quick_check", report.problems);
  } catch (const store_error& e) {
    report.problems.push_back(e.what());
  }
  report.ok = report.problems.size() == 1 && report.problems.front() == "ok";
  if (!report.ok) {
    std::vector<std::string> tables;
    try {
      auto st = prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name");
      while (st->step()) {
        tables.push_back(st->column_text(0));
      }
    } catch (const store_error& e) {
      report.damaged_tables.push_back("sqlite_schema");
    }
    for (const std::string& table : tables) {
      std::vector<std::string> one;
      try {
        // quick_check(TABLE) checks that table and its indexes only (SQLite 3.33 and later).
        lines_of("PRAGMA quick_check(\"" + table + "\")", one);
      } catch (const store_error& e) {
        one.push_back(e.what());
      }
      if (!(one.size() == 1 && one.front() == "ok")) {
        report.damaged_tables.push_back(table);
      }
    }
  }
  report.took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
  return report;
}

void database::exec(std::string_view sql) {
  // sqlite3_exec needs a NUL-terminated string; SQL text here is short and rarely on a hot path.
  const std::string text(sql);
  char* error = nullptr;
  const int rc = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &error);
  if (rc != SQLITE_OK) {
    std::string message = "SQL failed (" + std::string(error != nullptr ? error : sqlite3_errstr(rc)) + "): " + text;
    sqlite3_free(error);
    throw store_error(sqlite3_extended_errcode(db_), message);
  }
}

statement_lease database::prepare(std::string_view sql) {
  auto it = cache_.find(sql);
  if (it == cache_.end()) {
    auto st = std::make_unique<statement>(db_, sql);
    it = cache_.emplace(std::string(sql), cached_entry{std::move(st), false}).first;
  }
  cached_entry& entry = it->second;
  if (entry.busy) {
    // The same SQL is already being stepped further up the stack: use a one-off statement.
    return statement_lease(std::make_unique<statement>(db_, sql));
  }
  entry.busy = true;
  return statement_lease(entry.st.get(), &entry.busy);
}

std::int64_t database::changes() const { return sqlite3_changes64(db_); }

std::int64_t database::last_insert_rowid() const { return sqlite3_last_insert_rowid(db_); }

bool database::in_transaction() const { return sqlite3_get_autocommit(db_) == 0; }

std::int32_t database::schema_version() {
  const std::int64_t has_table =
      query_int64("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'schema_version'");
  if (has_table == 0) {
    return 0;
  }
  return static_cast<std::int32_t>(query_int64("SELECT version FROM schema_version WHERE id = 1"));
}

}  // namespace dw::store
