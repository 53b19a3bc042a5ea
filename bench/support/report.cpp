#include "bench/support/report.hpp"

#include <sys/utsname.h>
#include <unistd.h>

#include <cstdarg>
#include <ctime>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

namespace dw::bench {

std::string fmt(const char* format, ...) {
  char buf[1024];
  va_list args;
  va_start(args, format);
  std::vsnprintf(buf, sizeof buf, format, args);
  va_end(args);
  return buf;
}

std::string loadavg() {
  std::ifstream in("/proc/loadavg");
  std::string a;
  std::string b;
  std::string c;
  in >> a >> b >> c;
  return a + " " + b + " " + c;
}

std::string machine() {
  utsname host{};
  ::uname(&host);
  return fmt("%s, %u cores", host.nodename, std::thread::hardware_concurrency());
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

double process_cpu_seconds(pid_t pid) {
  if (pid <= 0) {
    return -1;
  }
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its ')'.
  const std::size_t close = stat.rfind(')');
  if (close == std::string::npos || close + 2 > stat.size()) {
    return -1;
  }
  std::istringstream fields(stat.substr(close + 2));
  std::string field;
  unsigned long long utime = 0;
  unsigned long long stime = 0;
  // Fields 3..13 come first; utime and stime are fields 14 and 15.
  for (int i = 3; i <= 15 && fields >> field; ++i) {
    if (i == 14) {
      utime = std::stoull(field);
    } else if (i == 15) {
      stime = std::stoull(field);
    }
  }
  return static_cast<double>(utime + stime) / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

double process_cpu_seconds_exact(pid_t pid) {
  clockid_t clock{};
  timespec t{};
  if (pid <= 0 || ::clock_getcpuclockid(pid, &clock) != 0 || ::clock_gettime(clock, &t) != 0) {
    return -1;
  }
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

long process_rss_kib(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmRSS:", 0) == 0) {
      return std::stol(line.substr(6));
    }
  }
  return -1;
}

}  // namespace dw::bench
