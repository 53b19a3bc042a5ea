#pragma once

namespace dw::store {

class database;

/// How a transaction takes its locks.
enum class transaction_kind {
  /// Takes the write lock at once (BEGIN IMMEDIATE), so a write never fails half-way with SQLITE_BUSY.
  immediate,
  /// Starts as a read (BEGIN DEFERRED): a consistent snapshot for several queries, e.g. loading at start-up.
  deferred,
};

/// RAII transaction: rolls back in its destructor unless committed. The destructor never throws.
class transaction {
 public:
  explicit transaction(database& db, transaction_kind kind = transaction_kind::immediate);
  transaction(const transaction&) = delete;
  transaction& operator=(const transaction&) = delete;
  ~transaction();

  /// Commits; throws store_error on failure (the transaction is then rolled back by the destructor).
  void commit();
  /// Rolls back now; never throws.
  void rollback() noexcept;

 private:
  database& db_;
  bool open_ = true;
};

}  // namespace dw::store
