#pragma once

#include <sys/types.h>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "bench/support/check_counts.hpp"
#include "tests/support/files.hpp"

namespace dw::bench {

/// A config file built key by key, so a scenario can change one key without repeating a TOML table.
class toml_config {
 public:
  /// Sets `section.key` to `value`, written as given (quote strings yourself).
  void set(const std::string& section, const std::string& key, const std::string& value);
  std::string text() const;

 private:
  std::map<std::string, std::map<std::string, std::string>> sections_;
};

/// Which binary to run, and with what.
struct server_binary {
  std::filesystem::path path;
  std::filesystem::path content_dir;
  /// The old server refuses keys it does not know: give it only the keys it had.
  bool old_keys = false;
  /// The check counter library (check_counter.cpp) to preload, or empty to count nothing.
  std::filesystem::path check_counter;
  /// Leave each data folder (database, logs, server output) in place and name it on stderr.
  bool keep_data = false;
};

/// The shipped defaults (config/deepwell.toml) for the keys both servers know, written out so that
/// neither binary's built-in defaults matter.
toml_config shipped_defaults();

/// Runs a server binary (given at run time, unlike the tests' server_process) with a fresh data
/// folder on an ephemeral loopback port. Everything it prints goes to `stdout.log` in that folder.
/// After terminate() it can be started again on the same folder (a new port). The destructor kills
/// it if it is still running and removes the folder.
class server_run {
 public:
  server_run(const server_binary& binary, const toml_config& config);
  ~server_run();
  server_run(const server_run&) = delete;
  server_run& operator=(const server_run&) = delete;

  /// Starts the binary again on the same data folder and config, after terminate() or kill9().
  void restart();

  std::uint16_t port() const { return port_; }
  pid_t pid() const { return pid_; }
  const std::filesystem::path& db_path() const { return db_; }
  bool running() const { return pid_ > 0; }

  /// CPU seconds (user + system, every thread) the server has used so far, from utime + stime in
  /// /proc/<pid>/stat (in clock ticks, 10 ms here); -1 once it has exited.
  double cpu_seconds() const;
  /// The same to the nanosecond, from the process's CPU-time clock (clock_getcpuclockid); -1 once it
  /// has exited.
  double cpu_seconds_exact() const;
  /// Password checks the server has finished, counted inside it (0 without the check counter).
  std::uint64_t checks_done() const { return counts_ ? counts_->verify_finished.load() : 0; }
  /// Password checks begun and not yet finished.
  std::uint64_t checks_running() const {
    return counts_ ? counts_->verify_started.load() - counts_->verify_finished.load() : 0;
  }
  /// New password hashes made (one per account created).
  std::uint64_t hashes_made() const { return counts_ ? counts_->hashes_finished.load() : 0; }
  /// The check counter is loaded in the server (it has counted a hash or a check).
  bool counting() const { return counts_ != nullptr && (hashes_made() > 0 || checks_done() > 0); }

  /// How often `needle` occurs in the server's output so far (reads only what is new since the last call).
  std::size_t count_in_output(std::string_view needle);
  /// The server's output so far.
  std::string output() const;

  /// SIGTERM, then waits up to `cap` for the process to exit. Returns the seconds it took, or nothing
  /// if it was still running at the cap (it is then killed).
  std::optional<double> terminate(std::chrono::milliseconds cap);
  void kill9();

 private:
  /// Starts the process and waits for the port it bound; throws (the process gone) if it does not start.
  void launch();
  void unmap();

  server_binary binary_;
  std::filesystem::path dir_;
  bool keep_data_ = false;
  std::filesystem::path db_;
  pid_t pid_ = -1;
  std::uint16_t port_ = 0;
  check_counts* counts_ = nullptr;        ///< mapped from the file the server's check counter writes
  std::vector<std::string> preload_env_;  ///< the check counter's environment entries, if it is loaded
  struct tally {
    std::size_t offset = 0;  ///< output before here has been counted
    std::size_t count = 0;
  };
  std::map<std::string, tally, std::less<>> tallies_;
};

using dw::testing::poll_until;

}  // namespace dw::bench
