#include "server/store/statement.hpp"

#include <sqlite3.h>

#include <utility>

#include "server/store/store_error.hpp"

namespace dw::store {

statement::statement(sqlite3* db, std::string_view sql) : db_(db) {
  const char* tail = nullptr;
  // PERSISTENT: these statements live in the connection's cache for its whole life.
  const int rc = sqlite3_prepare_v3(db, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT, &stmt_,
                                    &tail);
  if (rc != SQLITE_OK) {
    throw store_error(sqlite3_extended_errcode(db),
                      "cannot prepare SQL (" + std::string(sqlite3_errmsg(db)) + "): " + std::string(sql));
  }
  if (stmt_ == nullptr) {
    throw store_error(SQLITE_MISUSE, "SQL holds no statement: " + std::string(sql));
  }
}

statement::statement(statement&& other) noexcept
    : stmt_(std::exchange(other.stmt_, nullptr)), db_(std::exchange(other.db_, nullptr)) {}

statement& statement::operator=(statement&& other) noexcept {
  if (this != &other) {
    sqlite3_finalize(stmt_);
    stmt_ = std::exchange(other.stmt_, nullptr);
    db_ = std::exchange(other.db_, nullptr);
  }
  return *this;
}

statement::~statement() { sqlite3_finalize(stmt_); }

void statement::fail(int rc, std::string_view what) const {
  const int code = db_ != nullptr ? sqlite3_extended_errcode(db_) : rc;
  std::string message(what);
  message += " (";
  message += db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
  message += "): ";
  message += sql();
  throw store_error(code, message);
}

void statement::check_bind(int rc, int index) const {
  if (rc != SQLITE_OK) {
    fail(rc, "cannot bind parameter " + std::to_string(index));
  }
}

statement& statement::bind(int index, std::int64_t value) {
  check_bind(sqlite3_bind_int64(stmt_, index, value), index);
  return *this;
}

statement& statement::bind(int index, std::int32_t value) {
  check_bind(sqlite3_bind_int(stmt_, index, value), index);
  return *this;
}

statement& statement::bind(int index, std::uint64_t value) {
  // SQLite integers are signed 64-bit; keep the bit pattern so every seed round-trips exactly.
  check_bind(sqlite3_bind_int64(stmt_, index, static_cast<std::int64_t>(value)), index);
  return *this;
}

statement& statement::bind(int index, bool value) {
  check_bind(sqlite3_bind_int(stmt_, index, value ? 1 : 0), index);
  return *this;
}

statement& statement::bind(int index, double value) {
  check_bind(sqlite3_bind_double(stmt_, index, value), index);
  return *this;
}

statement& statement::bind(int index, std::string_view value) {
  // TRANSIENT: SQLite copies, so a temporary string bound here cannot dangle before step().
  check_bind(sqlite3_bind_text64(stmt_, index, value.data(), value.size(), SQLITE_TRANSIENT, SQLITE_UTF8), index);
  return *this;
}

statement& statement::bind(int index, std::nullptr_t) {
  check_bind(sqlite3_bind_null(stmt_, index), index);
  return *this;
}

statement& statement::bind_id_or_null(int index, std::int64_t id) {
  if (id == 0) {
    return bind(index, nullptr);
  }
  return bind(index, id);
}

bool statement::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) {
    return true;
  }
  if (rc == SQLITE_DONE) {
    return false;
  }
  fail(rc, "SQL failed");
}

void statement::run() {
  while (step()) {
  }
}

bool statement::column_is_null(int index) const { return sqlite3_column_type(stmt_, index) == SQLITE_NULL; }

std::int64_t statement::column_int64(int index) const { return sqlite3_column_int64(stmt_, index); }

std::int32_t statement::column_int32(int index) const { return sqlite3_column_int(stmt_, index); }

std::uint64_t statement::column_uint64(int index) const {
  return static_cast<std::uint64_t>(sqlite3_column_int64(stmt_, index));
}

double statement::column_double(int index) const { return sqlite3_column_double(stmt_, index); }

std::string statement::column_text(int index) const {
  const auto* text = sqlite3_column_text(stmt_, index);
  if (text == nullptr) {
    return {};
  }
  const int bytes = sqlite3_column_bytes(stmt_, index);
  return std::string(reinterpret_cast<const char*>(text), static_cast<std::size_t>(bytes));
}

void statement::reset() noexcept {
  if (stmt_ != nullptr) {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }
}

std::string_view statement::sql() const {
  const char* text = stmt_ != nullptr ? sqlite3_sql(stmt_) : nullptr;
  return text != nullptr ? std::string_view(text) : std::string_view();
}

}  // namespace dw::store
