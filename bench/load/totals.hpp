#pragma once

// What all clients add up to: connections, logins, errors, commands by verb and their round trips,
// over the whole run and over the measured window. Every client counts into the one `totals`, the
// driver reads it each second for the progress line, the report at the end. All of them run on the
// io_context's one thread, so these are plain counters.
#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "bench/load/histogram.hpp"

namespace dw::load {

using clock_type = std::chrono::steady_clock;

inline std::uint64_t ns_between(clock_type::time_point a, clock_type::time_point b) {
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(b - a).count());
}

/// One --interval of the measured window: its round trips, and the server as it stood at its end.
struct interval_row {
  double end_s = 0;  ///< seconds from the window's start
  std::uint64_t commands = 0;
  histogram rtt;
  long rss_kib = -1;  ///< the server's VmRSS at the end
  int fds = -1;       ///< the server's open file descriptors at the end
  double cpu_s = -1;  ///< the server's CPU seconds over the interval
  int logged_in = 0;
  std::uint64_t errors = 0;  ///< errors of the whole run so far
  std::uint64_t quits = 0;   ///< quits of the whole run so far
};

struct totals {
  int connecting = 0;
  int connected = 0;
  int logged_in = 0;
  std::uint64_t connect_errors = 0;
  std::uint64_t login_errors = 0;
  std::uint64_t other_errors = 0;
  std::uint64_t disconnects = 0;
  std::uint64_t timeouts = 0;    ///< commands that had no reply within --reply-timeout
  std::uint64_t throttled = 0;   ///< times the server said it was dropping commands (--throttle-text)
  std::uint64_t quits = 0;       ///< clients that quit to log in again (--session-commands)
  std::uint64_t reconnects = 0;  ///< of those, the ones logged in again
  std::uint64_t lost = 0;        ///< explorers that quit in the dungeon, not finding the way back in 400 steps
  std::uint64_t began_inside = 0;  ///< explorers' sessions that began in the dungeon (quit there last time)
  std::uint64_t found_way_out = 0; ///< of them, those that reached the well before quitting
  std::uint64_t commands_all = 0;
  std::uint64_t commands_window = 0;
  std::uint64_t commands_interval = 0;
  std::map<std::string, std::uint64_t> sent;  ///< commands sent, by verb (steps counted as "walk")
  histogram all;
  histogram window;
  histogram interval;  ///< the current --interval's round trips
  std::vector<interval_row> rows;
  histogram login;
  clock_type::time_point window_start;
  clock_type::time_point window_end;
  bool measuring = false;
  std::uint64_t errors() const { return connect_errors + login_errors + other_errors + timeouts; }
};

}  // namespace dw::load
