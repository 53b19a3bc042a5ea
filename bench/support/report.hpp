#pragma once

// Small helpers the benchmarks that start a real server share for what they print.
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

}  // namespace dw::bench
