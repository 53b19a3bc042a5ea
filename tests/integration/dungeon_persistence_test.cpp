// The procedural dungeon over telnet: discovered rooms survive restarts and kill -9, and the same world
// seed and moves give the same dungeon.
#include <gtest/gtest.h>

#include "tests/integration/dungeon_support.hpp"

using dw::testing::client_options;
using dw::testing::server_process;
using dw::testing::telnet_client;
using namespace dw::testing::dungeon_support;

// ---------------------------------------------------------------- 6 and 7. persistence

TEST(Dungeon, RestartKeepsTheRoomAndTheWayBack) {
  server_process server;
  std::string_view way;
  room_seen first;
  room_seen second;
  {
    telnet_client c(server.port(), wide_client());
    enter_well(c, "Rex");
    const std::optional<entered> start = enter_open_branch(c);
    if (!start) {
      GTEST_SKIP() << "every start passage's first room is blocked (monsters) or has no unexplored exit";
    }
    first = start->room;
    way = dir_named(first_unexplored(first)->dir).name;
    second = show(c, way);
    ASSERT_TRUE(second.head.has_value()) << second.text;
    c.send_line("quit");
    ASSERT_TRUE(c.wait_closed());
  }
  EXPECT_EQ(server.stop(), 0);
  server.start();

  telnet_client c(server.port(), wide_client());
  c.expect("quit");
  c.send_line("connect Rex Rexpassword");
  const std::string text = c.expect(prompt);
  const std::string info = c.expect_gmcp("Room.Info");
  EXPECT_NE(text.find("Welcome back, Rex"), std::string::npos) << text;
  const auto head = header_in(text);
  ASSERT_TRUE(head.has_value()) << text;
  EXPECT_EQ(head->line, second.head->line);
  EXPECT_EQ(line_starting(text, "Exits: "), second.exits_line);
  EXPECT_EQ(json_int(info, "num"), second.num) << info;
  EXPECT_EQ(info, second.info);

  const room_seen back = show(c, dir_named(way).back);
  ASSERT_TRUE(back.head.has_value()) << back.text;
  EXPECT_EQ(back.head->line, first.head->line);
  EXPECT_EQ(back.num, first.num) << back.info;
  EXPECT_EQ(json_exit(back.info, dir_named(way).letter), second.num) << back.info;
  // And forward again into the remembered room.
  const room_seen again = show(c, way);
  EXPECT_EQ(again.num, second.num) << again.info;
  EXPECT_EQ(again.head->line, second.head->line);
}

TEST(Dungeon, RoomDiscoveredJustBeforeKillDashNineSurvives) {
  server_process server;
  room_seen newest;
  {
    telnet_client c(server.port(), wide_client());
    enter_well(c, "Kit");
    const std::optional<entered> start = enter_open_branch(c);
    if (!start) {
      GTEST_SKIP() << "every start passage's first room is blocked (monsters) or has no unexplored exit";
    }
    newest = show(c, first_unexplored(start->room)->dir);
    ASSERT_TRUE(newest.head.has_value()) << newest.text;
    server.kill9();  // no shutdown, no save: only what was committed before the reply survives
  }
  server.start();
  telnet_client c(server.port(), wide_client());
  c.expect("quit");
  c.send_line("connect Kit Kitpassword");
  const std::string text = c.expect(prompt);
  const std::string info = c.expect_gmcp("Room.Info");
  const auto head = header_in(text);
  ASSERT_TRUE(head.has_value()) << text;
  EXPECT_EQ(head->line, newest.head->line);
  EXPECT_EQ(line_starting(text, "Exits: "), newest.exits_line);
  EXPECT_EQ(json_int(info, "num"), newest.num) << info;
}

TEST(Dungeon, NewBranchOpenedJustBeforeKillDashNineSurvives) {
  server_process server;
  room_seen first;
  {
    telnet_client c(server.port(), wide_client());
    enter_well(c, "Lux");
    first = show(c, "east");
    ASSERT_TRUE(first.head.has_value()) << first.text;
    server.kill9();
  }
  server.start();
  telnet_client c(server.port(), wide_client());
  c.expect("quit");
  c.send_line("connect Lux Luxpassword");
  const std::string text = c.expect(prompt);
  const std::string info = c.expect_gmcp("Room.Info");
  const auto head = header_in(text);
  ASSERT_TRUE(head.has_value()) << text;
  EXPECT_EQ(head->line, first.head->line);
  EXPECT_EQ(json_int(info, "num"), first.num) << info;
}

// ---------------------------------------------------------------- 8. determinism

namespace {

/// Walks each start passage in turn (and one room further where the way is open), recording every
/// room's text; returns to the well between passages.
std::vector<room_seen> tour(std::string_view seed_toml) {
  server_process server{std::string(seed_toml)};
  telnet_client c(server.port(), wide_client());
  enter_well(c, "Tia");
  std::vector<room_seen> seen;
  for (const grid_dir& d : grid_dirs) {
    seen.push_back(show(c, d.name));
    if (can_go_deeper(seen.back())) {
      const grid_dir& on = dir_named(first_unexplored(seen.back())->dir);
      seen.push_back(show(c, on.name));
      show(c, on.back);
    }
    show(c, d.back);
  }
  return seen;
}

}  // namespace

TEST(Dungeon, SameWorldSeedAndMovesGiveTheSameRooms) {
  const std::vector<room_seen> a = tour("[dungeon]\nworld_seed = 777\n");
  const std::vector<room_seen> b = tour("[dungeon]\nworld_seed = 777\n");
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    ASSERT_TRUE(a[i].head.has_value()) << a[i].text;
    ASSERT_TRUE(b[i].head.has_value()) << b[i].text;
    EXPECT_EQ(a[i].head->line, b[i].head->line) << "room " << i;
    EXPECT_EQ(a[i].exits_line, b[i].exits_line) << "room " << i;
    EXPECT_EQ(a[i].text, b[i].text) << "room " << i;
    EXPECT_EQ(a[i].info, b[i].info) << "room " << i;
  }
}

TEST(Dungeon, DifferentWorldSeedsGiveDifferentExits) {
  const std::vector<room_seen> a = tour("[dungeon]\nworld_seed = 777\n");
  const std::vector<room_seen> b = tour("[dungeon]\nworld_seed = 778\n");
  // The first room of each of the four branches: at least one has different exits.
  auto first_rooms = [](const std::vector<room_seen>& v) {
    std::vector<std::string> out;
    for (const room_seen& r : v) {
      if (r.head && r.head->depth == 1 && (std::abs(r.head->x) + std::abs(r.head->y)) == 1) {
        out.push_back(r.head->branch + ": " + r.exits_line);
      }
    }
    return out;
  };
  const std::vector<std::string> fa = first_rooms(a);
  const std::vector<std::string> fb = first_rooms(b);
  ASSERT_EQ(fa.size(), 4U);
  ASSERT_EQ(fb.size(), 4U);
  bool differ = false;
  std::string both;
  for (std::size_t i = 0; i < fa.size(); ++i) {
    differ = differ || fa[i] != fb[i];
    both += fa[i] + "   |   " + fb[i] + "\n";
  }
  EXPECT_TRUE(differ) << "seeds 777 and 778 gave the same first rooms:\n" << both;
}
