// Scenarios (1) hash flood, (2) throttling and (4) shutdown under a flood: attacks on the password check.
#include <atomic>
#include <mutex>
#include <thread>

#include "bench/abuse/attackers.hpp"
#include "bench/abuse/scenarios.hpp"
#include "tests/support/telnet_client.hpp"

namespace dw::bench {
namespace {

using std::chrono::milliseconds;
using std::chrono::steady_clock;

constexpr const char* flood_address = "127.0.0.66";
constexpr const char* guesser_address = "127.0.0.68";

milliseconds ms(double seconds) { return milliseconds(static_cast<long long>(seconds * 1000)); }

/// What one guess on a fresh connection was told.
enum class answer { checked, throttled, locked, queue_full, at_the_door, got_in, timed_out, other };

answer classify(const std::string& reply) {
  if (reply.find("Wrong name or password.") != std::string::npos) {
    return answer::checked;
  }
  if (reply.find("Welcome back") != std::string::npos) {
    return answer::got_in;
  }
  if (reply.find("Too many failed logins") != std::string::npos) {
    return answer::throttled;
  }
  if (reply.find("is locked") != std::string::npos) {
    return answer::locked;
  }
  if (reply.find("being checked") != std::string::npos || reply.find("busy checking") != std::string::npos) {
    return answer::queue_full;
  }
  return answer::other;
}

/// One guess on a new connection from `source`, waiting for the answer.
std::pair<answer, std::string> guess(std::uint16_t port, const std::string& source, const std::string& account,
                                     const std::string& password) {
  try {
    dw::testing::client_options options;
    options.source_address = source;
    dw::testing::telnet_client c(port, options);
    c.expect("quit", std::chrono::seconds(30));
    c.expect("> ", std::chrono::seconds(30));
    c.send_line("connect " + account + " " + password);
    const std::string reply = c.expect("> ", std::chrono::seconds(30));
    return {classify(reply), reply};
  } catch (const std::exception& e) {
    const std::string why = e.what();
    return {why.find("Too many connections") != std::string::npos ? answer::at_the_door : answer::timed_out, why};
  }
}

}  // namespace

void hash_flood_scenario(const bench_options& o, int addresses) {
  std::vector<std::string> sources;
  for (int a = 1; a <= addresses; ++a) {
    sources.push_back(addresses == 1 ? std::string(flood_address) : "127.0.3." + std::to_string(a));
  }
  const std::string from = addresses == 1 ? std::string(flood_address) : fmt("%d addresses", addresses);
  const std::string s = addresses == 1 ? std::string("1 hash flood") : "1 hash flood from " + from;
  server_run server(o.binary, shipped_defaults());
  create_account(server.port(), "Honest", "correcthorse");
  create_account(server.port(), "Victim", "plantedsecret");
  const double honest_timeout = 20;
  const double cpu_start = server.cpu_seconds();
  const std::uint64_t checks_start = server.checks_done();

  const auto started = steady_clock::now();
  hash_flood flood(server.port(), o.flood_threads, sources, "Victim");
  std::atomic<bool> flooding{true};
  std::mutex tries_mutex;
  std::vector<login_try> during;
  // Honest logins from 127.0.0.1, one after another, for as long as the flood runs (the last may end after).
  std::thread honest([&] {
    sleep_until(started + ms(std::min(1.0, o.flood_seconds / 4)));
    while (flooding) {
      const auto r = timed_login(server.port(), "", "Honest", "correcthorse", ms(honest_timeout));
      const std::lock_guard lock(tries_mutex);
      during.push_back(r);
    }
  });
  sleep_until(started + ms(o.flood_seconds));
  flooding = false;
  flood.stop();
  const double flood_took = seconds_since(started);
  const auto stopped = steady_clock::now();
  const double cpu_stop = server.cpu_seconds();
  const std::uint64_t checks_stop = server.checks_done();

  // The login right after runs beside the watch, which keeps its own clock.
  login_try after;
  std::thread honest_after(
      [&] { after = timed_login(server.port(), "", "Honest", "correcthorse", ms(honest_timeout)); });
  sleep_until(stopped + ms(o.idle_seconds * 0.75));
  const double cpu_late = server.cpu_seconds();
  const std::uint64_t checks_late = server.checks_done();
  sleep_until(stopped + ms(o.idle_seconds));
  const double cpu_idle = server.cpu_seconds();
  const std::uint64_t checks_idle = server.checks_done();
  const std::uint64_t running = server.checks_running();
  honest.join();
  honest_after.join();

  const long sent = flood.sent();
  const std::uint64_t honest_checks = during.size() + 1;  // every honest try is one check, answered or not
  row(s, "checks counted inside the server", server.counting() ? "yes" : "NO: the check counter did not load");
  row(s, fmt("guesses sent (%d threads from %s, hanging up at once)", o.flood_threads, from.c_str()),
      fmt("%ld in %.1f s (%.0f/s); %ld connects failed", sent, flood_took, static_cast<double>(sent) / flood_took,
          flood.failed()));
  row(s, "password checks during the flood", fmt("%llu", static_cast<unsigned long long>(checks_stop - checks_start)));
  row(s, "server CPU during the flood", fmt("%.1f s", cpu_stop - cpu_start));
  row(s, "honest login during the flood", tries_text(during, honest_timeout));
  row(s, "honest login right after", tries_text({after}, honest_timeout));
  row(s, fmt("password checks in the %.0f s after", o.idle_seconds),
      fmt("%llu", static_cast<unsigned long long>(checks_idle - checks_stop)));
  row(s, fmt("server CPU in the %.0f s after", o.idle_seconds), fmt("%.1f s", cpu_idle - cpu_stop));
  const double late_seconds = o.idle_seconds * 0.25;
  const std::uint64_t late_checks = checks_idle - checks_late;
  const std::uint64_t checked = checks_idle - checks_start;
  const double unchecked =
      static_cast<double>(sent) + static_cast<double>(honest_checks) - static_cast<double>(checked);
  if (late_checks > 0) {
    // In the last stretch nothing but queued checks runs, so its CPU per check is the cost of one.
    const double cpu_per_check = (cpu_idle - cpu_late) / static_cast<double>(late_checks);
    row(s, "still checking at the end",
        fmt("yes: %llu checks (%.1f CPU-s) in the last %.0f s, %llu running; %.0f guesses unchecked, "
            "about %.0f CPU-minutes at %.0f ms CPU per check",
            static_cast<unsigned long long>(late_checks), cpu_idle - cpu_late, late_seconds,
            static_cast<unsigned long long>(running), unchecked, unchecked * cpu_per_check / 60.0,
            cpu_per_check * 1000.0));
  } else {
    row(s, "still checking at the end",
        fmt("no: %llu of %ld guesses were ever checked", static_cast<unsigned long long>(checked), sent));
  }
  row(s, "wrong-password lines in the log", fmt("%zu", server.count_in_output(wrong_password_log)));
  row(s, "refused: address already has checks waiting",
      fmt("%zu", server.count_in_output("that address already has checks waiting")));
  row(s, "refused: too many checks waiting (all addresses)",
      fmt("%zu", server.count_in_output("too many checks waiting")));
  row(s, "refused unchecked: failed-login delay", fmt("%zu", server.count_in_output("refused unchecked")));
  row(s, "refused: locked account", fmt("%zu", server.count_in_output("login for locked account")));
  row(s, "refused at the door: login screen full for the address",
      fmt("%zu", server.count_in_output("connections from that address are at the login screen")));
  row(s, "refused at the door: too many connections from the address",
      fmt("%zu", server.count_in_output("Too many connections from your address.")));
}

void throttle_scenario(const bench_options& o, std::optional<int> lockout_after, int guessers, int addresses) {
  const std::string who = guessers == 1    ? std::string("one guesser")
                          : addresses == 1 ? fmt("%d guessers at once", guessers)
                                           : fmt("%d guessers from %d addresses", guessers, addresses);
  const std::string s = "2 throttle, " + who + ", " +
                        (lockout_after ? fmt("lockout_after_failures = %d", *lockout_after) : std::string("shipped"));
  toml_config config = shipped_defaults();
  if (lockout_after) {
    config.set("accounts", "lockout_after_failures", std::to_string(*lockout_after));
  }
  server_run server(o.binary, config);
  create_account(server.port(), "Dora", "plantedsecret");
  const std::uint64_t checks_start = server.checks_done();
  std::mutex counts_mutex;
  int counts[8] = {};
  std::string other_sample;
  std::atomic<int> tries{0};
  const auto started = steady_clock::now();
  // Each guesser: a new connection per guess, and the next guess only once this one is answered.
  std::vector<std::thread> threads;
  for (int g = 0; g < guessers; ++g) {
    // One address is 127.0.0.68; more are 127.0.2.1, 127.0.2.2, ... with the guessers dealt out among them.
    const std::string source = addresses == 1 ? guesser_address : "127.0.2." + std::to_string(g % addresses + 1);
    threads.emplace_back([&, source] {
      while (seconds_since(started) < o.throttle_seconds) {
        const auto [kind, reply] = guess(server.port(), source, "Dora", "guess" + std::to_string(tries++));
        const std::lock_guard lock(counts_mutex);
        ++counts[static_cast<int>(kind)];
        if ((kind == answer::other || kind == answer::timed_out) && other_sample.empty()) {
          other_sample = one_line(reply);
        }
        if (kind == answer::at_the_door) {
          std::this_thread::sleep_for(milliseconds(50));  // no use knocking again at once
        }
      }
    });
  }
  for (std::thread& t : threads) {
    t.join();
  }
  const double minutes = seconds_since(started) / 60.0;
  const std::uint64_t checks = server.checks_done() - checks_start;
  const auto [planted, planted_reply] = guess(server.port(), guesser_address, "Dora", "plantedsecret");
  auto count = [&](answer a) { return counts[static_cast<int>(a)]; };
  row(s, "guesses sent (one connection each)", fmt("%d in %.1f s", tries.load(), minutes * 60));
  row(s, "answered \"Wrong name or password.\"",
      fmt("%d = %.0f per minute", count(answer::checked), count(answer::checked) / minutes));
  row(s, "password checks (counted inside the server)",
      fmt("%llu = %.0f per minute", static_cast<unsigned long long>(checks), static_cast<double>(checks) / minutes));
  row(s, "refused: too soon after failures / account locked / checks queue / at the door",
      fmt("%d / %d / %d / %d", count(answer::throttled), count(answer::locked), count(answer::queue_full),
          count(answer::at_the_door)));
  row(s, "other answers / timeouts",
      fmt("%d / %d%s", count(answer::other), count(answer::timed_out),
          other_sample.empty() ? "" : (" (e.g. \"" + other_sample + "\")").c_str()));
  row(s, "planted password, tried last",
      planted == answer::got_in ? "got in" : "refused: \"" + one_line(planted_reply, 100) + "\"");
}

void shutdown_scenario(const bench_options& o) {
  const std::string s = "4 SIGTERM during a flood";
  server_run server(o.binary, shipped_defaults());
  create_account(server.port(), "Victim", "plantedsecret");
  hash_flood flood(server.port(), o.flood_threads, {"127.0.0.67"}, "Victim");
  std::this_thread::sleep_for(ms(o.shutdown_flood_seconds));
  const std::uint64_t checks = server.checks_done();
  // The attackers stop when the signal is sent; they are joined after the server has gone.
  flood.signal_stop();
  const long sent = flood.sent();
  const auto took = server.terminate(ms(o.shutdown_cap_seconds));
  flood.stop();
  const std::uint64_t checked_before_exit = server.checks_done();
  row(s, fmt("guesses sent in %.0f s of flood", o.shutdown_flood_seconds),
      fmt("%ld (%llu checked by SIGTERM, %llu by exit or kill)", sent, static_cast<unsigned long long>(checks),
          static_cast<unsigned long long>(checked_before_exit)));
  row(s, "SIGTERM to exit",
      took ? fmt("%.2f s", *took) : fmt("still running after %.0f s (killed)", o.shutdown_cap_seconds));
}

}  // namespace dw::bench
