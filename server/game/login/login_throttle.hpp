#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace dw::game {

/// Slows password guessing per account name and per address, across connections: each failure
/// doubles the wait before that account, or anything from that address, may be checked again (up to a
/// cap), so reconnecting gains nothing. Failures are forgotten after a quiet quarter hour. Pure: time
/// arrives as a steady-clock reading in milliseconds.
class login_throttle {
 public:
  login_throttle(std::int64_t base_ms, std::int64_t max_ms) : base_ms_(base_ms), max_ms_(max_ms) {}
  void set_limits(std::int64_t base_ms, std::int64_t max_ms) {
    base_ms_ = base_ms;
    max_ms_ = max_ms;
  }
  /// Milliseconds until a password for `name_lower` from `address` may be checked (0: now). An empty
  /// name checks the address only.
  std::int64_t wait_ms(const std::string& name_lower, const std::string& address, std::int64_t now_ms) const;
  /// Records a failure (an empty name: an unknown account, counted against the address only) and returns
  /// the delay before answering it, which is also the wait before either may be tried again.
  std::int64_t fail(const std::string& name_lower, const std::string& address, std::int64_t now_ms);
  /// Failures so far for this name or address (the larger), for logging.
  int failures(const std::string& name_lower, const std::string& address, std::int64_t now_ms) const;
  /// A successful login clears the account's count (not the address's: another account may be guessed).
  void succeed(const std::string& name_lower);

  static constexpr std::int64_t forget_after_ms = 15 * 60 * 1000;

 private:
  struct entry {
    int count = 0;
    std::int64_t last_ms = 0;
    std::int64_t next_ms = 0;  ///< no check before this
  };
  using table = std::unordered_map<std::string, entry>;
  static const entry* live(const table& map, const std::string& key, std::int64_t now_ms);
  entry& bump(table& map, const std::string& key, std::int64_t now_ms);
  std::int64_t base_ms_;
  std::int64_t max_ms_;
  table by_name_;
  table by_address_;
};

}  // namespace dw::game

namespace dw::game {

/// Counts accounts created per address over the last hour (attempts in progress count too), so one
/// address cannot mint characters in bulk. Pure: time arrives as unix seconds.
class creation_limit {
 public:
  /// True when `address` may start another creation now, given the hourly cap.
  bool allowed(const std::string& address, std::int64_t now, std::int64_t per_hour);
  /// A creation from `address` starts (undone with forget() if it does not happen).
  void record(const std::string& address, std::int64_t now);
  /// The creation recorded at `at` did not happen after all.
  void forget(const std::string& address, std::int64_t at);

 private:
  std::unordered_map<std::string, std::vector<std::int64_t>> times_;
};

}  // namespace dw::game
