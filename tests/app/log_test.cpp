// server/log/log.hpp: the server's log calls format through fmt and reach spdlog's default logger as
// spdlog's own calls did; a message below the level is never formatted.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <memory>
#include <sstream>
#include <string>

#include "server/log/log.hpp"

namespace {

/// Counts how often it is formatted.
struct counted {
  int* formatted;
};

/// The default logger replaced by one that writes "level: message" lines to a string, for one test.
class captured_log {
 public:
  captured_log() : previous_(spdlog::default_logger()) {
    auto sink = std::make_shared<spdlog::sinks::ostream_sink_st>(text_);
    sink->set_pattern("%l: %v");
    auto logger = std::make_shared<spdlog::logger>("test", sink);
    logger->set_level(spdlog::level::info);
    spdlog::set_default_logger(logger);
  }
  ~captured_log() { spdlog::set_default_logger(previous_); }
  captured_log(const captured_log&) = delete;
  captured_log& operator=(const captured_log&) = delete;
  std::string text() const { return text_.str(); }

 private:
  std::shared_ptr<spdlog::logger> previous_;
  std::ostringstream text_;
};

}  // namespace

template <>
struct fmt::formatter<counted> : fmt::formatter<int> {
  auto format(const counted& c, fmt::format_context& ctx) const {
    ++*c.formatted;
    return fmt::formatter<int>::format(*c.formatted, ctx);
  }
};

TEST(Log, MessagesReachTheDefaultLoggerFormattedAtTheirLevel) {
  captured_log log;
  dw::log::info("connection {} from {} closed", 42, std::string("127.0.0.1"));
  dw::log::warn("line of {} bytes cut", 9000);
  dw::log::error("hot reboot failed: {}", "exec");
  dw::log::critical("no {} here", "braces {} kept");
  EXPECT_EQ(log.text(),
            "info: connection 42 from 127.0.0.1 closed\n"
            "warning: line of 9000 bytes cut\n"
            "error: hot reboot failed: exec\n"
            "critical: no braces {} kept here\n");
}

TEST(Log, AMessageBelowTheLevelIsNeitherWrittenNorFormatted) {
  captured_log log;
  int formatted = 0;
  dw::log::debug("a round: {}", counted{&formatted});
  dw::log::trace("a byte: {}", counted{&formatted});
  EXPECT_EQ(formatted, 0);
  EXPECT_EQ(log.text(), "");
  dw::log::info("a fight: {}", counted{&formatted});
  EXPECT_EQ(formatted, 1);
  EXPECT_EQ(log.text(), "info: a fight: 1\n");
}

TEST(Log, SetLevelTakesTheConfigurationsNames) {
  captured_log log;
  dw::log::set_level("warn");
  EXPECT_FALSE(dw::log::enabled(dw::log::level::info));
  EXPECT_TRUE(dw::log::enabled(dw::log::level::warn));
  dw::log::set_level("debug");
  EXPECT_TRUE(dw::log::enabled(dw::log::level::debug));
  dw::log::info("shown");
  EXPECT_EQ(log.text(), "info: shown\n");
}
