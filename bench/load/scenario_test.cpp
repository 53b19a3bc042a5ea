// The explorer's way out of a branch: a session that begins lost in the dungeon finds the well over the
// rooms it has seen, however the way winds, and explores when no known way leads on.
#include "bench/load/scenario.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace dw::load {
namespace {

using grid = std::pair<int, int>;

/// A branch as the explorer meets it: each room's exits as Deepwell lists them ("west (to the well)").
struct branch_plan {
  std::map<grid, std::vector<std::string>> exits;

  std::string text(grid at) const {
    std::string out = "A low passage  [East branch 1, " + std::to_string(at.first) + "," +
                      std::to_string(at.second) + ", depth 1]\nExits: ";
    const std::vector<std::string>& list = exits.at(at);
    for (std::size_t i = 0; i < list.size(); ++i) {
      out += (i == 0 ? "" : ", ") + list[i];
    }
    return out + ".\n";
  }
};

std::optional<grid> step_from(grid at, const std::string& dir) {
  if (dir == "north") return grid{at.first, at.second + 1};
  if (dir == "south") return grid{at.first, at.second - 1};
  if (dir == "east") return grid{at.first + 1, at.second};
  if (dir == "west") return grid{at.first - 1, at.second};
  return std::nullopt;
}

/// Plays `p` from `start` in `plan` until it steps out to the well or `limit` commands have gone; returns
/// the commands it took (limit + 1 when it never got out).
int steps_to_well(player& p, const branch_plan& plan, grid start, int limit) {
  grid at = start;
  p.observe(plan.text(at));
  for (int n = 1; n <= limit; ++n) {
    const command c = p.next();
    if (c.line == "down") {  // (a session's first command: it thinks it is in the village)
      p.observe("There is no way down here.\n");
      continue;
    }
    bool moved = false;
    for (const std::string& e : plan.exits.at(at)) {
      if (e.substr(0, e.find(' ')) != c.line) {
        continue;
      }
      if (e.find("to the well") != std::string::npos) {
        return n;
      }
      at = *step_from(at, c.line);
      moved = true;
      break;
    }
    EXPECT_TRUE(moved || c.line == "look") << "at " << at.first << "," << at.second << " it typed " << c.line;
    p.observe(plan.text(at));
  }
  return limit + 1;
}

TEST(ExplorerWayOut, ALostExplorerFindsAWindingWayToTheWellPastADeadEndNearerTheWell) {
  // Logged in at (3,0). North leads nearer the well into a dead end; the way out goes south and round.
  branch_plan plan;
  plan.exits = {
      {{3, 0}, {"north", "south"}},
      {{3, 1}, {"south", "west"}},
      {{2, 1}, {"east", "west"}},
      {{1, 1}, {"east"}},
      {{3, -1}, {"north", "south"}},
      {{3, -2}, {"north", "west"}},
      {{2, -2}, {"east", "west"}},
      {{1, -2}, {"east", "north"}},
      {{1, -1}, {"south", "north"}},
      {{1, 0}, {"south", "west (to the well)"}},
  };
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    player p(scenario::explore, "lost", seed);
    const int steps = steps_to_well(p, plan, {3, 0}, 60);
    // At worst it walks the dead end and back (6 steps), then the way round (7), after its first "down".
    EXPECT_LE(steps, 14) << "seed " << seed;
    EXPECT_TRUE(p.began_inside());
  }
}

TEST(ExplorerWayOut, ThroughAOneWayExitItFindsAnotherWayHome) {
  // It came in through a one-way exit (no way back listed), so back the way it came is closed.
  branch_plan plan;
  plan.exits = {
      {{1, 0}, {"east", "west (to the well)"}},
      {{2, 0}, {"east (one-way)"}},
      {{3, 0}, {"north"}},
      {{3, 1}, {"south", "west"}},
      {{2, 1}, {"east", "west"}},
      {{1, 1}, {"east", "south"}},
  };
  player p(scenario::explore, "walker", 7);
  p.observe(plan.text({1, 0}));
  grid at{1, 0};
  for (const char* dir : {"east", "east"}) {  // walked in: (1,0) -> (2,0) -> (3,0)
    at = *step_from(at, dir);
    p.observe(plan.text(at));
  }
  p.go_home();
  // (a fresh player would type "down" first in the village: it is not there)
  p.observe("There is no way down here.\n");
  EXPECT_LE(steps_to_well(p, plan, at, 40), 12);
}

TEST(ExplorerWayOut, WithNoKnownWayOnItExplores) {
  branch_plan plan;
  plan.exits = {{{4, 4}, {"north (unexplored)"}}};
  player p(scenario::explore, "stuck", 3);
  p.observe(plan.text({4, 4}));
  p.observe("There is no way down here.\n");
  EXPECT_EQ(p.next().line, "north");
}

}  // namespace
}  // namespace dw::load
