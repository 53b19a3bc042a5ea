#pragma once

#include <cstdint>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace dw::store {

/// One prepared SQL statement (RAII over sqlite3_stmt). Binding indexes are 1-based, column indexes
/// 0-based, as in SQLite. Text is bound as a copy, so temporaries may be bound safely.
class statement {
 public:
  /// Prepares `sql` (a single statement) on `db`; throws store_error naming the SQL on failure.
  statement(sqlite3* db, std::string_view sql);
  statement(const statement&) = delete;
  statement& operator=(const statement&) = delete;
  statement(statement&& other) noexcept;
  statement& operator=(statement&& other) noexcept;
  ~statement();

  statement& bind(int index, std::int64_t value);
  statement& bind(int index, std::int32_t value);
  /// Unsigned 64-bit values (seeds) are stored as the signed integer with the same bits.
  statement& bind(int index, std::uint64_t value);
  statement& bind(int index, bool value);
  statement& bind(int index, double value);
  statement& bind(int index, std::string_view value);
  statement& bind(int index, const char* value) { return bind(index, std::string_view(value)); }
  statement& bind(int index, const std::string& value) { return bind(index, std::string_view(value)); }
  statement& bind(int index, std::nullptr_t);
  /// Binds an integer id, or NULL when it is 0 (the records' "none").
  statement& bind_id_or_null(int index, std::int64_t id);

  /// Binds every argument in order, starting at index 1.
  template <typename... Args>
  statement& bind_all(const Args&... args) {
    int index = 0;
    (bind(++index, args), ...);
    return *this;
  }

  /// Advances to the next row: true when a row is available, false when the statement is done.
  bool step();
  /// Steps to completion, ignoring any rows (for INSERT/UPDATE/DELETE).
  void run();

  bool column_is_null(int index) const;
  std::int64_t column_int64(int index) const;
  std::int32_t column_int32(int index) const;
  std::uint64_t column_uint64(int index) const;
  bool column_bool(int index) const { return column_int64(index) != 0; }
  double column_double(int index) const;
  /// Copies the column's text (empty for NULL).
  std::string column_text(int index) const;

  /// Resets the statement and clears its bindings so it can be reused; never throws.
  void reset() noexcept;

  std::string_view sql() const;
  sqlite3_stmt* handle() const { return stmt_; }

 private:
  [[noreturn]] void fail(int rc, std::string_view what) const;
  void check_bind(int rc, int index) const;

  sqlite3_stmt* stmt_ = nullptr;
  sqlite3* db_ = nullptr;
};

}  // namespace dw::store
