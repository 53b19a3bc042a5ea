// The metrics' text (Prometheus exposition format 0.0.4) made from a reading, and who may read it.
#include "server/app/metrics.hpp"

#include <gtest/gtest.h>

#include <array>
#include <chrono>

#include "server/app/exposition.hpp"
#include "server/config/settings.hpp"

namespace dw::app {
namespace {

using namespace std::chrono_literals;

bool has_line(const std::string& text, std::string_view line) {
  return text.find("\n" + std::string(line) + "\n") != std::string::npos || text.starts_with(std::string(line) + "\n");
}

constexpr std::array<std::int64_t, 3> bounds_ns{1'000'000, 10'000'000, 100'000'000};  // 1 ms, 10 ms, 100 ms

TEST(Exposition, WritesHelpTypeAndEscapedLabels) {
  exposition out;
  out.family("deepwell_x_total", "counter", "A line\nand a \\ backslash.");
  out.sample("deepwell_x_total", {{"kind", "a \"quoted\"\\name\n"}}, std::uint64_t{7});
  out.sample("deepwell_x_total", {}, 0.25);
  EXPECT_EQ(out.text(),
            "# HELP deepwell_x_total A line\\nand a \\\\ backslash.\n"
            "# TYPE deepwell_x_total counter\n"
            "deepwell_x_total{kind=\"a \\\"quoted\\\"\\\\name\\n\"} 7\n"
            "deepwell_x_total 0.25\n");
}

TEST(Exposition, AHistogramsBucketsAreCumulativeInSecondsWithTheirSumAndCount) {
  game::latency_histogram h(bounds_ns);
  h.record(500us);  // first bucket
  h.record(1ms);    // first bucket still: a bound is inclusive
  h.record(50ms);   // third
  h.record(2s);     // above every bound
  exposition out;
  out.histogram("deepwell_t_seconds", {"family", "talk"}, h);
  EXPECT_EQ(out.text(),
            "deepwell_t_seconds_bucket{family=\"talk\",le=\"0.001\"} 2\n"
            "deepwell_t_seconds_bucket{family=\"talk\",le=\"0.01\"} 2\n"
            "deepwell_t_seconds_bucket{family=\"talk\",le=\"0.1\"} 3\n"
            "deepwell_t_seconds_bucket{family=\"talk\",le=\"+Inf\"} 4\n"
            "deepwell_t_seconds_sum{family=\"talk\"} 2.0515\n"
            "deepwell_t_seconds_count{family=\"talk\"} 4\n");
}

TEST(MetricsText, ReportsEveryReadingUnderItsName) {
  metrics_reading r;
  r.started_at = 1'800'000'000;
  r.players = 3;
  r.connections = {2, 1, 4};
  r.traffic.output_bytes = {1000, 200, 30};
  r.traffic.mccp2_in = 1000;
  r.traffic.mccp2_out = 250;
  game::latency_histogram look(bounds_ns);
  look.record(2ms);
  r.commands.emplace_back("items", look);
  r.writer.queued = 5;
  r.writer.failed = 2;
  r.failed_reads = 1;
  r.log.queue_overruns = 9;
  r.resident_rooms = 40;
  r.password_checks_waiting = 6;
  r.process.rss_bytes = 123456;
  r.sqlite_memory_bytes = 65536;
  const std::string text = metrics_text(r);
  EXPECT_TRUE(has_line(text, "deepwell_players 3")) << text;
  EXPECT_TRUE(has_line(text, "deepwell_connections{kind=\"telnet\"} 2")) << text;
  EXPECT_TRUE(has_line(text, "deepwell_connections{kind=\"tls\"} 1")) << text;
  EXPECT_TRUE(has_line(text, "deepwell_connections{kind=\"web\"} 4")) << text;
  EXPECT_TRUE(has_line(text, "deepwell_output_bytes_total{kind=\"telnet\"} 1000")) << text;
  EXPECT_TRUE(has_line(text, "deepwell_mccp2_ratio 0.25")) << text;
  EXPECT_TRUE(has_line(text, "deepwell_command_duration_seconds_bucket{family=\"items\",le=\"0.01\"} 1")) << text;
  EXPECT_TRUE(has_line(text, "deepwell_command_duration_seconds_count{family=\"items\"} 1")) << text;
  EXPECT_TRUE(has_line(text, "deepwell_store_queue_changes 5")) << text;
  EXPECT_TRUE(has_line(text, "deepwell_storage_failures_total{operation=\"write\"} 2")) << text;
  EXPECT_TRUE(has_line(text, "deepwell_storage_failures_total{operation=\"read\"} 1")) << text;
  EXPECT_TRUE(has_line(text, "deepwell_log_lines_dropped_total{where=\"queue\"} 9")) << text;
  EXPECT_TRUE(has_line(text, "deepwell_rooms_in_memory 40")) << text;
  EXPECT_TRUE(has_line(text, "deepwell_password_checks{state=\"waiting\"} 6")) << text;
  EXPECT_TRUE(has_line(text, "deepwell_process_resident_memory_bytes 123456")) << text;
  EXPECT_TRUE(has_line(text, "deepwell_sqlite_memory_bytes 65536")) << text;
  EXPECT_TRUE(has_line(text, "deepwell_start_time_seconds 1800000000")) << text;
  EXPECT_TRUE(has_line(text, "# TYPE deepwell_store_commit_duration_seconds histogram")) << text;
}

TEST(MetricsText, TheProcessReadsItself) {
  const process_reading p = read_process();
  EXPECT_GT(p.rss_bytes, 0u);
  EXPECT_GE(p.open_fds, 3u);  // stdin, stdout, stderr at least
}

TEST(MetricsAccess, ListedAddressesMayReadOthersAndProxiesMayNot) {
  const metrics_access loopback("127.0.0.0/8, ::1");
  EXPECT_TRUE(loopback.allows("127.0.0.1", false));
  EXPECT_TRUE(loopback.allows("127.0.0.66", false));
  EXPECT_TRUE(loopback.allows("::1", false));
  EXPECT_TRUE(loopback.allows("::ffff:127.0.0.1", false)) << "IPv4 on a dual-stack socket";
  EXPECT_FALSE(loopback.allows("192.0.2.7", false));
  EXPECT_FALSE(loopback.allows("127.0.0.1", true)) << "through a proxy";
  const metrics_access prom(" 10.1.* ,192.0.2.7");
  EXPECT_TRUE(prom.allows("10.1.2.3", false));
  EXPECT_TRUE(prom.allows("192.0.2.7", false));
  EXPECT_FALSE(prom.allows("127.0.0.1", false));
  EXPECT_FALSE(metrics_access("").allows("127.0.0.1", false)) << "nobody";
}

TEST(MetricsAccess, AnEntryThatIsNoAddressNamesTheKey) {
  try {
    metrics_access bad("127.0.0.1, localhost");
    FAIL() << "accepted";
  } catch (const config::config_error& e) {
    EXPECT_EQ(e.key(), "metrics.allowed_addresses");
    EXPECT_NE(std::string(e.what()).find("'localhost' is not an IP address"), std::string::npos) << e.what();
  }
  EXPECT_THROW(metrics_access("10.0.0.0/99"), config::config_error);
}

}  // namespace
}  // namespace dw::app
