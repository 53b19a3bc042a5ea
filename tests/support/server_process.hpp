#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <sys/types.h>
#include <vector>

namespace dw::testing {

/// Where the server's stderr goes.
enum class stderr_to {
  file,         ///< `stdout.log` in the data folder, with stdout (what log_text() reads)
  unread_pipe,  ///< a pipe the test holds open and never reads: it fills up, as under a stuck supervisor
};

/// Runs the real `deepwell` binary on an ephemeral loopback port with its own data folder.
/// The folder survives restart() so tests can check persistence; it is removed by the destructor.
class server_process {
 public:
  /// `extra_toml` is appended to the generated config file (e.g. "[server]\nidle_timeout_seconds = 60\n").
  /// Without an [accounts] section of its own, hashing is made cheap and failed-login delays short.
  /// `db` puts the database elsewhere (a small tmpfs, say); by default it lives in the data folder.
  explicit server_process(std::string extra_toml = {}, stderr_to err = stderr_to::file,
                          std::filesystem::path db = {});
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
  std::filesystem::path db_path() const { return db_.empty() ? dir_ / "deepwell.db" : db_; }
  /// The server's log file so far (for diagnostics and log assertions).
  std::string log_text() const;
  /// Waits until the log contains `needle`.
  bool wait_log(std::string_view needle, std::chrono::milliseconds timeout = std::chrono::seconds(20)) const;
  /// The server's own rotating log file, `logs/deepwell.log` (written even when stderr is not).
  std::string file_log_text() const;
  /// Waits until the log file contains `needle`.
  bool wait_file_log(std::string_view needle, std::chrono::milliseconds timeout = std::chrono::seconds(20)) const;

 private:
  std::filesystem::path dir_;
  std::string extra_toml_;
  std::filesystem::path db_;
  stderr_to stderr_to_;
  int unread_pipe_ = -1;  ///< read end of the stderr pipe in stderr_to::unread_pipe mode, held open unread
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
