// Issue 8's attacks, measured: starts the given deepwell binary (old or new) on a fresh data folder for
// each scenario, attacks it over real loopback telnet connections, and prints one Markdown table row
// per figure. Run by hand; figures and commands are in BENCHMARKS.md.
//
//   build/bench/abuse/abuse_bench --server /work/bin-before/deepwell --old-keys
//   build/bench/abuse/abuse_bench --server build/server/deepwell
#include <CLI/CLI.hpp>

#include <csignal>
#include <cstdio>
#include <set>

#include "bench/abuse/scenarios.hpp"

int main(int argc, char** argv) {
  using namespace dw::bench;
  bench_options o;
  std::string server;
  std::string content = DW_CONTENT_DIR;
  std::string only = "1,2,3,4,5";
  bool quick = false;
  bool no_counter = false;
  CLI::App app{"Issue 8's abuse and fault scenarios against a deepwell binary"};
  app.add_option("--server", server, "the deepwell binary to measure")->required();
  app.add_flag("--old-keys", o.binary.old_keys,
               "the binary rejects keys added since (the BEFORE server): skip the runs that need them");
  app.add_option("--content", content, "content folder")->capture_default_str();
  app.add_option("--only", only, "scenarios to run, e.g. 1,3")->capture_default_str();
  app.add_flag("--no-check-counter", no_counter, "do not preload the library that counts password checks");
  app.add_flag("--keep-data", o.binary.keep_data, "keep each scenario's data folder (names them on stderr)");
  app.add_flag("--quick", quick, "short runs (a smoke test, not figures)");
  app.add_option("--threads", o.flood_threads, "(1)(4) flood threads")->capture_default_str();
  app.add_option("--flood-seconds", o.flood_seconds, "(1) flood duration")->capture_default_str();
  app.add_option("--flood-addresses", o.flood_addresses, "(1) addresses of the spread flood")->capture_default_str();
  app.add_option("--idle-seconds", o.idle_seconds, "(1) watch after the flood")->capture_default_str();
  app.add_option("--throttle-seconds", o.throttle_seconds, "(2) guessing duration")->capture_default_str();
  app.add_option("--guessers", o.parallel_guessers, "(2) guessers at once in the parallel run")->capture_default_str();
  app.add_option("--create-seconds", o.create_seconds, "(3) account creation duration")->capture_default_str();
  app.add_option("--shutdown-cap-seconds", o.shutdown_cap_seconds, "(4) give up waiting for exit after")
      ->capture_default_str();
  app.add_option("--lock-seconds", o.lock_seconds, "(5) how long the lock is held")->capture_default_str();
  CLI11_PARSE(app, argc, argv);
  if (quick) {
    o.flood_seconds = 3;
    o.idle_seconds = 4;
    o.throttle_seconds = 5;
    o.create_seconds = 3;
    o.shutdown_cap_seconds = 30;
    o.lock_seconds = 3;
  }
  o.binary.path = server;
  o.binary.content_dir = content;
  if (!no_counter) {
    o.binary.check_counter = DW_CHECK_COUNTER;
  }
  std::set<char> wanted(only.begin(), only.end());
  // A write to a connection the server has closed must fail, not end the benchmark.
  std::signal(SIGPIPE, SIG_IGN);

  // A command-line tool: its result is the Markdown table on stdout (the server under test logs for itself).
  std::fprintf(stdout, "server: %s%s\nmachine: %s; load average at start %s\n\n", server.c_str(),
               o.binary.old_keys ? " (old config keys only)" : "", machine().c_str(), loadavg().c_str());
  std::fprintf(stdout, "| scenario | figure | value |\n|---|---|---|\n");
  std::fflush(stdout);
  const auto run = [&](char id, const char* name, auto&& scenario) {
    if (wanted.count(id) == 0) {
      return;
    }
    try {
      scenario();
    } catch (const std::exception& e) {
      row(name, "failed", e.what());
    }
  };
  run('1', "1 hash flood", [&] {
    hash_flood_scenario(o, 1);
    hash_flood_scenario(o, o.flood_addresses);
  });
  run('2', "2 throttle", [&] {
    // The new server's lock-out is lifted far out of reach so the throttle alone is measured.
    const std::optional<int> throttle_only = o.binary.old_keys ? std::nullopt : std::optional<int>(1000);
    throttle_scenario(o, std::nullopt, 1, 1);
    if (throttle_only) {
      throttle_scenario(o, throttle_only, 1, 1);
    }
    // Many guesses in flight at once, up to the per-address connection limit: only the answers wait.
    throttle_scenario(o, throttle_only, o.parallel_guessers, 1);
    // The same from several addresses: the per-account delay is all that is shared.
    throttle_scenario(o, throttle_only, o.spread_guessers, o.spread_addresses);
    if (throttle_only) {
      throttle_scenario(o, std::nullopt, o.spread_guessers, o.spread_addresses);  // and with the lock-out
    }
  });
  run('3', "3 login-screen slots", [&] {
    slots_scenario(o);
    creation_scenario(o);
  });
  run('4', "4 SIGTERM during a flood", [&] { shutdown_scenario(o); });
  run('5', "5 lock held by another process", [&] { lock_scenario(o); });
  std::fprintf(stdout, "\nload average at end %s\n", loadavg().c_str());
  return 0;
}
