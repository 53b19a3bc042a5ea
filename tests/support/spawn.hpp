#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace dw::testing {

/// How to start a child process for a test or a benchmark.
struct spawn_options {
  std::string binary;
  std::vector<std::string> args;       ///< without the program name
  std::vector<std::string> env;        ///< "KEY=value"; empty: the parent's environment
  std::string log_path;                ///< stdout and stderr are appended here
  int stderr_fd = -1;                  ///< if set, stderr goes here instead of the log
  int stdin_fd = -1;                   ///< if set, stdin comes from here (a pipe the test writes)
  std::string working_dir;             ///< empty: the parent's
};

/// Forks and execs `o.binary` (everything is built before the fork; the child calls only
/// async-signal-safe functions). Returns the child's pid; throws if fork fails. A child that cannot
/// change to its working folder exits 126, one that cannot exec exits 127.
pid_t spawn_logged(const spawn_options& o);

}  // namespace dw::testing
