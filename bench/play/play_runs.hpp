#pragma once

#include <chrono>
#include <cstddef>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "bench/play/player.hpp"
#include "bench/support/server_run.hpp"

namespace dw::bench {

struct play_options {
  std::vector<server_binary> servers;  ///< measured in turn, pair by pair (the first is "before")
  int rounds = 6;                      ///< (a)(b) rounds; each runs every server's batches once
  int batch = 20000;                   ///< (a)(b) commands of each kind per server per round
  int warm_up = 200;                   ///< (a)(b) untimed commands of each kind before the first round
  int restarts = 20;                   ///< (c) restarts per server
  int branch_rooms = 30;               ///< (c) rooms the branch is grown to
  int steps_in_memory = 5;             ///< (c) steps into the branch once it is in memory, per restart
  int new_rooms = 200;                 ///< (d) steps that make a room, per server per round (o.rounds rounds)
  int new_room_warm_up = 20;           ///< (d) rooms made untimed before the first round
  std::chrono::microseconds min_gap{120};
};

/// The config both servers are started with: the shipped defaults for everything that matters to
/// play, plus what a long, fast, single-player run needs (see play_config() in command_runs.cpp).
toml_config play_config();

/// Round trips in microseconds, and server CPU over the same commands.
struct timings {
  std::vector<double> round_trip_us;
  double server_cpu_s = 0;        ///< utime + stime from /proc/<pid>/stat (clock ticks)
  double server_cpu_exact_s = 0;  ///< the process's CPU-time clock (nanoseconds)
  std::size_t commands = 0;
  std::vector<double> cpu_us_per_command_by_batch;  ///< (exact) one per batch: how much the rounds differ
  void add(const timings& batch);
  double cpu_us_per_command() const { return server_cpu_s * 1e6 / static_cast<double>(commands); }
  double cpu_exact_us_per_command() const { return server_cpu_exact_s * 1e6 / static_cast<double>(commands); }
};

/// The nearest-rank quantile q (0.5 = median) of `v` (sorted here).
double quantile(std::vector<double> v, double q);
double maximum(const std::vector<double>& v);

/// (a)(b): one running server with one character in the village square.
struct command_bench {
  std::unique_ptr<server_run> server;
  std::unique_ptr<player> who;
  timings look;
  timings say;
  timings walk;  ///< down (square to well) and up (well to square), each a sample
};
/// Starts the server, creates the character and warms up.
command_bench start_command_bench(const server_binary& binary, const play_options& o);
/// One batch of each command kind.
void command_round(command_bench& b, const play_options& o);

/// (c): a server with a branch of rooms, restarted for every round.
struct branch_bench {
  std::unique_ptr<server_run> server;
  int rooms = 0;                     ///< rooms of the branch that was grown
  std::vector<double> evicted_us;    ///< the first step into the branch after a restart
  std::vector<double> in_memory_us;  ///< later steps into it, the branch resident
  std::vector<double> start_s;       ///< restart: start-up until the port is open
};
/// Starts the server, grows a branch of o.branch_rooms rooms north of the well (clearing each room),
/// walks back to the well and stops the server (SIGTERM).
branch_bench start_branch_bench(const server_binary& binary, const play_options& o);
/// Starts the server again on the same data, logs in at the well, times the step into the branch (not
/// in memory) and then o.steps_in_memory more steps (in memory), and stops the server again.
void branch_round(branch_bench& b, const play_options& o);

/// (d): a server in which the administrator walks into rooms that do not exist yet, depth first through
/// a branch: each step into an unexplored exit makes a room (timed), then, untimed, `@clear` there (its
/// monsters would block the way on), steps back while the room has no unexplored exit, and out to the
/// well and into the next of its passages when the branch's first room has none either.
struct new_room_bench {
  std::unique_ptr<server_run> server;
  std::unique_ptr<player> who;
  /// The steps that made a room: round trips, and server CPU (the process's CPU-time clock, read just
  /// before the line is sent and just after its reply) summed over them, by round.
  timings steps;
  std::vector<double> step_cpu_us;  ///< the same CPU, step by step
  double round_cpu_s = 0;           ///< CPU clock over whole rounds: steps, @clear, the ways back
  int branches = 0;                 ///< branches walked into from the well
  int steps_back = 0;               ///< untimed steps back towards an unexplored exit

  // Where the walker is (kept from round to round: it walks on where it stopped).
  std::string room;               ///< the text of the room it stands in, as last shown
  std::string branch_dir;         ///< the well's passage into its branch; empty at the well
  std::vector<std::string> path;  ///< the way in from the branch's first room
  std::set<std::string> made;     ///< place_of() every room it made
  std::size_t next_start = 0;     ///< the well's passage to take next (start_exits)
};
/// Starts the server, creates the character (the first account: an administrator, who may @clear), goes
/// down to the well, into a branch, and makes o.new_room_warm_up rooms untimed.
new_room_bench start_new_room_bench(const server_binary& binary, const play_options& o);
/// Makes o.new_rooms rooms, each step that made one timed.
void new_room_round(new_room_bench& b, const play_options& o);

inline constexpr const char* bench_name = "Bench";
inline constexpr const char* bench_password = "bench-password";

}  // namespace dw::bench
