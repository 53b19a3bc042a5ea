// The metrics at /metrics on the web port, from a real server: every line is valid Prometheus text (format
// 0.0.4, checked by the small parser below), the numbers move when a player logs in over telnet and plays,
// and whoever may not read them (another address, a request through a proxy, metrics off) does not.
#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>

#include "tests/support/files.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"
#include "tests/support/ws_client.hpp"

namespace {

using dw::testing::client_options;
using dw::testing::http_reply;
using dw::testing::http_request;
using dw::testing::poll_until;
using dw::testing::server_process;
using dw::testing::telnet_client;
using dw::testing::ws_client;
using namespace std::chrono_literals;

/// One scrape: each sample's value by its name and labels as written ("deepwell_connections{kind=\"web\"}").
struct scrape {
  std::map<std::string, double> samples;
  std::map<std::string, std::string> types;  ///< family name -> counter, gauge, histogram

  double at(const std::string& key) const {
    const auto it = samples.find(key);
    if (it == samples.end()) {
      throw std::runtime_error("no sample " + key);
    }
    return it->second;
  }
};

/// A line the parser cannot go on from: the test fails with it.
void need(bool ok, const std::string& where) {
  if (!ok) {
    throw std::runtime_error("not Prometheus text: " + where);
  }
}

bool valid_name(std::string_view n) {
  static const std::regex name("[a-zA-Z_:][a-zA-Z0-9_:]*");
  return std::regex_match(n.begin(), n.end(), name);
}

double number(std::string_view v) {
  if (v == "+Inf") {
    return INFINITY;
  }
  if (v == "-Inf") {
    return -INFINITY;
  }
  if (v == "NaN") {
    return NAN;
  }
  double d = 0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), d);
  if (ec != std::errc{} || end != v.data() + v.size()) {
    throw std::runtime_error("not a number: '" + std::string(v) + "'");
  }
  return d;
}

/// Reads the text exposition format line by line, failing the test at the first line that breaks it:
/// HELP then TYPE before a family's samples, names and labels well formed, values numbers, counters ending
/// _total, histograms with cumulative buckets ending at le="+Inf" equal to their _count, every name
/// beginning deepwell_, no sample family declared twice.
scrape parse(const std::string& text) {
  scrape s;
  std::string family;
  std::string type;
  std::string helped;
  std::set<std::string> seen;
  std::map<std::string, double> last_bucket;  ///< per histogram series (labels without le): the last bucket
  std::size_t from = 0;
  int line_no = 0;
  EXPECT_TRUE(!text.empty() && text.back() == '\n') << "the text ends with a line feed";
  while (from < text.size()) {
    const std::size_t end = text.find('\n', from);
    const std::string line = text.substr(from, end - from);
    from = end == std::string::npos ? text.size() : end + 1;
    ++line_no;
    const std::string where = "line " + std::to_string(line_no) + ": " + line;
    if (line.rfind("# HELP ", 0) == 0) {
      const std::string rest = line.substr(7);
      helped = rest.substr(0, rest.find(' '));
      EXPECT_TRUE(valid_name(helped)) << where;
      EXPECT_GT(rest.size(), helped.size() + 1) << "a HELP says something: " << where;
      continue;
    }
    if (line.rfind("# TYPE ", 0) == 0) {
      const std::string rest = line.substr(7);
      family = rest.substr(0, rest.find(' '));
      type = rest.substr(rest.find(' ') + 1);
      EXPECT_EQ(family, helped) << "HELP comes first: " << where;
      EXPECT_TRUE(type == "counter" || type == "gauge" || type == "histogram") << where;
      EXPECT_TRUE(seen.insert(family).second) << "declared once: " << where;
      EXPECT_EQ(family.rfind("deepwell_", 0), 0u) << where;
      if (type == "counter") {
        EXPECT_TRUE(family.ends_with("_total")) << where;
      }
      s.types[family] = type;
      continue;
    }
    need(!(line.empty() || line[0] == '#'), "no blank lines or other comments: " + where);
    // name{labels} value
    const std::size_t name_end = line.find_first_of("{ ");
    need(name_end != std::string::npos, where);
    const std::string name = line.substr(0, name_end);
    EXPECT_TRUE(valid_name(name)) << where;
    std::size_t at = name_end;
    std::string le;
    std::string series = name;  // name and labels but le
    std::string others;         // the labels but le
    if (line[at] == '{') {
      ++at;
      while (line[at] != '}') {
        const std::size_t eq = line.find("=\"", at);
        need(eq != std::string::npos, where);
        const std::string label = line.substr(at, eq - at);
        EXPECT_TRUE(valid_name(label)) << where;
        std::string value;
        at = eq + 2;
        for (; at < line.size() && line[at] != '"'; ++at) {
          if (line[at] == '\\') {
            ++at;
            need(at < line.size() && (line[at] == '\\' || line[at] == '"' || line[at] == 'n'), where);
          }
          value += line[at];
        }
        need(at < line.size(), "a label value ends: " + where);
        ++at;
        if (label == "le") {
          le = value;
        } else {
          others += label + "=" + value + ",";
        }
        need(at < line.size(), where);
        if (line[at] == ',') {
          ++at;
        } else {
          need(line[at] == '}', where);
        }
      }
      ++at;
    }
    series += "{" + others + "}";
    need(at < line.size(), where);
    need(line[at] == ' ', where);
    const double value = number(line.substr(at + 1));
    // The sample belongs to the family declared last.
    if (type == "histogram") {
      EXPECT_TRUE(name == family + "_bucket" || name == family + "_sum" || name == family + "_count") << where;
      if (name == family + "_bucket") {
        EXPECT_FALSE(le.empty()) << "a bucket has its le: " << where;
        const double bound = number(le);
        EXPECT_FALSE(std::isnan(bound)) << where;
        const auto previous = last_bucket.find(series);
        if (previous != last_bucket.end()) {
          EXPECT_GE(value, previous->second) << "buckets are cumulative: " << where;
        }
        last_bucket[series] = value;
        if (std::isinf(bound)) {
          last_bucket[series + "+Inf"] = value;
        }
      } else if (name == family + "_count") {
        const std::string bucket_series = family + "_bucket" + series.substr(name.size());
        EXPECT_EQ(last_bucket[bucket_series + "+Inf"], value) << "the +Inf bucket holds every one: " << where;
      }
    } else {
      EXPECT_EQ(name, family) << where;
      if (type == "counter") {
        EXPECT_GE(value, 0) << where;
      }
    }
    const std::string key = line.substr(0, at);
    EXPECT_FALSE(s.samples.contains(key)) << "one sample per series: " << where;
    s.samples[key] = value;
  }
  return s;
}

scrape read_metrics(std::uint16_t web_port) {
  const http_reply reply = http_request(web_port, "/metrics");
  EXPECT_EQ(reply.status, 200) << reply.body;
  EXPECT_EQ(reply.headers.at("content-type"), "text/plain; version=0.0.4; charset=utf-8");
  return parse(reply.body);
}

std::string commands_of(const std::string& family) {
  return "deepwell_command_duration_seconds_count{family=\"" + family + "\"}";
}

}  // namespace

TEST(Metrics, ValidTextWhoseNumbersMoveWhenAPlayerPlays) {
  server_process server;
  ASSERT_NE(server.web_port(), 0);
  const scrape before = read_metrics(server.web_port());
  for (const char* family : {"deepwell_players",
                             "deepwell_connections",
                             "deepwell_connections_opened_total",
                             "deepwell_output_bytes_total",
                             "deepwell_mccp2_input_bytes_total",
                             "deepwell_mccp2_output_bytes_total",
                             "deepwell_mccp2_ratio",
                             "deepwell_command_duration_seconds",
                             "deepwell_store_queue_changes",
                             "deepwell_store_batches_total",
                             "deepwell_store_changes_total",
                             "deepwell_store_commit_duration_seconds",
                             "deepwell_storage_failures_total",
                             "deepwell_log_lines_dropped_total",
                             "deepwell_branches",
                             "deepwell_branches_in_memory",
                             "deepwell_rooms_in_memory",
                             "deepwell_room_memory_bytes",
                             "deepwell_password_checks",
                             "deepwell_sqlite_memory_bytes",
                             "deepwell_process_cpu_seconds_total",
                             "deepwell_process_resident_memory_bytes",
                             "deepwell_process_open_fds",
                             "deepwell_build_info",
                             "deepwell_start_time_seconds"}) {
    EXPECT_TRUE(before.types.contains(family)) << family;
  }
  EXPECT_EQ(before.at("deepwell_players"), 0);
  EXPECT_EQ(before.at("deepwell_connections{kind=\"telnet\"}"), 0);
  EXPECT_EQ(before.at(commands_of("movement")), 0);
  EXPECT_GT(before.at("deepwell_process_cpu_seconds_total"), 0);
  EXPECT_GT(before.at("deepwell_process_resident_memory_bytes"), 1'000'000);
  EXPECT_GT(before.at("deepwell_process_open_fds"), 3);
  EXPECT_GT(before.at("deepwell_sqlite_memory_bytes"), 0);  // (the writer's connection has read the schema)
  EXPECT_EQ(before.at("deepwell_storage_failures_total{operation=\"write\"}"), 0);

  client_options compressing;
  compressing.mccp2 = true;
  telnet_client ann(server.port(), compressing);
  ann.create("Ann", "annpassword");
  ann.send_line("look");
  ann.expect("The Village Square");
  ann.send_line("say the well is deep");
  ann.expect("You say, 'the well is deep'");
  ann.send_line("xyzzy");
  ann.expect("Unknown command 'xyzzy'");
  ann.send_line("down");
  ann.expect("The Bottom of the Well");
  ann.send_line("east");
  ann.expect("[East branch ");
  ws_client web(server.web_port());
  web.expect("quit");

  scrape after = read_metrics(server.web_port());
  EXPECT_EQ(after.at("deepwell_players"), 1);
  EXPECT_EQ(after.at("deepwell_connections{kind=\"telnet\"}"), 1);
  EXPECT_EQ(after.at("deepwell_connections{kind=\"web\"}"), 1);
  EXPECT_EQ(after.at("deepwell_connections{kind=\"tls\"}"), 0);
  EXPECT_EQ(after.at("deepwell_connections_opened_total{kind=\"telnet\"}"), 1);
  EXPECT_EQ(after.at("deepwell_connections_opened_total{kind=\"web\"}"), 1);
  EXPECT_GE(after.at(commands_of("items")), 1) << "look";
  EXPECT_GE(after.at(commands_of("basic")), 1) << "say";
  EXPECT_EQ(after.at(commands_of("unknown")), 1) << "xyzzy";
  EXPECT_EQ(after.at(commands_of("movement")), 2) << "down, east";
  EXPECT_GT(after.at("deepwell_command_duration_seconds_sum{family=\"movement\"}"), 0);
  EXPECT_EQ(after.at("deepwell_command_duration_seconds_bucket{family=\"movement\",le=\"+Inf\"}"), 2);
  EXPECT_GT(after.at("deepwell_output_bytes_total{kind=\"telnet\"}"),
            before.at("deepwell_output_bytes_total{kind=\"telnet\"}") + 500);
  EXPECT_GT(after.at("deepwell_output_bytes_total{kind=\"web\"}"), 0) << "the web connection's welcome";
  EXPECT_GT(after.at("deepwell_mccp2_input_bytes_total"), 500) << "Ann's client compresses";
  EXPECT_GT(after.at("deepwell_mccp2_output_bytes_total"), 0);
  EXPECT_LT(after.at("deepwell_mccp2_ratio"), 1);
  EXPECT_GE(after.at("deepwell_branches"), 1) << "east opened a branch";
  EXPECT_GE(after.at("deepwell_rooms_in_memory"), 1);
  EXPECT_GT(after.at("deepwell_room_memory_bytes"), 0);
  EXPECT_GE(after.at("deepwell_process_cpu_seconds_total"), before.at("deepwell_process_cpu_seconds_total"));
  // The account, the character and the branch were saved: the writer's batches are counted once each has
  // been reported, which may come a moment after the reply it released.
  ASSERT_TRUE(poll_until(
      [&] {
        after = read_metrics(server.web_port());
        return after.at("deepwell_store_batches_total") > before.at("deepwell_store_batches_total") &&
               after.at("deepwell_store_commit_duration_seconds_count") == after.at("deepwell_store_batches_total") &&
               after.at("deepwell_store_queue_changes") == 0;
      },
      20s));
  EXPECT_GT(after.at("deepwell_store_changes_total"), before.at("deepwell_store_changes_total"));
  EXPECT_EQ(after.at("deepwell_storage_failures_total{operation=\"write\"}"), 0);
  EXPECT_EQ(after.at("deepwell_password_checks{state=\"waiting\"}"), 0);

  ann.send_line("quit");
  EXPECT_TRUE(ann.wait_closed());
  ASSERT_TRUE(poll_until([&] { return read_metrics(server.web_port()).at("deepwell_players") == 0; }, 20s));
  EXPECT_EQ(read_metrics(server.web_port()).at("deepwell_connections{kind=\"telnet\"}"), 0);
}

TEST(Metrics, ATlsConnectionCountsAsTlsAndItsBytesBeforeEncryption) {
  server_process server("[tls]\nenabled = true\nport = 0\n");
  ASSERT_NE(server.tls_port(), 0);
  client_options tls;
  tls.tls = true;
  telnet_client tess(server.tls_port(), tls);
  tess.create("Tess", "tesspassword");
  tess.send_line("look");
  tess.expect("The Village Square");
  const scrape s = read_metrics(server.web_port());
  EXPECT_EQ(s.at("deepwell_connections{kind=\"tls\"}"), 1);
  EXPECT_EQ(s.at("deepwell_connections{kind=\"telnet\"}"), 0);
  EXPECT_EQ(s.at("deepwell_connections_opened_total{kind=\"tls\"}"), 1);
  EXPECT_GT(s.at("deepwell_output_bytes_total{kind=\"tls\"}"), 500);
  EXPECT_EQ(s.at("deepwell_output_bytes_total{kind=\"telnet\"}"), 0);
  EXPECT_EQ(s.at("deepwell_players"), 1);
}

TEST(Metrics, OnlyTheListedAddressesMayReadThemAndNeverThroughAProxy) {
  {
    server_process server;
    const http_reply proxied = http_request(server.web_port(), "/metrics", {{"X-Forwarded-For", "203.0.113.9"}});
    EXPECT_EQ(proxied.status, 403) << "a proxy on this machine would make every visitor look local";
    EXPECT_EQ(http_request(server.web_port(), "/metrics", {{"Forwarded", "for=203.0.113.9"}}).status, 403);
    EXPECT_EQ(http_request(server.web_port(), "/metrics").status, 200) << "loopback may, by default";
    EXPECT_TRUE(server.wait_log("/metrics refused to 127.0.0.1, through a proxy"));
  }
  {
    server_process server("[metrics]\nallowed_addresses = \"192.0.2.0/24, 10.1.*\"\n");
    const http_reply refused = http_request(server.web_port(), "/metrics");
    EXPECT_EQ(refused.status, 403);
    EXPECT_NE(refused.body.find("metrics.allowed_addresses"), std::string::npos) << refused.body;
    EXPECT_TRUE(server.wait_log("/metrics refused to 127.0.0.1 (metrics.allowed_addresses)"));
  }
  {
    server_process server("[metrics]\nenabled = false\n");
    EXPECT_EQ(http_request(server.web_port(), "/metrics").status, 404);
    EXPECT_EQ(http_request(server.web_port(), "/status.json").status, 200) << "the rest of the web port is as ever";
  }
}

TEST(Metrics, AnAddressThatIsNoneStopsStartUpNamingTheKey) {
  const std::filesystem::path dir = dw::testing::make_temp_dir("metrics-config");
  const std::filesystem::path config = dir / "bad.toml";
  std::ofstream(config) << "[metrics]\nallowed_addresses = \"127.0.0.1, localhost\"\n";
  const auto result =
      dw::testing::run_deepwell({"--config", config.string(), "--db", (dir / "deepwell.db").string(), "--check"}, 60s);
  EXPECT_EQ(result.status, 2) << result.output;
  EXPECT_NE(result.output.find("metrics.allowed_addresses: 'localhost' is not an IP address"), std::string::npos)
      << result.output;
  EXPECT_FALSE(std::filesystem::exists(dir / "deepwell.db")) << "nothing was written";
  std::filesystem::remove_all(dir);
}
