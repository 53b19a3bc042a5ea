#include "bench/support/server_run.hpp"

#include "bench/support/report.hpp"

#include "tests/support/spawn.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

extern char** environ;

namespace dw::bench {
namespace {

std::string quoted(const std::filesystem::path& p) { return '"' + p.string() + '"'; }

}  // namespace

void toml_config::set(const std::string& section, const std::string& key, const std::string& value) {
  sections_[section][key] = value;
}

std::string toml_config::text() const {
  std::string out;
  for (const auto& [section, keys] : sections_) {
    out += "[" + section + "]\n";
    for (const auto& [key, value] : keys) {
      out += key + " = " + value + "\n";
    }
  }
  return out;
}

toml_config shipped_defaults() {
  toml_config c;
  c.set("server", "max_line_bytes", "4096");
  c.set("server", "max_output_queue_bytes", "1048576");
  c.set("server", "max_connections", "512");
  c.set("server", "max_connections_per_address", "16");
  c.set("server", "max_commands_per_second", "20");
  c.set("server", "idle_timeout_seconds", "3600");
  c.set("accounts", "hash_ops_limit", "2");
  c.set("accounts", "hash_memory_kib", "65536");
  c.set("accounts", "failed_login_base_delay_ms", "500");
  c.set("accounts", "failed_login_max_delay_ms", "8000");
  c.set("log", "level", "\"info\"");
  // No web port: the benchmarks play over telnet, and its web root would be looked for beside bench.toml.
  c.set("web", "enabled", "false");
  return c;
}

server_run::server_run(const server_binary& binary, const toml_config& config)
    : binary_(binary), dir_(dw::testing::make_temp_dir("bench")), keep_data_(binary.keep_data) {
  db_ = dir_ / "deepwell.db";
  toml_config full = config;
  full.set("log", "dir", quoted(dir_ / "logs"));
  // The new server reads a relative path from the config file's folder: make it the working directory's.
  full.set("content", "dir", quoted(std::filesystem::absolute(binary.content_dir)));
  full.set("storage", "path", quoted(db_));
  std::ofstream(dir_ / "bench.toml") << full.text();
  if (!binary.check_counter.empty()) {
    const auto counts_path = dir_ / "check_counts";
    {
      const std::vector<char> zeros(sizeof(check_counts), 0);
      std::ofstream(counts_path, std::ios::binary).write(zeros.data(), static_cast<std::streamsize>(zeros.size()));
    }
    const int fd = ::open(counts_path.c_str(), O_RDWR | O_CLOEXEC);
    void* p = fd < 0 ? MAP_FAILED : ::mmap(nullptr, sizeof(check_counts), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (fd >= 0) {
      ::close(fd);
    }
    if (p != MAP_FAILED) {
      counts_ = static_cast<check_counts*>(p);
      preload_env_ = {"LD_PRELOAD=" + binary.check_counter.string(), "DW_BENCH_CHECK_COUNTS=" + counts_path.string()};
    }
  }
  try {
    launch();
  } catch (...) {
    unmap();
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
    throw;
  }
}

void server_run::restart() {
  if (running()) {
    throw std::logic_error("server_run::restart: the server is still running");
  }
  launch();
}

void server_run::launch() {
  const auto port_file = dir_ / "port";
  std::filesystem::remove(port_file);
  const std::string out_path = (dir_ / "stdout.log").string();
  // The environment is built before fork(): the child only calls async-signal-safe functions.
  std::vector<std::string> env_text;
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string_view entry(*e);
    if (!entry.starts_with("LD_PRELOAD=") && !entry.starts_with("DW_BENCH_CHECK_COUNTS=")) {
      env_text.emplace_back(entry);
    }
  }
  env_text.insert(env_text.end(), preload_env_.begin(), preload_env_.end());
  dw::testing::spawn_options o;
  o.binary = binary_.path.string();
  o.args = {"--config", (dir_ / "bench.toml").string(), "--db", db_.string(), "--port", "0", "--host", "127.0.0.1",
            "--port-file", port_file.string()};
  o.env = std::move(env_text);
  o.log_path = out_path;
  pid_ = dw::testing::spawn_logged(o);
  bool exited = false;
  const bool up = poll_until(
      [&] {
        int status = 0;
        if (::waitpid(pid_, &status, WNOHANG) == pid_) {
          exited = true;
          return true;
        }
        const std::string text = dw::testing::read_text(port_file);
        return !text.empty() && text.back() == '\n';
      },
      std::chrono::seconds(60));
  if (exited || !up) {
    if (!exited) {
      kill9();
    }
    pid_ = -1;
    throw std::runtime_error(binary_.path.string() + (exited ? " exited during start-up:\n" : " did not start:\n") +
                             dw::testing::read_text(out_path));
  }
  port_ = static_cast<std::uint16_t>(std::stoi(dw::testing::read_text(port_file)));
}

server_run::~server_run() {
  kill9();
  unmap();
  if (keep_data_) {
    std::fprintf(stderr, "data folder kept: %s\n", dir_.c_str());
    return;
  }
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
}

double server_run::cpu_seconds() const {
  return process_cpu_seconds(pid_);
}

double server_run::cpu_seconds_exact() const {
  return process_cpu_seconds_exact(pid_);
}

std::size_t server_run::count_in_output(std::string_view needle) {
  auto it = tallies_.find(needle);
  if (it == tallies_.end()) {
    it = tallies_.emplace(std::string(needle), tally{}).first;
  }
  tally& t = it->second;
  const std::string fresh = dw::testing::read_text(dir_ / "stdout.log", t.offset);
  std::size_t next = 0;
  for (std::size_t at = fresh.find(needle); at != std::string::npos; at = fresh.find(needle, next)) {
    ++t.count;
    next = at + needle.size();
  }
  // A needle cut in two by the end of what has been written so far is found next time.
  const std::size_t keep = needle.size() > 0 ? needle.size() - 1 : 0;
  const std::size_t tail_start = fresh.size() > keep ? fresh.size() - keep : 0;
  t.offset += std::max(next, tail_start);
  return t.count;
}

std::string server_run::output() const { return dw::testing::read_text(dir_ / "stdout.log"); }

std::optional<double> server_run::terminate(std::chrono::milliseconds cap) {
  if (pid_ <= 0) {
    return 0.0;
  }
  const auto asked = std::chrono::steady_clock::now();
  ::kill(pid_, SIGTERM);
  int status = 0;
  const bool done = poll_until([&] { return ::waitpid(pid_, &status, WNOHANG) == pid_; }, cap);
  if (!done) {
    kill9();
    return std::nullopt;
  }
  pid_ = -1;
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - asked).count();
}

void server_run::unmap() {
  if (counts_ != nullptr) {
    ::munmap(counts_, sizeof(check_counts));
    counts_ = nullptr;
  }
}

void server_run::kill9() {
  if (pid_ <= 0) {
    return;
  }
  ::kill(pid_, SIGKILL);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
}

}  // namespace dw::bench
