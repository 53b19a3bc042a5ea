#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "bench/support/report.hpp"
#include "bench/support/server_run.hpp"

namespace dw::bench {

/// Durations and sizes of the attacks; the defaults are those of issue 8's figures.
struct bench_options {
  server_binary binary;
  int flood_threads = 8;
  double flood_seconds = 20;          ///< (1) how long the hash flood runs
  int flood_addresses = 32;           ///< (1) addresses of the second, spread flood
  double idle_seconds = 20;           ///< (1) how long the server is watched after the flood stops
  double throttle_seconds = 60;       ///< (2) how long the reconnecting guesser guesses
  int parallel_guessers = 16;         ///< (2) guessers at once from one address (its connection limit)
  int spread_guessers = 64;           ///< (2) guessers at once from several addresses
  int spread_addresses = 16;          ///< (2) ... from this many addresses
  double create_seconds = 30;         ///< (3) how long one address creates accounts
  int create_threads = 8;             ///< (3) connections creating accounts at once from that address
  double shutdown_flood_seconds = 1;  ///< (4) flood before SIGTERM
  double shutdown_cap_seconds = 180;  ///< (4) give up (and SIGKILL) after this long
  double lock_seconds = 12;           ///< (5) how long another process holds the write lock
};

/// The benchmark's output: one Markdown table row per figure, printed as soon as it is known.
/// (A benchmark tool prints its results; this is the program's only output to stdout.)
void row(const std::string& scenario, const std::string& figure, const std::string& value);
/// "123 ms", or "no answer in 20 s".
std::string latency_text(std::optional<double> ms, double timeout_s);
/// One honest login attempt.
struct login_try {
  std::optional<double> welcomed_ms;  ///< from sending the `connect` line to the welcome
  bool timed_out = false;             ///< neither welcomed nor refused in time
  std::string told;                   ///< what a refusal said
};
/// How many tries were welcomed (median and maximum time), refused (and what they were told) or not answered.
std::string tries_text(const std::vector<login_try>& tries, double timeout_s);

/// `text` on one line (line breaks as spaces), cut after `limit` characters.
std::string one_line(std::string text, std::size_t limit = 120);

/// Logs `name` in from `source` (empty: 127.0.0.1), waiting at most `timeout` in all.
login_try timed_login(std::uint16_t port, const std::string& source, const std::string& name,
                      const std::string& password, std::chrono::milliseconds timeout);
/// Creates an account from 127.0.0.1 (throws if it fails).
void create_account(std::uint16_t port, const std::string& name, const std::string& password);

/// Sleeps until `t` (or returns at once if it has passed).
void sleep_until(std::chrono::steady_clock::time_point t);

/// (1) from one address (127.0.0.66), or from `addresses` addresses (127.0.3.x).
void hash_flood_scenario(const bench_options& o, int addresses);
/// `guessers` attackers at once from `addresses` addresses, each waiting for its own answer before its
/// next guess, each guess on a new connection.
void throttle_scenario(const bench_options& o, std::optional<int> lockout_after, int guessers, int addresses);
void shutdown_scenario(const bench_options& o);
void slots_scenario(const bench_options& o);
void creation_scenario(const bench_options& o);
void lock_scenario(const bench_options& o);

/// Log text both servers print for one password check that found a wrong password.
inline constexpr const char* wrong_password_log = "failed login: wrong password for";

}  // namespace dw::bench
