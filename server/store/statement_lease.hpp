#pragma once

#include <memory>

#include "server/store/statement.hpp"

namespace dw::store {

/// Borrowed use of a statement from a database's cache: resets it on scope exit so no read
/// snapshot stays open and the next user finds it clean.
class statement_lease {
 public:
  /// Borrows a cached statement whose in-use flag `busy` the lease clears on release.
  statement_lease(statement* cached, bool* busy) noexcept : st_(cached), busy_(busy) {}
  /// Owns a one-off statement (used when the cached one is already borrowed further up the stack).
  explicit statement_lease(std::unique_ptr<statement> owned) noexcept;
  statement_lease(const statement_lease&) = delete;
  statement_lease& operator=(const statement_lease&) = delete;
  statement_lease(statement_lease&& other) noexcept;
  statement_lease& operator=(statement_lease&&) = delete;
  ~statement_lease();

  statement* operator->() const noexcept { return st_; }
  statement& operator*() const noexcept { return *st_; }

 private:
  statement* st_ = nullptr;
  bool* busy_ = nullptr;
  std::unique_ptr<statement> owned_;
};

}  // namespace dw::store
