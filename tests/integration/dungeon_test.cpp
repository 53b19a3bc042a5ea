// The procedural dungeon over telnet: branches from the well, team-up windows, coordinates and depth,
// the map, persistence of discovered rooms across restarts and kill -9, and determinism by world seed.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

using dw::testing::client_options;
using dw::testing::server_process;
using dw::testing::telnet_client;

namespace {

constexpr std::string_view prompt = "hp] > ";

/// Wide enough that no room text is wrapped, so lines can be parsed whole.
client_options wide_client() {
  client_options o;
  o.width = 200;
  return o;
}

// ---------------------------------------------------------------- directions

struct grid_dir {
  std::string_view name;
  char letter;
  int dx;
  int dy;
  std::string_view back;
};

constexpr std::array<grid_dir, 4> grid_dirs{{
    {"north", 'n', 0, 1, "south"},
    {"east", 'e', 1, 0, "west"},
    {"south", 's', 0, -1, "north"},
    {"west", 'w', -1, 0, "east"},
}};

const grid_dir& dir_named(std::string_view name) {
  for (const grid_dir& d : grid_dirs) {
    if (d.name == name) {
      return d;
    }
  }
  throw std::runtime_error("no direction " + std::string(name));
}

long long floor_sqrt(long long v) {
  long long r = 0;
  while ((r + 1) * (r + 1) <= v) {
    ++r;
  }
  return r;
}

// ---------------------------------------------------------------- what the server printed

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t nl = text.find('\n', start);
    if (nl == std::string::npos) {
      out.push_back(text.substr(start));
      break;
    }
    out.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  return out;
}

/// A branch room's header: "<name>  [<branch>, <x>,<y>, depth <d>]".
struct header {
  std::string line;
  std::string branch;
  int x = 0;
  int y = 0;
  int depth = 0;
};

std::optional<header> header_in(const std::string& text) {
  static const std::regex pattern(R"(^.+  \[(.+), (-?\d+),(-?\d+), depth (\d+)\]$)");
  for (const std::string& line : lines_of(text)) {
    std::smatch m;
    if (std::regex_match(line, m, pattern)) {
      return header{line, m[1], std::stoi(m[2]), std::stoi(m[3]), std::stoi(m[4])};
    }
  }
  return std::nullopt;
}

std::string line_starting(const std::string& text, std::string_view prefix) {
  for (const std::string& line : lines_of(text)) {
    if (line.rfind(prefix, 0) == 0) {
      return line;
    }
  }
  return {};
}

/// One entry of an "Exits: north (unexplored), west (to the well)." line.
struct exit_entry {
  std::string dir;
  bool unexplored = false;
  bool to_well = false;
  bool one_way = false;
};

std::vector<exit_entry> parse_exits(std::string line) {
  std::vector<exit_entry> out;
  if (line.rfind("Exits: ", 0) != 0) {
    return out;
  }
  line = line.substr(7);
  if (!line.empty() && line.back() == '.') {
    line.pop_back();
  }
  if (line == "none") {
    return out;
  }
  std::size_t start = 0;
  while (start < line.size()) {
    std::size_t comma = line.find(", ", start);
    const std::string item = line.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    exit_entry e;
    e.dir = item.substr(0, item.find(' '));
    e.unexplored = item.find("(unexplored)") != std::string::npos;
    e.to_well = item.find("(to the well)") != std::string::npos;
    e.one_way = item.find("(one-way)") != std::string::npos;
    out.push_back(e);
    if (comma == std::string::npos) {
      break;
    }
    start = comma + 2;
  }
  return out;
}

// ---------------------------------------------------------------- Room.Info (flat JSON, read by hand)

std::optional<long long> json_int(std::string_view json, std::string_view key) {
  const std::string k = '"' + std::string(key) + "\":";
  const std::size_t at = json.find(k);
  if (at == std::string_view::npos) {
    return std::nullopt;
  }
  return std::stoll(std::string(json.substr(at + k.size(), 24)));
}

std::optional<std::pair<int, int>> json_coords(const std::string& json) {
  const std::size_t at = json.find("\"coords\":[");
  if (at == std::string::npos) {
    return std::nullopt;
  }
  int x = 0;
  int y = 0;
  if (std::sscanf(json.c_str() + at + 10, "%d,%d]", &x, &y) != 2) {
    return std::nullopt;
  }
  return std::pair{x, y};
}

/// The room id an exit of Room.Info leads to (0 for unexplored), or nullopt if there is no such exit.
std::optional<long long> json_exit(const std::string& json, char letter) {
  const std::size_t at = json.find("\"exits\":{");
  if (at == std::string::npos) {
    return std::nullopt;
  }
  return json_int(std::string_view(json).substr(at), std::string(1, letter));
}

bool json_clear(const std::string& json) { return json.find("\"clear\":true") != std::string::npos; }

// ---------------------------------------------------------------- walking

/// What one command that shows a room (a move or look) produced.
struct room_seen {
  std::string text;  ///< everything printed up to the prompt
  std::optional<header> head;
  std::string exits_line;
  std::vector<exit_entry> exits;
  std::string info;  ///< the Room.Info JSON that came with it
  long long num = -1;
};

/// Sends a command that shows a room and waits for its text, its prompt and its Room.Info.
/// Every room shown sends exactly one Room.Info, so calling this for each keeps the GMCP stream in step.
room_seen show(telnet_client& c, std::string_view command) {
  c.send_line(command);
  room_seen r;
  r.text = c.expect(prompt);
  r.info = c.expect_gmcp("Room.Info");
  r.head = header_in(r.text);
  r.exits_line = line_starting(r.text, "Exits: ");
  r.exits = parse_exits(r.exits_line);
  r.num = json_int(r.info, "num").value_or(-1);
  return r;
}

std::optional<exit_entry> first_unexplored(const room_seen& r) {
  for (const exit_entry& e : r.exits) {
    if (e.unexplored) {
      return e;
    }
  }
  return std::nullopt;
}

/// A room whose unexplored exits may be walked: it is clear (no monsters in the way) and has one.
bool can_go_deeper(const room_seen& r) { return json_clear(r.info) && first_unexplored(r).has_value(); }

/// Makes a character and climbs down the well; the login's Room.Info is consumed.
void enter_well(telnet_client& c, std::string_view name) {
  c.create(name, std::string(name) + "password");
  c.expect_gmcp("Room.Info");  // the village square
  const room_seen well = show(c, "down");
  ASSERT_NE(well.text.find("The Bottom of the Well"), std::string::npos) << well.text;
}

/// From the well, opens branches through the start passages in turn until a first room can be left
/// through an unexplored exit (rooms with monsters block the way forward). Returns that room and the
/// passage walked, or nullopt with the character back at the well.
struct entered {
  room_seen room;
  std::string_view passage;
};

std::optional<entered> enter_open_branch(telnet_client& c) {
  for (std::string_view passage : {"east", "north", "south", "west"}) {
    const room_seen first = show(c, passage);
    if (can_go_deeper(first)) {
      return entered{first, passage};
    }
    show(c, dir_named(passage).back);  // the way back to the well is never blocked
  }
  return std::nullopt;
}

}  // namespace

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
