#include "tests/support/spawn.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <stdexcept>

namespace dw::testing {

pid_t spawn_logged(const spawn_options& o) {
  std::vector<std::string> args{o.binary};
  args.insert(args.end(), o.args.begin(), o.args.end());
  std::vector<char*> argv;
  for (std::string& a : args) {
    argv.push_back(a.data());
  }
  argv.push_back(nullptr);
  std::vector<std::string> env_text = o.env;
  std::vector<char*> envp;
  for (std::string& e : env_text) {
    envp.push_back(e.data());
  }
  envp.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) {
    throw std::runtime_error("fork failed");
  }
  if (pid == 0) {
    const int fd = ::open(o.log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (fd >= 0) {
      ::dup2(fd, 1);
      ::dup2(fd, 2);
      ::close(fd);
    }
    if (o.stderr_fd >= 0) {
      ::dup2(o.stderr_fd, 2);  // dup2 clears close-on-exec on fd 2 only
    }
    if (o.stdin_fd >= 0) {
      ::dup2(o.stdin_fd, 0);
    }
    if (!o.working_dir.empty() && ::chdir(o.working_dir.c_str()) != 0) {
      ::_exit(126);
    }
    if (o.env.empty()) {
      ::execv(o.binary.c_str(), argv.data());
    } else {
      ::execve(o.binary.c_str(), argv.data(), envp.data());
    }
    ::_exit(127);
  }
  return pid;
}

}  // namespace dw::testing
