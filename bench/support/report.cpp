#include "bench/support/report.hpp"

#include <sys/utsname.h>

#include <cstdarg>
#include <cstdio>
#include <fstream>
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

}  // namespace dw::bench
