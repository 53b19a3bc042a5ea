#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <sys/types.h>
#include <vector>

namespace dw::testing {

/// Runs the real `deepwell` binary on an ephemeral loopback port with its own data folder.
/// The folder survives restart() so tests can check persistence; it is removed by the destructor.
class server_process {
 public:
  /// `extra_toml` is appended to the generated config file (e.g. "[server]\nidle_timeout_seconds = 60\n").
  explicit server_process(std::string extra_toml = {});
  ~server_process();
  server_process(const server_process&) = delete;
  server_process& operator=(const server_process&) = delete;

  void start();
  /// SIGTERM, then waits for exit; returns the exit status (or -signal).
  int stop(std::chrono::milliseconds timeout = std::chrono::seconds(20));
  /// SIGKILL: no chance to save anything.
  void kill9();
  void restart() {
    stop();
    start();
  }
  std::uint16_t port() const { return port_; }
  pid_t pid() const { return pid_; }
  const std::filesystem::path& dir() const { return dir_; }
  std::filesystem::path db_path() const { return dir_ / "deepwell.db"; }
  /// The server's log file so far (for diagnostics and log assertions).
  std::string log_text() const;
  /// Waits until the log contains `needle`.
  bool wait_log(std::string_view needle, std::chrono::milliseconds timeout = std::chrono::seconds(20)) const;

 private:
  std::filesystem::path dir_;
  std::string extra_toml_;
  pid_t pid_ = -1;
  std::uint16_t port_ = 0;
};

/// Runs the binary with the given arguments to completion; returns its exit status and output.
struct run_result {
  int status;
  std::string output;
};
run_result run_deepwell(const std::vector<std::string>& args, std::chrono::milliseconds timeout);

}  // namespace dw::testing
