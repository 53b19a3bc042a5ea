#pragma once

#include <stdexcept>
#include <string>

namespace dw::game::storage {

/// A storage failure, as the game sees it: the store throws its own error derived from this, carrying
/// the store's result code (for SQLite, the extended result code; never 0 for a real failure). The event
/// loop catches it to take an event back and tell the player "not now" rather than "went wrong".
class failure : public std::runtime_error {
 public:
  failure(int code, const std::string& message) : std::runtime_error(message), code_(code) {}

  /// The store's result code (SQLite's extended code, e.g. SQLITE_CONSTRAINT_FOREIGNKEY).
  int code() const noexcept { return code_; }

 private:
  int code_;
};

}  // namespace dw::game::storage
