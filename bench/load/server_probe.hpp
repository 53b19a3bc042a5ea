#pragma once

// The server's side of the figures, sampled from outside through /proc and its CPU-time clock: its CPU
// time at both ends of the measured window and its resident memory at the end, with mudload's own
// CPU over the same window, which tells a run limited by the generator from one limited by the server.
#include <sys/types.h>

#include <string>

namespace dw::load {

/// The server as it stands: -1 where it cannot be read (no pid, or not this machine's process).
struct server_sample {
  double cpu_s = -1;
  long rss_kib = -1;
  int fds = -1;
};

/// The server's CPU seconds and memory, if it was named.
struct server_probe {
  pid_t pid = 0;
  double cpu_start = -1;  ///< CPU seconds, to the nanosecond where the clock can be read, else in ticks
  double cpu_end = -1;
  long rss_kib = -1;
  double own_start = 0;  ///< mudload's own CPU seconds at the window's ends: is the generator the limit?
  double own_end = 0;

  /// The measured window opens: CPU times read.
  void window_opens();
  /// The measured window closes: CPU times and the server's RSS (VmRSS) read.
  void window_closes();
  /// Its CPU seconds, memory and open file descriptors now (for --interval's rows).
  server_sample sample() const;
  /// The server's CPU seconds over the window; -1 if either end could not be read.
  double cpu() const { return cpu_start >= 0 && cpu_end >= 0 ? cpu_end - cpu_start : -1; }
  /// mudload's own CPU seconds over the window.
  double own() const { return own_end - own_start; }
};

/// The probe of the server --server-pid names, or --server-pid-file if it is given.
server_probe probe_server(int pid, const std::string& pid_file);

}  // namespace dw::load
