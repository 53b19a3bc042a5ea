#pragma once

// Small helpers the benchmarks that start a real server share for what they print.
#include <sys/types.h>

#include <chrono>
#include <string>

namespace dw::bench {

/// printf-style formatting into a string.
std::string fmt(const char* format, ...) __attribute__((format(printf, 1, 2)));
/// The three load averages from /proc/loadavg ("2.43 2.47 2.06").
std::string loadavg();
/// "<host name>, <n> cores": the machine a run was made on.
std::string machine();
double seconds_since(std::chrono::steady_clock::time_point t);
/// CPU seconds (user + system, every thread) process `pid` has used so far, from utime + stime in
/// /proc/<pid>/stat (in clock ticks, 10 ms here); -1 if there is no such process.
double process_cpu_seconds(pid_t pid);
/// The same to the nanosecond, from the process's CPU-time clock (clock_getcpuclockid); -1 if there is
/// no such process or its clock cannot be read.
double process_cpu_seconds_exact(pid_t pid);
/// Resident memory of process `pid` in KiB (VmRSS in /proc/<pid>/status); -1 if there is no such process.
long process_rss_kib(pid_t pid);

}  // namespace dw::bench
