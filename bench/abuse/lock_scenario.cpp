// Scenario (5): another process holds the database's write lock while two players play.
#include <sqlite3.h>

#include <cstdio>
#include <thread>

#include "bench/abuse/scenarios.hpp"
#include "tests/support/sqlite_lock.hpp"
#include "tests/support/telnet_client.hpp"

namespace dw::bench {
namespace {

using std::chrono::milliseconds;
using std::chrono::steady_clock;


}  // namespace

void lock_scenario(const bench_options& o) {
  const std::string s = "5 lock held by another process";
  server_run server(o.binary, shipped_defaults());
  dw::testing::telnet_client mover(server.port());
  mover.create("Ann", "password123");
  dw::testing::telnet_client bystander(server.port());
  bystander.create("Bob", "password123");
  bystander.send_line("down");
  bystander.expect("hp] > ");
  bystander.send_line("east");
  bystander.expect("hp] > ");
  // The mover has been told of Bob's comings and goings: read that now, so only answers to the move remain.
  mover.send_line("look");
  mover.expect("The Village Square");
  mover.expect("hp] > ");

  dw::testing::sqlite_lock_holder lock(server.db_path());
  if (!lock.held(std::chrono::seconds(10))) {
    row(s, "lock", "could not take the lock with the sqlite3 tool");
    return;
  }
  const auto locked_at = steady_clock::now();
  const std::size_t log_before = server.output().size();
  // Released on its own clock, whoever is still waiting for an answer.
  std::thread releaser([&] {
    sleep_until(locked_at + milliseconds(static_cast<long long>(o.lock_seconds * 1000)));
    lock.release();
  });
  mover.send_line("down");
  const auto asked = steady_clock::now();
  bystander.send_line("look");
  std::optional<double> look_ms;
  try {
    bystander.expect("hp] > ", milliseconds(static_cast<long long>((o.lock_seconds + 20) * 1000)));
    look_ms = seconds_since(asked) * 1000;
  } catch (const std::exception&) {
  }
  // Everything the mover is told, line by line, until a few seconds after the lock ends; lines that
  // arrive within 100 ms of each other are one answer.
  std::vector<std::pair<double, std::string>> told;
  const auto listen_until = locked_at + milliseconds(static_cast<long long>((o.lock_seconds + 5) * 1000));
  while (steady_clock::now() < listen_until) {
    try {
      const auto left = std::chrono::duration_cast<milliseconds>(listen_until - steady_clock::now());
      const std::string text = mover.expect("\n", std::max(left, milliseconds(1)));
      const double at = seconds_since(asked);
      if (!told.empty() && at - told.back().first < 0.1) {
        told.back().second += text;
      } else {
        told.emplace_back(at, text);
      }
    } catch (const std::exception&) {
      break;
    }
  }
  releaser.join();
  row(s, fmt("uninvolved player's look (lock held %.0f s)", o.lock_seconds),
      latency_text(look_ms, o.lock_seconds + 20));
  if (told.empty()) {
    row(s, "mover told", fmt("nothing within %.0f s", o.lock_seconds + 5));
  }
  for (const auto& [at, text] : told) {
    const bool moved = text.find("Bottom of the Well") != std::string::npos;
    row(s, fmt("mover told after %.2f s%s", at, moved ? " (the move happened)" : ""),
        '"' + one_line(text, 150) + "\"");
  }
  // What the server itself said about it (warnings and errors), in the order it said them.
  const std::string log = server.output().substr(log_before);
  int shown = 0;
  for (std::size_t at = 0; at < log.size() && shown < 4;) {
    const std::size_t end = std::min(log.find('\n', at), log.size());
    const std::string line = log.substr(at, end - at);
    if (line.find("[warning]") != std::string::npos || line.find("[error]") != std::string::npos) {
      // The timestamp is the first 25 characters; the message follows the level.
      row(s, fmt("server log, warning or error %d", ++shown),
          '"' + one_line(line.substr(std::min<std::size_t>(line.size(), 12)), 200) + "\"");
    }
    at = end + 1;
  }
}

}  // namespace dw::bench
