// Play as a player sees it, before and after: starts each given deepwell binary on a fresh data folder,
// plays over real loopback telnet and prints Markdown tables: (a) the round trip of look, say and a
// walk, (b) the server's CPU per command, (c) the first step into a branch that is not in memory
// after a restart, (d) the round trip and server CPU of a step into a new room (the step that makes
// it). The servers take turns, round by round, so a change in the machine's load falls on both. Run by
// hand; figures and commands are in BENCHMARKS.md. A command-line tool, not the server: its result is
// Markdown tables on stdout and its progress on stderr, printed directly (the servers it runs log
// through spdlog for themselves).
//
//   build/bench/play/play_bench --server <before>/build/server/deepwell --content <before>/content
//                               --server build/server/deepwell --content content
#include <CLI/CLI.hpp>

#include <csignal>
#include <cstdio>
#include <set>

#include "bench/play/play_runs.hpp"
#include "bench/support/report.hpp"

namespace dw::bench {
namespace {

/// The server measured `i`th in round `round`: the order alternates, so neither always goes first.
std::size_t turn(std::size_t i, int round, std::size_t servers) { return round % 2 == 0 ? i : servers - 1 - i; }

void progress(const char* what, int round, int rounds) {
  // Progress goes to stderr: stdout is the tables.
  std::fprintf(stderr, "%s: round %d of %d done (load %s)\n", what, round + 1, rounds, loadavg().c_str());
}

std::string ratio(double after, double before) { return before > 0 ? fmt("%.2f", after / before) : "-"; }

void commands_table(std::vector<command_bench>& benches) {
  std::printf("\n(a) round trip and (b) server CPU, per command\n\n");
  std::printf(
      "| command | server | commands | median µs | p90 µs | p99 µs | server CPU µs/command (/proc stat) | "
      "(CPU clock) | CPU clock by round, min-max |\n|---|---|---|---|---|---|---|---|---|\n");
  const auto rows = [&](const char* name, timings command_bench::*t) {
    for (std::size_t s = 0; s < benches.size(); ++s) {
      const timings& x = benches[s].*t;
      std::printf("| %s | %zu | %zu | %.0f | %.0f | %.0f | %.1f | %.1f | %.1f-%.1f |\n", name, s + 1, x.commands,
                  quantile(x.round_trip_us, 0.5), quantile(x.round_trip_us, 0.9), quantile(x.round_trip_us, 0.99),
                  x.cpu_us_per_command(), x.cpu_exact_us_per_command(), quantile(x.cpu_us_per_command_by_batch, 0),
                  maximum(x.cpu_us_per_command_by_batch));
    }
  };
  rows("look", &command_bench::look);
  rows("say hello", &command_bench::say);
  rows("down / up", &command_bench::walk);
  if (benches.size() < 2) {
    return;
  }
  std::printf(
      "\nRatios, last server / first server\n\n| command | median | p90 | p99 | server CPU (/proc stat) | "
      "(CPU clock) | CPU clock, round by round: min / median / max |\n|---|---|---|---|---|---|---|\n");
  const auto ratios = [&](const char* name, timings command_bench::*t) {
    const timings& a = benches.front().*t;
    const timings& b = benches.back().*t;
    const auto q = [&](double p) { return ratio(quantile(b.round_trip_us, p), quantile(a.round_trip_us, p)); };
    // The servers take turns within a round: a ratio per round pairs batches run under the same load.
    std::vector<double> paired;
    for (std::size_t r = 0; r < a.cpu_us_per_command_by_batch.size() && r < b.cpu_us_per_command_by_batch.size(); ++r) {
      paired.push_back(b.cpu_us_per_command_by_batch[r] / a.cpu_us_per_command_by_batch[r]);
    }
    std::printf("| %s | %s | %s | %s | %s | %s | %.2f / %.2f / %.2f |\n", name, q(0.5).c_str(), q(0.9).c_str(),
                q(0.99).c_str(), ratio(b.cpu_us_per_command(), a.cpu_us_per_command()).c_str(),
                ratio(b.cpu_exact_us_per_command(), a.cpu_exact_us_per_command()).c_str(), quantile(paired, 0),
                quantile(paired, 0.5), maximum(paired));
  };
  ratios("look", &command_bench::look);
  ratios("say hello", &command_bench::say);
  ratios("down / up", &command_bench::walk);
}

void branch_table(std::vector<branch_bench>& benches) {
  std::printf("\n(c) a step from the well into a branch, round trip\n\n");
  std::printf(
      "| server | branch rooms | restarts | not in memory: median µs | max µs | in memory: median µs | "
      "max µs | start-up median s |\n|---|---|---|---|---|---|---|---|\n");
  for (std::size_t s = 0; s < benches.size(); ++s) {
    const branch_bench& b = benches[s];
    std::printf("| %zu | %d | %zu | %.0f | %.0f | %.0f | %.0f | %.2f |\n", s + 1, b.rooms, b.evicted_us.size(),
                quantile(b.evicted_us, 0.5), maximum(b.evicted_us), quantile(b.in_memory_us, 0.5),
                maximum(b.in_memory_us), quantile(b.start_s, 0.5));
  }
  if (benches.size() < 2) {
    return;
  }
  const branch_bench& a = benches.front();
  const branch_bench& b = benches.back();
  std::printf("\nRatios, last server / first server: not in memory median %s, max %s; in memory median %s\n",
              ratio(quantile(b.evicted_us, 0.5), quantile(a.evicted_us, 0.5)).c_str(),
              ratio(maximum(b.evicted_us), maximum(a.evicted_us)).c_str(),
              ratio(quantile(b.in_memory_us, 0.5), quantile(a.in_memory_us, 0.5)).c_str());
}

void new_room_table(std::vector<new_room_bench>& benches) {
  std::printf(
      "\n(d) a step into a new room (an unexplored exit: the step makes the room), round trip and server CPU\n\n");
  std::printf(
      "| server | new rooms | branches | steps back | median µs | p90 µs | p99 µs | server CPU µs/step: median | "
      "mean | mean by round, min-max | whole rounds µs/new room |\n|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (std::size_t s = 0; s < benches.size(); ++s) {
    const new_room_bench& b = benches[s];
    const timings& x = b.steps;
    std::printf("| %zu | %zu | %d | %d | %.0f | %.0f | %.0f | %.1f | %.1f | %.1f-%.1f | %.1f |\n", s + 1, x.commands,
                b.branches, b.steps_back, quantile(x.round_trip_us, 0.5), quantile(x.round_trip_us, 0.9),
                quantile(x.round_trip_us, 0.99), quantile(b.step_cpu_us, 0.5), x.cpu_exact_us_per_command(),
                quantile(x.cpu_us_per_command_by_batch, 0), maximum(x.cpu_us_per_command_by_batch),
                x.commands > 0 ? b.round_cpu_s * 1e6 / static_cast<double>(x.commands) : 0.0);
  }
  if (benches.size() < 2) {
    return;
  }
  const new_room_bench& a = benches.front();
  const new_room_bench& b = benches.back();
  const auto q = [&](double p) {
    return ratio(quantile(b.steps.round_trip_us, p), quantile(a.steps.round_trip_us, p));
  };
  std::vector<double> paired;  // a ratio per round pairs steps made under the same load
  for (std::size_t r = 0;
       r < a.steps.cpu_us_per_command_by_batch.size() && r < b.steps.cpu_us_per_command_by_batch.size(); ++r) {
    paired.push_back(b.steps.cpu_us_per_command_by_batch[r] / a.steps.cpu_us_per_command_by_batch[r]);
  }
  std::printf(
      "\nRatios, last server / first server\n\n| step | median | p90 | p99 | server CPU median | mean | "
      "mean, round by round: min / median / max | whole rounds |\n|---|---|---|---|---|---|---|---|\n");
  std::printf("| into a new room | %s | %s | %s | %s | %s | %.2f / %.2f / %.2f | %s |\n", q(0.5).c_str(),
              q(0.9).c_str(), q(0.99).c_str(),
              ratio(quantile(b.step_cpu_us, 0.5), quantile(a.step_cpu_us, 0.5)).c_str(),
              ratio(b.steps.cpu_exact_us_per_command(), a.steps.cpu_exact_us_per_command()).c_str(),
              quantile(paired, 0), quantile(paired, 0.5), maximum(paired),
              ratio(b.round_cpu_s / static_cast<double>(b.steps.commands),
                    a.round_cpu_s / static_cast<double>(a.steps.commands))
                  .c_str());
}

}  // namespace
}  // namespace dw::bench

int main(int argc, char** argv) {
  using namespace dw::bench;
  play_options o;
  std::vector<std::string> servers;
  std::vector<std::string> contents;
  std::string only = "a,c,n";
  bool quick = false;
  bool keep_data = false;
  long min_gap_us = o.min_gap.count();
  CLI::App app{
      "Round trip and server CPU of play commands, a step into a branch not in memory and a step into a new room"};
  app.add_option("--server", servers, "a deepwell binary to measure (give two: before, then after)")->required();
  app.add_option("--content", contents, "content folder of each --server in order (one: for all)");
  app.add_option("--only", only, "a: (a) and (b); c: (c); n: (d), steps into new rooms")->capture_default_str();
  app.add_option("--rounds", o.rounds, "(a)(b) and (d) rounds")->capture_default_str();
  app.add_option("--batch", o.batch, "(a)(b) commands of each kind per server per round")->capture_default_str();
  app.add_option("--restarts", o.restarts, "(c) restarts per server")->capture_default_str();
  app.add_option("--branch-rooms", o.branch_rooms, "(c) rooms of the branch")->capture_default_str();
  app.add_option("--steps-in-memory", o.steps_in_memory, "(c) steps with the branch resident, per restart")
      ->capture_default_str();
  app.add_option("--new-rooms", o.new_rooms, "(d) rooms made per server per round")->capture_default_str();
  app.add_option("--min-gap-us", min_gap_us, "least time between two commands sent")->capture_default_str();
  app.add_flag("--keep-data", keep_data, "keep each server's data folder (names them on stderr)");
  app.add_flag("--quick", quick, "short runs (a smoke test, not figures)");
  CLI11_PARSE(app, argc, argv);
  if (contents.size() > 1 && contents.size() != servers.size()) {
    std::fprintf(stderr, "give one --content for all servers, or one per --server\n");
    return 2;
  }
  if (quick) {
    o.rounds = 2;
    o.batch = 200;
    o.warm_up = 20;
    o.restarts = 2;
    o.branch_rooms = 6;
    o.steps_in_memory = 2;
    o.new_rooms = 20;
    o.new_room_warm_up = 5;
  }
  o.min_gap = std::chrono::microseconds(min_gap_us);
  for (std::size_t i = 0; i < servers.size(); ++i) {
    server_binary b;
    b.path = servers[i];
    b.content_dir = contents.empty() ? DW_CONTENT_DIR : contents[contents.size() == 1 ? 0 : i];
    b.keep_data = keep_data;
    o.servers.push_back(b);
  }
  const std::set<char> wanted(only.begin(), only.end());
  std::signal(SIGPIPE, SIG_IGN);

  // A command-line tool: its result is the Markdown tables on stdout (the servers log for themselves).
  std::printf("machine: %s; load average at start %s\n", machine().c_str(), loadavg().c_str());
  for (std::size_t i = 0; i < o.servers.size(); ++i) {
    std::printf("server %zu: %s (content %s)\n", i + 1, o.servers[i].path.c_str(), o.servers[i].content_dir.c_str());
  }
  std::fflush(stdout);
  try {
    if (wanted.count('a') != 0) {
      std::vector<command_bench> benches;
      for (const server_binary& b : o.servers) {
        benches.push_back(start_command_bench(b, o));
      }
      for (int r = 0; r < o.rounds; ++r) {
        for (std::size_t i = 0; i < benches.size(); ++i) {
          command_round(benches[turn(i, r, benches.size())], o);
        }
        progress("(a)(b)", r, o.rounds);
      }
      commands_table(benches);
    }
    if (wanted.count('c') != 0) {
      std::vector<branch_bench> benches;
      for (const server_binary& b : o.servers) {
        benches.push_back(start_branch_bench(b, o));
      }
      for (int r = 0; r < o.restarts; ++r) {
        for (std::size_t i = 0; i < benches.size(); ++i) {
          branch_round(benches[turn(i, r, benches.size())], o);
        }
        progress("(c)", r, o.restarts);
      }
      branch_table(benches);
    }
    if (wanted.count('n') != 0) {
      std::vector<new_room_bench> benches;
      for (const server_binary& b : o.servers) {
        benches.push_back(start_new_room_bench(b, o));
      }
      for (int r = 0; r < o.rounds; ++r) {
        for (std::size_t i = 0; i < benches.size(); ++i) {
          new_room_round(benches[turn(i, r, benches.size())], o);
        }
        progress("(d)", r, o.rounds);
      }
      new_room_table(benches);
    }
  } catch (const std::exception& e) {
    std::printf("\nfailed: %s\n", e.what());
    return 1;
  }
  std::printf("\nload average at end %s\n", loadavg().c_str());
  return 0;
}
