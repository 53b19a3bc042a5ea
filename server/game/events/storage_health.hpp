#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace dw::game {

/// Follows whether saving works, so that a fault is reported once when it starts and once when it
/// ends, however many players run into it in between. Pure: the world logs and tells administrators
/// what it returns. World thread.
class storage_health {
 public:
  /// Something could not be saved (or read). Returns the announcement when this starts a fault (the
  /// first failure, or a failure of another kind than the current fault), nullopt otherwise.
  std::optional<std::string> failed(int code, std::string_view message, std::int64_t now);
  /// Something was saved. Returns the announcement when this ends a fault, nullopt otherwise.
  std::optional<std::string> succeeded(std::int64_t now);
  bool faulty() const { return faulty_; }
  /// Failures since the current fault began.
  std::uint64_t failures() const { return failures_; }

  /// "disk full", "read-only", "locked by another process", ... for a SQLite result code.
  static std::string_view describe(int code);

 private:
  bool faulty_ = false;
  int code_ = 0;
  std::int64_t since_ = 0;
  std::uint64_t failures_ = 0;
};

}  // namespace dw::game
