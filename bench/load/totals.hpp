#pragma once

// What all clients add up to: connections, logins, errors, commands by verb and their round trips,
// over the whole run and over the measured window. Every client counts into the one `totals`, the
// driver reads it each second for the progress line, the report at the end. All of them run on the
// io_context's one thread, so these are plain counters.
#include <chrono>
#include <cstdint>
#include <map>
#include <string>

#include "bench/load/histogram.hpp"

namespace dw::load {

using clock_type = std::chrono::steady_clock;

inline std::uint64_t ns_between(clock_type::time_point a, clock_type::time_point b) {
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(b - a).count());
}

struct totals {
  int connecting = 0;
  int connected = 0;
  int logged_in = 0;
  std::uint64_t connect_errors = 0;
  std::uint64_t login_errors = 0;
  std::uint64_t other_errors = 0;
  std::uint64_t disconnects = 0;
  std::uint64_t timeouts = 0;   ///< commands that had no reply within --reply-timeout
  std::uint64_t throttled = 0;  ///< times the server said it was dropping commands (--throttle-text)
  std::uint64_t commands_all = 0;
  std::uint64_t commands_window = 0;
  std::map<std::string, std::uint64_t> sent;  ///< commands sent, by verb (steps counted as "walk")
  histogram all;
  histogram window;
  histogram login;
  clock_type::time_point window_start;
  clock_type::time_point window_end;
  bool measuring = false;
  std::uint64_t errors() const { return connect_errors + login_errors + other_errors + timeouts; }
};

}  // namespace dw::load
