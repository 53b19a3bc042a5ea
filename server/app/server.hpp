#pragma once

#include <memory>

#include "server/config/settings.hpp"

namespace dw::app {

/// Command-line choices that are not settings.
struct run_options {
  std::string port_file;  ///< when set, the bound port is written here once listening (for tests)
};

/// The running server: one world thread (the io_context), a small worker pool for hashing and reads,
/// and the store's writer thread. Returns the process exit code once stopped by SIGINT/SIGTERM.
int run_server(const config::settings& settings, const run_options& options);

}  // namespace dw::app
