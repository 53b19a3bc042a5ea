// (d) a step into a new room: the administrator walks depth first through a branch, and every step into an
// unexplored exit (the step that makes the room) is timed, round trip and server CPU.
#include <optional>
#include <stdexcept>
#include <utility>

#include "bench/play/branch_walk.hpp"
#include "bench/play/play_runs.hpp"

namespace dw::bench {
namespace {

/// The bench's config for (d): play_config(), wanderers standing still. A wanderer steps on its own
/// timer and attacks whoever it finds, even in a cleared room: its news would arrive between two
/// commands (taken for the next one's reply) and its fight would hold the walker. Hundreds of rooms
/// take long enough to meet one; (a) to (c) never stay in a branch that long.
toml_config new_room_config() {
  toml_config c = play_config();
  c.set("game", "wander_step_ms", "0");
  return c;
}

/// `@clear` in the room the walker has just made: its monsters would block the way on, and so would a
/// rune door (an administrator's clear opens it).
void clear_here(new_room_bench& b) { require(b.who->command("@clear"), "You clear the room", "@clear in a new room"); }

/// Out of the branch (the walker stands in its first room) to the well, then into the well's passages in
/// turn until one leads into a room with an unexplored exit: a new branch (its first room made as the
/// walker enters, not timed: it is a start exit, not an unexplored one) or an old one that has gained a
/// way on in its first room. A branch never runs dry, but the exit it gains may lie off the walker's way
/// back, so a branch walked out can still be joined and have nothing left in reach of its first room.
void into_a_branch(new_room_bench& b) {
  if (!b.branch_dir.empty()) {
    require(b.who->command(back_of(b.branch_dir)), "The Bottom of the Well", "out of a walked-out branch");
    b.branch_dir.clear();
  }
  for (std::size_t tried = 0; tried < start_exits.size(); ++tried) {
    const std::string dir(start_exits[b.next_start++ % start_exits.size()]);
    const std::string room = require(b.who->command(dir), "Exits: ", "into a branch from the well");
    const std::optional<std::string> at = place_of(room);
    if (!at) {
      throw std::runtime_error("not in a branch room:\n" + room);
    }
    b.branch_dir = dir;
    b.path.clear();
    ++b.branches;
    if (b.made.insert(*at).second) {
      clear_here(b);
    }
    if (first_unexplored(room)) {
      b.room = room;
      return;
    }
    require(b.who->command(back_of(dir)), "The Bottom of the Well", "out of a branch with no way on in reach");
    b.branch_dir.clear();
  }
  throw std::runtime_error("none of the well's four passages leads into a room with an unexplored exit");
}

/// Makes `rooms` rooms; each step that made one is added to `t` (round trip, CPU) and to `cpu_us`.
void walk(new_room_bench& b, int rooms, timings& t, std::vector<double>& cpu_us) {
  int made = 0;
  while (made < rooms) {
    const std::optional<std::string> way = b.branch_dir.empty() ? std::nullopt : first_unexplored(b.room);
    if (way) {
      b.who->pace();  // (so that the CPU clock is read right before the line leaves)
      std::string reply;
      const double cpu_before = b.server->cpu_seconds_exact();
      const double us = b.who->timed(*way, &reply);
      const double cpu = b.server->cpu_seconds_exact() - cpu_before;
      require(reply, "Exits: ", "a step into an unexplored exit");
      const std::optional<std::string> at = place_of(reply);
      if (!at || !b.made.insert(*at).second) {
        throw std::runtime_error("a step into an unexplored exit made no new room:\n" + reply);
      }
      t.round_trip_us.push_back(us);
      t.server_cpu_exact_s += cpu;
      cpu_us.push_back(cpu * 1e6);
      ++made;
      b.path.push_back(*way);
      b.room = std::move(reply);
      clear_here(b);
      continue;
    }
    if (!b.path.empty()) {
      b.room = require(b.who->command(back_of(b.path.back())), "Exits: ", "a step back towards an unexplored exit");
      b.path.pop_back();
      ++b.steps_back;
      continue;
    }
    into_a_branch(b);
  }
  t.commands += static_cast<std::size_t>(made);
}

}  // namespace

new_room_bench start_new_room_bench(const server_binary& binary, const play_options& o) {
  new_room_bench b;
  b.server = std::make_unique<server_run>(binary, new_room_config());
  b.who = std::make_unique<player>(b.server->port(), o.min_gap);
  b.who->create(bench_name, bench_password);  // the first account: an administrator, who may @clear
  require(b.who->command("down"), "The Bottom of the Well", "down from the square");
  // Anything the first rooms pay for once (statements, caches, the branch) is paid here, untimed.
  timings ignored;
  std::vector<double> ignored_cpu;
  walk(b, o.new_room_warm_up, ignored, ignored_cpu);
  return b;
}

void new_room_round(new_room_bench& b, const play_options& o) {
  timings t;
  const double before = b.server->cpu_seconds_exact();
  walk(b, o.new_rooms, t, b.step_cpu_us);
  b.round_cpu_s += b.server->cpu_seconds_exact() - before;
  b.steps.add(t);
}

}  // namespace dw::bench
