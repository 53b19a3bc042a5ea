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

/// How server_process starts the binary, for tests of start-up itself (config lookup, paths, installs).
/// The defaults are what every other test wants.
struct launch_options {
  enum class config_source {
    generated,  ///< `test.toml` in dir(): the extra TOML, cheap hashing, logs in dir()/logs, the source content
    file,       ///< `--config config_file`, as written by the test
    none,       ///< no --config at all: the binary looks for one itself
  };
  std::filesystem::path binary;  ///< empty: the deepwell built with the tests
  config_source config = config_source::generated;
  std::filesystem::path config_file;  ///< with config_source::file
  std::filesystem::path working_dir;  ///< empty: the test's own
  bool db_flag = true;                ///< pass `--db db_path()`; false leaves the database where the config says
  std::vector<std::string> extra_args;
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
  /// Starts the binary as `launch` says (always with --port 0, --host 127.0.0.1 and --port-file).
  explicit server_process(launch_options launch);
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
  /// The TLS port (0 when the server has TLS off); it is picked like port() when tls.port is 0.
  std::uint16_t tls_port() const { return tls_port_; }
  /// The web port (HTTP and WebSocket), 0 when web.enabled is false.
  std::uint16_t web_port() const { return web_port_; }
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
  launch_options launch_;
  std::string extra_toml_;
  std::filesystem::path db_;
  stderr_to stderr_to_;
  int unread_pipe_ = -1;  ///< read end of the stderr pipe in stderr_to::unread_pipe mode, held open unread
  pid_t pid_ = -1;
  std::uint16_t port_ = 0;
  std::uint16_t tls_port_ = 0;
  std::uint16_t web_port_ = 0;
};

/// Runs the binary with the given arguments to completion; returns its exit status and output.
struct run_result {
  int status;
  std::string output;
};
/// `working_dir` (empty: the test's own) is where it runs.
run_result run_deepwell(const std::vector<std::string>& args, std::chrono::milliseconds timeout,
                        const std::filesystem::path& working_dir = {});
/// The same for any program (an installed deepwell, cmake): stdout and stderr together, killed at the deadline.
run_result run_program(const std::filesystem::path& program, const std::vector<std::string>& args,
                       std::chrono::milliseconds timeout, const std::filesystem::path& working_dir = {});

}  // namespace dw::testing
