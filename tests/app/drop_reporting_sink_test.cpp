// The fan-out sink that says, now and then, how many log lines were dropped.
#include <gtest/gtest.h>

#include <spdlog/logger.h>
#include <spdlog/sinks/ostream_sink.h>
#include <sstream>

#include "server/app/drop_reporting_sink.hpp"

using dw::app::drop_reporting_sink;
using dw::app::log_drops;

namespace {

struct harness {
  std::ostringstream first_text;
  std::ostringstream second_text;
  log_drops drops;
  std::shared_ptr<drop_reporting_sink> sink;
  std::shared_ptr<spdlog::logger> logger;

  explicit harness(std::chrono::steady_clock::duration interval) {
    auto first = std::make_shared<spdlog::sinks::ostream_sink_st>(first_text);
    auto second = std::make_shared<spdlog::sinks::ostream_sink_st>(second_text);
    sink = std::make_shared<drop_reporting_sink>(
        std::vector<spdlog::sink_ptr>{first, second}, [this] { return drops; }, interval);
    logger = std::make_shared<spdlog::logger>("test", sink);
    logger->set_pattern("%l %v");
  }
};

}  // namespace

TEST(DropReportingSink, PassesLinesToEverySink) {
  harness h(std::chrono::seconds(0));
  h.logger->info("hello");
  EXPECT_EQ(h.first_text.str(), "info hello\n");
  EXPECT_EQ(h.second_text.str(), "info hello\n");
}

TEST(DropReportingSink, ReportsNewDropsBeforeTheNextLineToEverySink) {
  harness h(std::chrono::seconds(0));
  h.logger->info("one");
  h.drops.queue_overruns = 3;
  h.drops.console_dropped = 1;
  h.logger->info("two");
  const std::string expected =
      "info one\n"
      "warning logging fell behind: 3 log lines lost (the log queue was full); 1 log line not written to stderr "
      "(nobody was reading it)\n"
      "info two\n";
  EXPECT_EQ(h.first_text.str(), expected);
  EXPECT_EQ(h.second_text.str(), expected);

  // Only what is new since the last report is reported.
  h.drops.console_dropped = 5;
  h.logger->info("three");
  EXPECT_NE(h.first_text.str().find("fell behind: 4 log lines not written to stderr"), std::string::npos)
      << h.first_text.str();
}

TEST(DropReportingSink, ReportsAtMostOncePerIntervalButAlwaysWhenAskedToAtTheEnd) {
  harness h(std::chrono::hours(1));
  h.drops.console_dropped = 1;
  h.logger->info("a");
  h.drops.console_dropped = 7;
  h.logger->info("b");
  h.logger->info("c");
  const std::string text = h.first_text.str();
  EXPECT_NE(text.find("fell behind: 1 log line not written"), std::string::npos) << text;
  EXPECT_EQ(text.find("6 log lines"), std::string::npos) << "the second report waits for the interval: " << text;
  h.sink->report_now();
  EXPECT_NE(h.first_text.str().find("fell behind: 6 log lines not written"), std::string::npos) << h.first_text.str();
  h.sink->report_now();
  EXPECT_EQ(h.first_text.str().find("fell behind", h.first_text.str().find("6 log lines")), std::string::npos)
      << "nothing new, nothing said";
}
