#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <unordered_map>

namespace dw::game {

/// Slows repeated failed logins, per account name and per address: each further failure doubles the
/// delay before the answer, up to a cap. Failures are forgotten after a quiet quarter hour. Pure.
class login_throttle {
 public:
  login_throttle(std::int64_t base_ms, std::int64_t max_ms) : base_ms_(base_ms), max_ms_(max_ms) {}
  void set_limits(std::int64_t base_ms, std::int64_t max_ms) {
    base_ms_ = base_ms;
    max_ms_ = max_ms;
  }
  /// Records a failure and returns how long to wait before answering it.
  std::chrono::milliseconds fail(const std::string& name_lower, const std::string& address, std::int64_t now);
  /// Failures so far for this name or address (the larger), for logging.
  int failures(const std::string& name_lower, const std::string& address, std::int64_t now) const;
  /// A successful login clears the account's count (not the address's: another account may be guessed).
  void succeed(const std::string& name_lower);

 private:
  struct entry {
    int count = 0;
    std::int64_t last = 0;
  };
  int bump(std::unordered_map<std::string, entry>& map, const std::string& key, std::int64_t now);
  static constexpr std::int64_t forget_after_seconds = 900;
  std::int64_t base_ms_;
  std::int64_t max_ms_;
  std::unordered_map<std::string, entry> by_name_;
  std::unordered_map<std::string, entry> by_address_;
};

}  // namespace dw::game
