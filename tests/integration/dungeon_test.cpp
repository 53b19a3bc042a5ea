// The procedural dungeon over telnet: branches from the well, team-up windows, coordinates and depth, and
// the map. Persistence and determinism are in dungeon_persistence_test.cpp.
#include <gtest/gtest.h>

#include "tests/integration/dungeon_support.hpp"

using dw::testing::client_options;
using dw::testing::server_process;
using dw::testing::telnet_client;
using namespace dw::testing::dungeon_support;

// ---------------------------------------------------------------- 1. a new branch

TEST(Dungeon, WalkingEastOpensEastBranchOneAtOneZero) {
  server_process server;
  telnet_client c(server.port(), wide_client());
  enter_well(c, "Ada");
  const room_seen well_info = show(c, "look");
  const long long well_num = well_info.num;
  EXPECT_EQ(well_num, 2) << well_info.info;

  const room_seen r = show(c, "east");
  EXPECT_NE(r.text.find("new way opens into the dark: East branch 1."), std::string::npos) << r.text;
  ASSERT_TRUE(r.head.has_value()) << r.text;
  EXPECT_NE(r.head->line.find("  [East branch 1, 1,0, depth 1]"), std::string::npos) << r.head->line;
  EXPECT_EQ(r.head->branch, "East branch 1");
  EXPECT_FALSE(r.exits_line.empty()) << r.text;
  bool west_to_well = false;
  for (const exit_entry& e : r.exits) {
    west_to_well = west_to_well || (e.dir == "west" && e.to_well);
  }
  EXPECT_TRUE(west_to_well) << r.exits_line;

  EXPECT_NE(r.info.find("\"coords\":[1,0]"), std::string::npos) << r.info;
  EXPECT_EQ(json_int(r.info, "depth"), 1) << r.info;
  EXPECT_NE(r.info.find("\"area\":\"East branch 1\""), std::string::npos) << r.info;
  EXPECT_EQ(json_exit(r.info, 'w'), well_num) << r.info;
  EXPECT_GT(r.num, 2) << r.info;
  // Every exit the text lists is in Room.Info, and the other way round.
  for (const grid_dir& d : grid_dirs) {
    bool listed = false;
    for (const exit_entry& e : r.exits) {
      listed = listed || e.dir == d.name;
    }
    EXPECT_EQ(listed, json_exit(r.info, d.letter).has_value()) << d.name << "\n" << r.exits_line << "\n" << r.info;
  }
}

// ---------------------------------------------------------------- 2 and 3. team-up window

TEST(Dungeon, SecondWalkerInsideTheWindowJoinsTheSameBranch) {
  server_process server;
  telnet_client ann(server.port(), wide_client());
  enter_well(ann, "Ann");
  const room_seen ann_room = show(ann, "east");
  ASSERT_TRUE(ann_room.head.has_value()) << ann_room.text;
  ASSERT_EQ(ann_room.head->branch, "East branch 1");

  telnet_client bob(server.port(), wide_client());
  enter_well(bob, "Bob");
  const room_seen bob_room = show(bob, "east");
  EXPECT_NE(bob_room.text.find("You follow your companions into East branch 1."), std::string::npos)
      << bob_room.text;
  EXPECT_EQ(bob_room.text.find("new way opens"), std::string::npos) << bob_room.text;
  ASSERT_TRUE(bob_room.head.has_value()) << bob_room.text;
  EXPECT_EQ(bob_room.head->line, ann_room.head->line);
  EXPECT_NE(bob_room.text.find("Here: Ann."), std::string::npos) << bob_room.text;
  EXPECT_EQ(bob_room.num, ann_room.num) << bob_room.info << "\n" << ann_room.info;
  ann.expect("Bob arrives from the west.");
}

TEST(Dungeon, WithNoTeamUpWindowASecondWalkerOpensANewBranch) {
  server_process server("[dungeon]\nbranch_join_seconds = 0\n");
  telnet_client ann(server.port(), wide_client());
  enter_well(ann, "Ann");
  const room_seen ann_room = show(ann, "east");
  ASSERT_TRUE(ann_room.head.has_value()) << ann_room.text;
  EXPECT_EQ(ann_room.head->branch, "East branch 1");

  telnet_client bob(server.port(), wide_client());
  enter_well(bob, "Bob");
  const room_seen bob_room = show(bob, "east");
  EXPECT_NE(bob_room.text.find("new way opens into the dark: East branch 2."), std::string::npos) << bob_room.text;
  EXPECT_EQ(bob_room.text.find("You follow your companions"), std::string::npos) << bob_room.text;
  ASSERT_TRUE(bob_room.head.has_value()) << bob_room.text;
  EXPECT_NE(bob_room.head->line.find("  [East branch 2, 1,0, depth 1]"), std::string::npos) << bob_room.head->line;
  EXPECT_EQ(bob_room.text.find("Ann"), std::string::npos) << bob_room.text;
  EXPECT_NE(bob_room.info.find("\"area\":\"East branch 2\""), std::string::npos) << bob_room.info;
  EXPECT_NE(bob_room.num, ann_room.num);

  // Ann is alone in her branch's room.
  const room_seen ann_again = show(ann, "look");
  EXPECT_EQ(ann_again.text.find("Bob"), std::string::npos) << ann_again.text;
  EXPECT_EQ(ann_again.num, ann_room.num);
}

// ---------------------------------------------------------------- 4. the map

TEST(Dungeon, MapShowsTheWellBesideYouAndFitsTheWindow) {
  server_process server;
  client_options narrow;
  narrow.width = 60;
  telnet_client c(server.port(), narrow);
  enter_well(c, "Mae");
  show(c, "east");

  c.send_line("map");
  const std::string map = c.expect(prompt);
  EXPECT_NE(map.find("East branch 1, around (1,0):"), std::string::npos) << map;
  EXPECT_NE(map.find("[W]-[@]"), std::string::npos) << map;
  EXPECT_NE(map.find("@ you"), std::string::npos) << map;
  EXPECT_NE(map.find("W the well"), std::string::npos) << map;
  EXPECT_NE(map.find("* not cleared"), std::string::npos) << map;
  EXPECT_NE(map.find("? unexplored exit"), std::string::npos) << map;
  EXPECT_NE(map.find("> < v ^ one-way"), std::string::npos) << map;
  for (const std::string& line : lines_of(map)) {
    EXPECT_LE(line.size(), 60U) << "line wider than the window: '" << line << "'\n" << map;
  }
}

// ---------------------------------------------------------------- 5. deeper

TEST(Dungeon, WalkingDeeperChangesCoordinatesAndDepth) {
  server_process server;
  telnet_client c(server.port(), wide_client());
  enter_well(c, "Ivo");
  const std::optional<entered> start = enter_open_branch(c);
  if (!start) {
    GTEST_SKIP() << "every start passage's first room is blocked (monsters) or has no unexplored exit";
  }
  room_seen here = start->room;
  const std::string branch = here.head->branch;
  int steps = 0;
  // Up to five new rooms, as long as the room is clear and has an unexplored exit.
  while (steps < 5 && can_go_deeper(here)) {
    const auto coords = json_coords(here.info);
    ASSERT_TRUE(coords.has_value()) << here.info;
    const exit_entry way = *first_unexplored(here);
    EXPECT_EQ(json_exit(here.info, dir_named(way.dir).letter), 0) << way.dir << " unexplored but not 0:\n" << here.info;
    const grid_dir& d = dir_named(way.dir);
    const room_seen next = show(c, d.name);
    ++steps;
    ASSERT_TRUE(next.head.has_value()) << next.text;
    const auto next_coords = json_coords(next.info);
    ASSERT_TRUE(next_coords.has_value()) << next.info;
    const int x = coords->first + d.dx;
    const int y = coords->second + d.dy;
    EXPECT_EQ(next_coords->first, x) << next.info;
    EXPECT_EQ(next_coords->second, y) << next.info;
    const long long depth = floor_sqrt(static_cast<long long>(x) * x + static_cast<long long>(y) * y);
    EXPECT_EQ(json_int(next.info, "depth"), depth) << next.info;
    EXPECT_EQ(next.head->x, x) << next.head->line;
    EXPECT_EQ(next.head->y, y) << next.head->line;
    EXPECT_EQ(next.head->depth, depth) << next.head->line;
    EXPECT_EQ(next.head->branch, branch) << next.head->line;
    EXPECT_NE(next.num, here.num);
    // The walked exit is now two-way: each room names the other in Room.Info.
    EXPECT_EQ(json_exit(next.info, dir_named(d.back).letter), here.num) << next.info;
    const room_seen back_look = show(c, "look");  // (no move: same room, same Room.Info)
    EXPECT_EQ(back_look.num, next.num);
    here = next;
  }
  EXPECT_GE(steps, 1);
}

