// setup_logging's async logger: flush_logging waits for the file, shutdown_logging writes out the queue.
#include <gtest/gtest.h>

#include <spdlog/spdlog.h>
#include <stdlib.h>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "server/app/logging.hpp"

namespace {

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

struct temp_dir {
  std::filesystem::path path;
  temp_dir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "deepwell-logging-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) {
      throw std::runtime_error("mkdtemp failed");
    }
    path = pattern;
  }
  ~temp_dir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

}  // namespace

TEST(Logging, FlushWaitsForTheFileAndShutdownWritesOutTheQueue) {
  temp_dir dir;
  dw::app::setup_logging(dir.path.string(), "debug");
  const auto file = dir.path / "deepwell.log";
  // Debug lines are not flushed one by one (only info and above are): flush_logging must do it.
  for (int i = 0; i < 200; ++i) {
    spdlog::debug("debug line {}", i);
  }
  ASSERT_TRUE(dw::app::flush_logging(std::chrono::seconds(10)));
  EXPECT_NE(read_file(file).find("debug line 199"), std::string::npos);

  for (int i = 0; i < 200; ++i) {
    spdlog::debug("late line {}", i);
  }
  dw::app::shutdown_logging();
  EXPECT_NE(read_file(file).find("late line 199"), std::string::npos) << "the queue is written out at shutdown";
  spdlog::info("after shutdown");
  EXPECT_NE(read_file(file).find("after shutdown"), std::string::npos) << "later lines are written synchronously";
  EXPECT_EQ(dw::app::dropped_log_lines().queue_overruns, 0u);
}
