#include "bench/load/server_probe.hpp"

#include <dirent.h>
#include <sys/resource.h>

#include <fstream>
#include <string>

#include "bench/support/report.hpp"

namespace dw::load {

namespace {

double own_cpu_seconds() {
  rusage u{};
  ::getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

/// The server's CPU seconds: its CPU-time clock where it can be read (ns), else /proc/<pid>/stat (ticks).
double server_cpu(pid_t pid) {
  const double exact = bench::process_cpu_seconds_exact(pid);
  return exact >= 0 ? exact : bench::process_cpu_seconds(pid);
}

/// The entries of /proc/<pid>/fd, -1 if it cannot be read.
int open_fds(pid_t pid) {
  const std::string path = "/proc/" + std::to_string(pid) + "/fd";
  DIR* dir = ::opendir(path.c_str());
  if (dir == nullptr) {
    return -1;
  }
  int n = 0;
  while (const dirent* e = ::readdir(dir)) {
    if (e->d_name[0] != '.') {
      ++n;
    }
  }
  ::closedir(dir);
  return n;
}

}  // namespace

server_sample server_probe::sample() const {
  if (pid <= 0) {
    return {};
  }
  return {server_cpu(pid), bench::process_rss_kib(pid), open_fds(pid)};
}

void server_probe::window_opens() {
  cpu_start = server_cpu(pid);
  own_start = own_cpu_seconds();
}

void server_probe::window_closes() {
  cpu_end = server_cpu(pid);
  own_end = own_cpu_seconds();
  rss_kib = pid > 0 ? bench::process_rss_kib(pid) : -1;
}

server_probe probe_server(int pid, const std::string& pid_file) {
  server_probe probe;
  probe.pid = pid;
  if (!pid_file.empty()) {
    std::ifstream in(pid_file);
    in >> probe.pid;
  }
  return probe;
}

}  // namespace dw::load
