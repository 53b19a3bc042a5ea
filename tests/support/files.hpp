#pragma once

// Small helpers the integration tests and the benchmarks that start a real server share: a private
// temporary folder, reading a file back, and polling for something another process does.
#include <stdlib.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>

namespace dw::testing {

/// A fresh private folder "deepwell-<name>-XXXXXX" under the system temp folder (the caller removes it).
inline std::filesystem::path make_temp_dir(const std::string& name) {
  std::string pattern = (std::filesystem::temp_directory_path() / ("deepwell-" + name + "-XXXXXX")).string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    throw std::runtime_error("mkdtemp failed for " + pattern);
  }
  return pattern;
}

/// The file's bytes from offset `from` on ("" when it cannot be read).
inline std::string read_text(const std::filesystem::path& p, std::size_t from = 0) {
  std::ifstream in(p, std::ios::binary);
  if (from > 0) {
    in.seekg(static_cast<std::streamoff>(from));
  }
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// Polls `ready` every few milliseconds until it holds or the deadline passes: a wait for another
/// process, with a deadline, not a sleep-and-hope.
template <typename F>
bool poll_until(F ready, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!ready()) {
    if (std::chrono::steady_clock::now() >= deadline) {
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

}  // namespace dw::testing
