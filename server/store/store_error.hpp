#pragma once

#include <stdexcept>
#include <string>

namespace dw::store {

/// Any storage failure: carries the SQLite result code (extended where SQLite gave one) and a message
/// that names what was being done. Storage errors are exceptions; player mistakes never reach here.
class store_error : public std::runtime_error {
 public:
  store_error(int code, const std::string& message) : std::runtime_error(message), code_(code) {}

  /// The SQLite (extended) result code, e.g. SQLITE_CONSTRAINT_FOREIGNKEY; SQLITE_ERROR when none applies.
  int code() const noexcept { return code_; }

 private:
  int code_;
};

}  // namespace dw::store
