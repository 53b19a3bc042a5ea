// A branch kept from running dry, over telnet: the players inside hear the new way open, and the new exit
// survives a kill -9 right after the message, and a restart. Also: the exits-line reader these tests share reads
// the way back's "(to the well, one-way)" as one exit.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "dungeon/dungeon.hpp"
#include "tests/integration/dungeon_support.hpp"

using dw::testing::server_process;
using dw::testing::telnet_client;
using namespace dw::testing::dungeon_support;
namespace dgn = dw::dungeon;

namespace {

constexpr std::string_view way_opened = "Somewhere behind you, stone grinds on stone: a new way has opened.";

/// East branch 1 at budget 1 under a world seed: the forced walk from its first room to the first room that is
/// boxed in, the exit that spawn opens, and the way from that room to the opened exit's room.
struct forced_walk {
  std::uint64_t world_seed = 0;
  std::vector<dgn::direction> steps;
  dgn::opened_exit opened;
  std::vector<dgn::direction> to_opened;
};

/// Breadth-first through the exits players can walk, as the dungeon itself searches.
std::vector<dgn::direction> path(dgn::dungeon& d, dgn::branch_id b, dgn::coord from, dgn::coord to) {
  std::map<std::uint64_t, std::pair<dgn::coord, dgn::direction>> came_from;
  std::vector<dgn::coord> queue{from};
  came_from[dgn::pack(from)] = {from, dgn::direction::north};
  for (std::size_t i = 0; i < queue.size() && came_from.find(dgn::pack(to)) == came_from.end(); ++i) {
    const dgn::room r = *d.room_at(b, queue[i]);
    for (dgn::direction x : dgn::all_directions) {
      if (r.exit(x) == dgn::exit_state::two_way || r.exit(x) == dgn::exit_state::one_way) {
        const dgn::coord n = *dgn::step(r.pos, x);
        if (came_from.emplace(dgn::pack(n), std::pair{r.pos, x}).second) {
          queue.push_back(n);
        }
      }
    }
  }
  std::vector<dgn::direction> out;
  for (dgn::coord at = to; at != from;) {
    const auto [prev, x] = came_from.at(dgn::pack(at));
    out.insert(out.begin(), x);
    at = prev;
  }
  return out;
}

/// At budget 1 every new room holds the branch's only unexplored exit, so the walk is forced until a room is
/// boxed in. Among the first 300 world seeds, the one whose walk gets there soonest (the test stays short).
forced_walk shortest_forced_walk() {
  const auto clear = [](const dgn::room&) { return true; };
  forced_walk best;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    dgn::dungeon d({seed, 1, 300, 3600}, nullptr);
    const dgn::enter_result e = d.enter_from_start(dgn::direction::east, 0, clear);
    dgn::coord at = e.first_room.pos;
    std::vector<dgn::direction> steps;
    while (best.steps.empty() || steps.size() < best.steps.size()) {
      const dgn::room here = *d.room_at(e.branch, at);
      dgn::direction way = dgn::direction::north;
      for (dgn::direction x : dgn::all_directions) {
        way = here.exit(x) == dgn::exit_state::unexplored ? x : way;
      }
      const dgn::move_result m = d.move(e.branch, at, way, false, clear);
      steps.push_back(way);
      at = m.destination.pos;
      if (m.changes.opened) {
        best = {seed, steps, *m.changes.opened, path(d, e.branch, at, m.changes.opened->pos)};
        break;
      }
    }
  }
  return best;
}

/// Sends a command and returns what came back through `needle` (its answer; others' comings and goings with
/// their prompts may come first) and up to the prompt after it.
std::string say(telnet_client& c, std::string_view command, std::string_view needle = "Exits: ") {
  c.send_line(command);
  std::string text = c.expect(needle);
  return text + c.expect(prompt);
}

dw::testing::client_options text_only() {
  dw::testing::client_options o = wide_client();
  o.gmcp = false;  // (only the text matters here)
  return o;
}

/// The stored exit of a room, read from the database file itself (read-only, as after a crash).
int stored_exit(const std::filesystem::path& db_path, dgn::coord at, dgn::direction d) {
  sqlite3* raw = nullptr;
  EXPECT_EQ(sqlite3_open_v2(db_path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  const std::unique_ptr<sqlite3, int (*)(sqlite3*)> db(raw, sqlite3_close);
  const std::string sql = "SELECT exit_" + std::string(1, dgn::letter(d)) +
                          " FROM rooms r JOIN branches b ON b.id = r.branch_id WHERE b.direction = 1 AND b.number = 1 "
                          "AND r.x = ? AND r.y = ?";
  sqlite3_stmt* st = nullptr;
  EXPECT_EQ(sqlite3_prepare_v2(db.get(), sql.c_str(), -1, &st, nullptr), SQLITE_OK) << sqlite3_errmsg(db.get());
  sqlite3_bind_int(st, 1, at.x);
  sqlite3_bind_int(st, 2, at.y);
  const int value = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;
  sqlite3_finalize(st);
  return value;
}

}  // namespace

TEST(DungeonWays, TheNewWayIsAnnouncedToThoseInsideAndSurvivesKillDashNineAndARestart) {
  const forced_walk walk = shortest_forced_walk();
  ASSERT_FALSE(walk.steps.empty()) << "no seed boxed a room in";
  server_process server("[dungeon]\nworld_seed = " + std::to_string(walk.world_seed) +
                        "\nmax_unexplored_exits = 1\n");
  {
    telnet_client ann(server.port(), text_only());
    ann.create("Ann", "Annpassword");  // the first account: an administrator, who may @clear
    telnet_client bob(server.port(), text_only());
    bob.create("Bob", "Bobpassword");
    say(ann, "down");
    say(bob, "down");
    ASSERT_NE(say(ann, "east").find("East branch 1"), std::string::npos);
    say(bob, "east", "You follow your companions into East branch 1");
    // Bob waits in the first room; Ann walks the forced way, clearing each room (monsters block unexplored exits).
    for (std::size_t i = 0; i < walk.steps.size(); ++i) {
      say(ann, "@clear", "You clear the room");
      const std::string seen = say(ann, dgn::name(walk.steps[i]));
      ASSERT_TRUE(header_in(seen).has_value()) << seen;
      const bool last = i + 1 == walk.steps.size();
      ASSERT_EQ(seen.find(way_opened) != std::string::npos, last) << "step " << i << ":\n" << seen;
    }
    bob.expect(way_opened);
    server.kill9();  // the message went out, so the exit it announced must have been committed
  }
  EXPECT_EQ(stored_exit(server.db_path(), walk.opened.pos, walk.opened.dir), 1) << "unexplored, in the file";

  server.start();
  telnet_client ann(server.port(), text_only());
  ann.connect("Ann", "Annpassword");
  for (dgn::direction x : walk.to_opened) {
    ASSERT_TRUE(header_in(say(ann, dgn::name(x))).has_value());
  }
  const std::string room = say(ann, "look");
  const auto head = header_in(room);
  ASSERT_TRUE(head.has_value()) << room;
  EXPECT_EQ(head->x, walk.opened.pos.x);
  EXPECT_EQ(head->y, walk.opened.pos.y);
  EXPECT_NE(line_starting(room, "Exits: ").find(std::string(dgn::name(walk.opened.dir)) + " (unexplored)"),
            std::string::npos)
      << room;
  say(ann, "@clear", "You clear the room");
  const std::string beyond = say(ann, dgn::name(walk.opened.dir));
  EXPECT_TRUE(header_in(beyond).has_value()) << "the new way leads on: " << beyond;
}

TEST(DungeonSupport, ParseExitsKeepsAMarkWithACommaWhole) {
  const std::vector<exit_entry> exits = parse_exits("Exits: north (unexplored), west (to the well, one-way), east.");
  ASSERT_EQ(exits.size(), 3U);
  EXPECT_EQ(exits[0].dir, "north");
  EXPECT_TRUE(exits[0].unexplored);
  EXPECT_EQ(exits[1].dir, "west");
  EXPECT_TRUE(exits[1].to_well);
  EXPECT_TRUE(exits[1].one_way);
  EXPECT_EQ(exits[2].dir, "east");
  EXPECT_FALSE(exits[2].to_well || exits[2].one_way || exits[2].unexplored);
  const std::vector<exit_entry> back = parse_exits("Exits: west (to the well).");
  ASSERT_EQ(back.size(), 1U);
  EXPECT_TRUE(back[0].to_well);
  EXPECT_FALSE(back[0].one_way);
}
