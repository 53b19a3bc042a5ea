// (a) round trip and (b) server CPU per command: look, say, and a walk between two fixed rooms.
#include <algorithm>
#include <cmath>

#include "bench/play/play_runs.hpp"

namespace dw::bench {

toml_config play_config() {
  toml_config c = shipped_defaults();
  // One connection sends thousands of commands a second, each only after the last one's prompt (the
  // player's min_gap keeps it under this limit); the shipped 20 would drop them.
  c.set("server", "max_commands_per_second", "10000");
  // Logging in is not measured: cheap password hashes make the restarts of (c) quick.
  c.set("accounts", "hash_ops_limit", "1");
  c.set("accounts", "hash_memory_kib", "8192");
  // Monsters met while the branch is grown are cleared at once; no fight round may interleave its
  // own output and prompt with the benchmark's commands.
  c.set("game", "fight_round_ms", "60000");
  // The shipped seed, written out; the branch stays joinable from the well for the whole run (the
  // step of (c) is "back into" it), and may grow wide enough for o.branch_rooms rooms.
  c.set("dungeon", "world_seed", "20261122");
  c.set("dungeon", "branch_join_seconds", "604800");
  c.set("dungeon", "branch_idle_collapse_seconds", "31536000");
  c.set("dungeon", "max_unexplored_exits", "64");
  return c;
}

void timings::add(const timings& batch) {
  round_trip_us.insert(round_trip_us.end(), batch.round_trip_us.begin(), batch.round_trip_us.end());
  server_cpu_s += batch.server_cpu_s;
  server_cpu_exact_s += batch.server_cpu_exact_s;
  commands += batch.commands;
  cpu_us_per_command_by_batch.push_back(batch.cpu_exact_us_per_command());
}

double quantile(std::vector<double> v, double q) {
  if (v.empty()) {
    return 0;
  }
  std::sort(v.begin(), v.end());
  const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(v.size())));
  return v[std::clamp<std::size_t>(rank, 1, v.size()) - 1];
}

double maximum(const std::vector<double>& v) { return v.empty() ? 0 : *std::max_element(v.begin(), v.end()); }

namespace {

/// Runs `count` commands (lines[i % size]) and measures each round trip and the server's CPU over all.
timings batch(command_bench& b, const std::vector<std::string>& lines, int count) {
  timings t;
  t.round_trip_us.reserve(static_cast<std::size_t>(count));
  const double cpu_before = b.server->cpu_seconds();
  const double exact_before = b.server->cpu_seconds_exact();
  for (int i = 0; i < count; ++i) {
    t.round_trip_us.push_back(b.who->timed(lines[static_cast<std::size_t>(i) % lines.size()]));
  }
  t.server_cpu_exact_s = b.server->cpu_seconds_exact() - exact_before;
  t.server_cpu_s = b.server->cpu_seconds() - cpu_before;
  t.commands = static_cast<std::size_t>(count);
  return t;
}

const std::vector<std::string> look_lines{"look"};
const std::vector<std::string> say_lines{"say hello"};
const std::vector<std::string> walk_lines{"down", "up"};  // the village square and the well below it

}  // namespace

command_bench start_command_bench(const server_binary& binary, const play_options& o) {
  command_bench b;
  b.server = std::make_unique<server_run>(binary, play_config());
  b.who = std::make_unique<player>(b.server->port(), o.min_gap);
  b.who->create(bench_name, bench_password);
  require(b.who->command("look"), "The Village Square", "a new character starts in the village square");
  require(b.who->command("down"), "The Bottom of the Well", "down from the square");
  require(b.who->command("up"), "The Village Square", "up from the well");
  require(b.who->command("say hello"), "hello", "say");
  batch(b, look_lines, o.warm_up);
  batch(b, say_lines, o.warm_up);
  batch(b, walk_lines, o.warm_up - o.warm_up % 2);
  return b;
}

void command_round(command_bench& b, const play_options& o) {
  b.look.add(batch(b, look_lines, o.batch));
  b.say.add(batch(b, say_lines, o.batch));
  b.walk.add(batch(b, walk_lines, 2 * o.batch));  // o.batch pairs: down and back up
  // Still in step: the last walk was `up`, so the character is in the square.
  require(b.who->command("look"), "The Village Square", "after a round");
}

}  // namespace dw::bench
