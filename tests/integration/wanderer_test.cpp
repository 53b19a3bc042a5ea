// Wanderers: monsters that roam a branch's explored rooms on a timer, are seen in room text and GMCP,
// start fights in rooms already cleared, die for good, and vanish with their branch.
#include <chrono>
#include <regex>
#include <thread>

#include "admin_support.hpp"

namespace dw::testing::admin_flow {
namespace {

/// Wanderers stand still until a test lets them loose (game.wander_step_ms 200); fight rounds are slow
/// (5 s) until a test speeds them up (game.fight_round_ms 100), so a wanderer that finds Ann cannot die
/// between two looks at @stat; a character who cannot lose.
std::string wander_config() {
  return "[game]\nwander_step_ms = 0\nfight_round_ms = 5000\ncharacter_max_hp = 100000\n"
         "[server]\nmax_commands_per_second = 10000\n";
}

/// The number after "rooms " in @stat branch.
int room_count(const std::string& stat) {
  static const std::regex pattern(R"(rooms (\d+),)");
  std::smatch m;
  return std::regex_search(stat, m, pattern) ? std::stoi(m[1]) : -1;
}

std::string stat_branch(telnet_client& c, int branch) {
  return answer(c, "@stat branch " + std::to_string(branch), "East branch");
}

/// Clears each room and walks on (through an unexplored exit when there is one) until the branch has
/// at least `rooms` rooms.
void explore(telnet_client& c, int rooms) {
  std::uint32_t pick = 12345;  // (a fixed walk that does not cycle between two dead ends)
  for (int i = 0; i < 300; ++i) {
    c.send_line("@clear");
    c.expect("You clear the room with a word.");
    c.expect(prompt);
    if (room_count(stat_branch(c, 1)) >= rooms) {
      return;
    }
    const std::string look = answer(c, "look", "[East branch 1, ");
    std::vector<std::string> ways = unexplored_exits(look);
    if (ways.empty()) {
      const std::string exits = line_with(look, "Exits: ");
      for (const char* d : {"north", "east", "south", "west"}) {
        const auto at = exits.find(d);
        if (at != std::string::npos && exits.find("well", at) != at + std::string_view(d).size() + 5) {
          ways.emplace_back(d);
        }
      }
    }
    if (ways.empty()) {
      break;
    }
    pick = pick * 1103515245U + 12345U;
    c.send_line(ways.size() == 1 || !unexplored_exits(look).empty() ? ways[static_cast<std::size_t>(i) % ways.size()]
                                                                     : ways[(pick >> 16) % ways.size()]);
    c.expect("[East branch 1, ");
    c.expect(prompt);
  }
  FAIL() << "could not explore " << rooms << " rooms";
}

/// No wanderer walks in the branch (none came yet, or all are dead).
bool none_left(const std::string& stat) { return contains(stat, "wanderers: none") || contains(stat, "dead): none"); }

/// The step count @stat branch reports, or -1.
long long steps_of(const std::string& stat) {
  static const std::regex pattern(R"(wanderers \(step (\d+),)");
  std::smatch m;
  return std::regex_search(stat, m, pattern) ? std::stoll(m[1]) : -1;
}

/// Asks @stat branch until `pred` holds for its answer (or a generous deadline passes).
template <typename Pred>
std::string stat_until(telnet_client& c, int branch, Pred pred) {
  const auto deadline = std::chrono::steady_clock::now() + 60s;
  std::string stat;
  while (std::chrono::steady_clock::now() < deadline) {
    stat = stat_branch(c, branch);
    if (pred(stat)) {
      return stat;
    }
    // A poll interval, not a wait for the answer (the deadline above bounds the wait): back to back, at a
    // round trip of tens of µs, the polling would pass the 10,000 commands a second a connection may send.
    std::this_thread::sleep_for(20ms);
  }
  ADD_FAILURE() << "timed out; last @stat:\n" << stat;
  return stat;
}

void set_config(telnet_client& c, const std::string& key, int value) {
  c.send_line("@config " + key + " " + std::to_string(value));
  c.expect(key + " = " + std::to_string(value));
  c.expect(prompt);
}

/// Ann in east branch 1, explored to 10 rooms (content/wanderers.toml's min_rooms) while the wanderers stand
/// still (so no @clear of hers ever meets one), then the wanderers let loose until wanderer #0 shows in @stat
/// branch.
class Wanderers : public ::testing::Test {
 protected:
  /// The @stat branch 1 that first showed wanderer #0.
  std::string until_wanderer_zero() {
    ann.create("Ann", "annpassword");
    walk_into_east_branch(ann);
    explore(ann, 10);
    set_config(ann, "game.wander_step_ms", 200);
    return stat_until(ann, 1, [](const std::string& s) { return contains(s, "    #0 "); });
  }

  server_process server{wander_config()};
  telnet_client ann{server.port(), wide_client()};
};

TEST_F(Wanderers, RoamAreSeenAttackInAClearedRoomDieAndVanishWithTheirBranch) {
  // One wanderer appears (10 explored rooms; content/wanderers.toml) once the branch steps.
  std::string stat = until_wanderer_zero();
  ASSERT_TRUE(contains(stat, "wanderers (step ")) << stat;
  // Freeze them (a step timer that fires later sees 0 and does not step), then speed up the fights: a
  // wanderer that found Ann may now win or lose, but stays listed, fighting, until the next step. Then go
  // to where it stands (unless it found Ann first).
  set_config(ann, "game.wander_step_ms", 0);
  set_config(ann, "game.fight_round_ms", 100);
  stat = stat_branch(ann, 1);
  std::smatch m;
  const std::regex line(R"(#0 (.+) at \((-?\d+),(-?\d+)\) room (\d+)(, fighting)?)");
  ASSERT_TRUE(std::regex_search(stat, m, line)) << stat;
  const std::string name = m[1];
  if (!m[5].matched) {
    ann.send_line("@goto " + std::string(m[4]));
    std::string seen = ann.expect("prowl");
    seen += ann.expect("\n");
    EXPECT_TRUE(contains(seen, " prowls here.") || contains(seen, " prowl here.")) << seen;
    // It attacks at once, though the room was cleared.
    stat = stat_until(ann, 1, [](const std::string& s) { return contains(s, ", fighting"); });
  }
  // GMCP Room.Wanderers named it in Ann's room, fighting.
  const auto deadline = std::chrono::steady_clock::now() + 30s;
  bool told = false;
  while (!told && std::chrono::steady_clock::now() < deadline) {
    for (const gmcp_message& g : ann.all_gmcp()) {
      told = told || (g.package == "Room.Wanderers" && contains(g.json, "\"fighting\":true") &&
                      contains(g.json, name.substr(name.find(' ') + 1)));
    }
    if (!told) {
      ann.send_line("look");
      ann.expect(prompt);
    }
  }
  EXPECT_TRUE(told);

  // The fight runs on its rounds; Ann cannot lose, so the wanderer dies for good.
  set_config(ann, "game.wander_step_ms", 200);
  stat = stat_until(ann, 1, none_left);
  EXPECT_TRUE(contains(stat, ", 1 dead)")) << stat;
  // Still none five steps later: the dead do not come back while the branch is in memory.
  const long long died_at = steps_of(stat);
  stat = stat_until(ann, 1, [died_at](const std::string& s) { return steps_of(s) >= died_at + 5; });
  EXPECT_TRUE(none_left(stat)) << stat;

  // Collapsing the branch takes everything with it; a new branch has none yet.
  ann.send_line("@collapse 1");
  ann.expect("Branch 1 collapsed");
  ann.expect(prompt);
  answer(ann, "look", "The Bottom of the Well");
  ann.send_line("@stat branch 1");
  const std::string gone = ann.expect(prompt);
  EXPECT_FALSE(contains(gone, "wanderers")) << gone;
  ann.send_line("east");
  ann.expect("[East branch ");
  ann.expect(prompt);
}

TEST_F(Wanderers, VanishWhenTheirBranchCollapsesWhileTheyRoam) {
  until_wanderer_zero();
  ann.send_line("@collapse 1");
  ann.expect("Branch 1 collapsed");
  ann.expect(prompt);
  ann.send_line("east");
  ann.expect("[East branch ");
  ann.expect(prompt);
  // The new branch is number 2; nothing of branch 1 walks in it.
  const std::string fresh = answer(ann, "@stat branch 2", "East branch");
  EXPECT_TRUE(none_left(fresh)) << fresh;
  const std::string look = answer(ann, "look", "[East branch ");
  EXPECT_FALSE(contains(look, " prowls ")) << look;
}

}  // namespace
}  // namespace dw::testing::admin_flow
