// (c) a step into a branch that is not in memory: grown once, then after each restart the first step
// back into it from the well, and further steps once it is resident.
#include <optional>
#include <set>
#include <stdexcept>

#include "bench/play/branch_walk.hpp"
#include "bench/play/play_runs.hpp"
#include "bench/support/report.hpp"

namespace dw::bench {
namespace {

constexpr std::chrono::seconds stop_cap{60};

void stop(server_run& server) {
  if (!server.terminate(stop_cap)) {
    throw std::runtime_error("the server did not exit within 60 s of SIGTERM");
  }
}

}  // namespace

branch_bench start_branch_bench(const server_binary& binary, const play_options& o) {
  branch_bench b;
  b.server = std::make_unique<server_run>(binary, play_config());
  player p(b.server->port(), o.min_gap);
  p.create(bench_name, bench_password);  // the first account: an administrator, who may @clear
  require(p.command("down"), "The Bottom of the Well", "down from the square");
  std::string room = require(p.command("north"), "a new way opens", "north from the well");
  std::set<std::string> seen;
  std::vector<std::string> path;  // the way in from the branch's first room
  bool new_room = true;
  while (true) {
    const std::optional<std::string> at = place_of(room);
    if (!at) {
      throw std::runtime_error("not in a branch room:\n" + room);
    }
    if (new_room && seen.insert(*at).second) {
      p.command("@clear");  // monsters would block the way on
    }
    const std::optional<std::string> way = first_unexplored(room);
    if (static_cast<int>(seen.size()) < o.branch_rooms && way) {
      room = require(p.command(*way), "Exits: ", "a step deeper into the branch");
      path.push_back(*way);
      new_room = true;
      continue;
    }
    if (path.empty()) {
      break;  // back in the first room: the branch is as big as it will get
    }
    room = require(p.command(back_of(path.back())), "Exits: ", "a step back towards the well");
    path.pop_back();
    new_room = false;
  }
  b.rooms = static_cast<int>(seen.size());
  require(p.command("south"), "The Bottom of the Well", "out of the branch");
  p.quit();
  stop(*b.server);
  return b;
}

void branch_round(branch_bench& b, const play_options& o) {
  const auto asked = std::chrono::steady_clock::now();
  b.server->restart();
  b.start_s.push_back(seconds_since(asked));
  player p(b.server->port(), o.min_gap);
  p.connect(bench_name, bench_password);
  // Anything a first command pays for (statements, caches) is paid here, outside the branch.
  require(p.command("look"), "The Bottom of the Well", "logged in at the well");
  std::string reply;
  b.evicted_us.push_back(p.timed("north", &reply));
  require(reply, "make your way back into", "the step back into the branch");
  require(p.command("south"), "The Bottom of the Well", "out of the branch");
  for (int i = 0; i < o.steps_in_memory; ++i) {
    b.in_memory_us.push_back(p.timed("north", &reply));
    require(reply, "make your way back into", "a step into the resident branch");
    require(p.command("south"), "The Bottom of the Well", "out of the branch");
  }
  p.quit();
  stop(*b.server);
}

}  // namespace dw::bench
