#include "tests/support/server_process.hpp"

#include "tests/support/files.hpp"
#include "tests/support/spawn.hpp"

#include <csignal>
#include <fcntl.h>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

#ifndef DW_SERVER_BINARY
#error "DW_SERVER_BINARY must name the deepwell binary"
#endif

namespace dw::testing {
namespace {

int wait_status_to_int(int status) {
  if (WIFEXITED(status)) {
    return WEXITSTATUS(status);
  }
  if (WIFSIGNALED(status)) {
    return -WTERMSIG(status);
  }
  return -1000;
}

}  // namespace

server_process::server_process(std::string extra_toml, stderr_to err, std::filesystem::path db)
    : dir_(make_temp_dir("test")), extra_toml_(std::move(extra_toml)), db_(std::move(db)), stderr_to_(err) {
  start();
}

server_process::server_process(launch_options launch)
    : dir_(make_temp_dir("test")), launch_(std::move(launch)), stderr_to_(stderr_to::file) {
  start();
}

server_process::~server_process() {
  if (pid_ > 0) {
    kill9();
  }
  if (unread_pipe_ >= 0) {
    ::close(unread_pipe_);
  }
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
}

void server_process::start() {
  const auto config = launch_.config == launch_options::config_source::file ? launch_.config_file : dir_ / "test.toml";
  if (launch_.config == launch_options::config_source::generated) {
    std::ofstream out(config);
    // Fast hashing keeps the suite quick; everything else is the real thing. A test that brings its own
    // [accounts] section (TOML allows one) sets every account key it cares about itself.
    if (extra_toml_.find("[accounts]") == std::string::npos) {
      out << "[accounts]\nhash_ops_limit = 1\nhash_memory_kib = 8192\nfailed_login_base_delay_ms = 50\n"
          << "failed_login_max_delay_ms = 400\n";
    }
    out << "[log]\ndir = \"" << (dir_ / "logs").string() << "\"\n";
    if (extra_toml_.find("[content]") == std::string::npos) {  // a test may bring its own content folder
      out << "[content]\ndir = \"" << DW_CONTENT_DIR << "\"\n";
    }
    if (extra_toml_.find("[web]") == std::string::npos) {  // the web client of the source tree
      out << "[web]\nroot = \"" << DW_WEB_DIR << "\"\n";
    }
    out << extra_toml_ << "\n";
  }
  const auto port_file = dir_ / "port";
  std::filesystem::remove(port_file);
  const auto tls_port_file = dir_ / "tls-port";  // written before port_file when TLS is on
  std::filesystem::remove(tls_port_file);
  const auto web_port_file = dir_ / "web-port";  // written before port_file when the web port is on
  std::filesystem::remove(web_port_file);
  const std::string log_path = (dir_ / "stdout.log").string();
  int pipe_write_end = -1;
  if (stderr_to_ == stderr_to::unread_pipe) {
    if (unread_pipe_ >= 0) {
      ::close(unread_pipe_);  // a restart gets a fresh, empty pipe
      unread_pipe_ = -1;
    }
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
      throw std::runtime_error("pipe failed");
    }
    unread_pipe_ = fds[0];
    pipe_write_end = fds[1];
  }
  // The command line is built before fork: the child only calls async-signal-safe functions.
  const std::string binary = launch_.binary.empty() ? std::string(DW_SERVER_BINARY) : launch_.binary.string();
  spawn_options o;
  o.binary = binary;
  if (launch_.config != launch_options::config_source::none) {
    o.args.insert(o.args.end(), {"--config", config.string()});
  }
  if (launch_.db_flag) {
    o.args.insert(o.args.end(), {"--db", db_path().string()});
  }
  o.args.insert(o.args.end(), {"--port", "0", "--host", "127.0.0.1", "--port-file", port_file.string(),
                               "--tls-port-file", tls_port_file.string(), "--web-port", "0", "--web-port-file",
                               web_port_file.string()});
  o.args.insert(o.args.end(), launch_.extra_args.begin(), launch_.extra_args.end());
  o.log_path = log_path;
  o.stderr_fd = pipe_write_end;
  o.working_dir = launch_.working_dir.string();
  pid_ = spawn_logged(o);
  if (pipe_write_end >= 0) {
    ::close(pipe_write_end);  // the server holds the only write end; the test holds the read end
  }
  const bool up = poll_until(
      [&] {
        int status = 0;
        if (::waitpid(pid_, &status, WNOHANG) == pid_) {
          pid_ = -1;
          throw std::runtime_error("deepwell exited during start-up:\n" + read_text(log_path));
        }
        const std::string text = read_text(port_file);
        return !text.empty() && text.back() == '\n';
      },
      std::chrono::seconds(60));
  if (!up) {
    throw std::runtime_error("deepwell did not start listening:\n" + read_text(log_path));
  }
  port_ = static_cast<std::uint16_t>(std::stoi(read_text(port_file)));
  const std::string tls_text = read_text(tls_port_file);
  tls_port_ = tls_text.empty() ? 0 : static_cast<std::uint16_t>(std::stoi(tls_text));
  const std::string web_text = read_text(web_port_file);
  web_port_ = web_text.empty() ? 0 : static_cast<std::uint16_t>(std::stoi(web_text));
}

int server_process::stop(std::chrono::milliseconds timeout) {
  if (pid_ <= 0) {
    return 0;
  }
  ::kill(pid_, SIGTERM);
  int status = 0;
  const bool done = poll_until([&] { return ::waitpid(pid_, &status, WNOHANG) == pid_; }, timeout);
  if (!done) {
    kill9();
    return -1000;
  }
  pid_ = -1;
  return wait_status_to_int(status);
}

void server_process::kill9() {
  if (pid_ <= 0) {
    return;
  }
  ::kill(pid_, SIGKILL);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
}

std::string server_process::log_text() const { return read_text(dir_ / "stdout.log"); }

bool server_process::wait_log(std::string_view needle, std::chrono::milliseconds timeout) const {
  return poll_until([&] { return log_text().find(needle) != std::string::npos; }, timeout);
}

std::string server_process::file_log_text() const { return read_text(dir_ / "logs" / "deepwell.log"); }

bool server_process::wait_file_log(std::string_view needle, std::chrono::milliseconds timeout) const {
  return poll_until([&] { return file_log_text().find(needle) != std::string::npos; }, timeout);
}

run_result run_deepwell(const std::vector<std::string>& args, std::chrono::milliseconds timeout,
                        const std::filesystem::path& working_dir) {
  return run_program(DW_SERVER_BINARY, args, timeout, working_dir);
}

run_result run_program(const std::filesystem::path& program, const std::vector<std::string>& args,
                       std::chrono::milliseconds timeout, const std::filesystem::path& working_dir) {
  // Built before fork: the child only calls async-signal-safe functions.
  const std::string exe = program.string();
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(exe.c_str()));
  for (const std::string& a : args) {
    argv.push_back(const_cast<char*>(a.c_str()));
  }
  argv.push_back(nullptr);
  int pipefd[2];
  if (::pipe(pipefd) != 0) {
    throw std::runtime_error("pipe failed");
  }
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(pipefd[1], 1);
    ::dup2(pipefd[1], 2);
    ::close(pipefd[0]);
    if (!working_dir.empty() && ::chdir(working_dir.c_str()) != 0) {
      ::_exit(126);
    }
    ::execv(exe.c_str(), argv.data());
    ::_exit(127);
  }
  ::close(pipefd[1]);
  ::fcntl(pipefd[0], F_SETFL, O_NONBLOCK);
  std::string output;
  int status = 0;
  bool exited = false;
  poll_until(
      [&] {
        char buf[4096];
        ssize_t n = 0;
        while ((n = ::read(pipefd[0], buf, sizeof buf)) > 0) {
          output.append(buf, static_cast<std::size_t>(n));
        }
        exited = exited || ::waitpid(pid, &status, WNOHANG) == pid;
        return exited && n == 0;
      },
      timeout);
  ::close(pipefd[0]);
  if (!exited) {
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
    return {-1000, output};
  }
  return {wait_status_to_int(status), output};
}

}  // namespace dw::testing
