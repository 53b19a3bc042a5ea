#pragma once

// Shared by the dungeon integration tests: a wide client, the grid's directions, and readers of room text
// and Room.Info.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <regex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

namespace dw::testing::dungeon_support {


inline constexpr std::string_view prompt = "hp] > ";

/// Wide enough that no room text is wrapped, so lines can be parsed whole.
inline client_options wide_client() {
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

inline const grid_dir& dir_named(std::string_view name) {
  for (const grid_dir& d : grid_dirs) {
    if (d.name == name) {
      return d;
    }
  }
  throw std::runtime_error("no direction " + std::string(name));
}

inline long long floor_sqrt(long long v) {
  long long r = 0;
  while ((r + 1) * (r + 1) <= v) {
    ++r;
  }
  return r;
}

// ---------------------------------------------------------------- what the server printed

inline std::vector<std::string> lines_of(const std::string& text) {
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

inline std::optional<header> header_in(const std::string& text) {
  static const std::regex pattern(R"(^.+  \[(.+), (-?\d+),(-?\d+), depth (\d+)\]$)");
  for (const std::string& line : lines_of(text)) {
    std::smatch m;
    if (std::regex_match(line, m, pattern)) {
      return header{line, m[1], std::stoi(m[2]), std::stoi(m[3]), std::stoi(m[4])};
    }
  }
  return std::nullopt;
}

inline std::string line_starting(const std::string& text, std::string_view prefix) {
  for (const std::string& line : lines_of(text)) {
    if (line.rfind(prefix, 0) == 0) {
      return line;
    }
  }
  return {};
}

/// One entry of an "Exits: north (unexplored), west (to the well, one-way)." line.
struct exit_entry {
  std::string dir;
  bool unexplored = false;
  bool to_well = false;  ///< "(to the well)" or "(to the well, one-way)"
  bool one_way = false;  ///< "(one-way)" or "(to the well, one-way)"
};

/// The entries of an "Exits: ..." line, split on the ", " between entries (not the one inside a mark such as
/// "(to the well, one-way)").
inline std::vector<exit_entry> parse_exits(std::string line) {
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
  std::vector<std::string> items(1);
  int depth = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    depth += line[i] == '(' ? 1 : line[i] == ')' ? -1 : 0;
    if (depth == 0 && line.compare(i, 2, ", ") == 0) {
      items.emplace_back();
      ++i;
      continue;
    }
    items.back() += line[i];
  }
  for (const std::string& item : items) {
    exit_entry e;
    e.dir = item.substr(0, item.find(' '));
    e.unexplored = item.find("(unexplored)") != std::string::npos;
    e.to_well = item.find("(to the well") != std::string::npos;
    e.one_way = item.find("one-way)") != std::string::npos;
    out.push_back(e);
  }
  return out;
}

// ---------------------------------------------------------------- Room.Info (flat JSON, read by hand)

inline std::optional<long long> json_int(std::string_view json, std::string_view key) {
  const std::string k = '"' + std::string(key) + "\":";
  const std::size_t at = json.find(k);
  if (at == std::string_view::npos) {
    return std::nullopt;
  }
  return std::stoll(std::string(json.substr(at + k.size(), 24)));
}

inline std::optional<std::pair<int, int>> json_coords(const std::string& json) {
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
inline std::optional<long long> json_exit(const std::string& json, char letter) {
  const std::size_t at = json.find("\"exits\":{");
  if (at == std::string::npos) {
    return std::nullopt;
  }
  return json_int(std::string_view(json).substr(at), std::string(1, letter));
}

inline bool json_clear(const std::string& json) { return json.find("\"clear\":true") != std::string::npos; }

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
inline room_seen show(telnet_client& c, std::string_view command) {
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

inline std::optional<exit_entry> first_unexplored(const room_seen& r) {
  for (const exit_entry& e : r.exits) {
    if (e.unexplored) {
      return e;
    }
  }
  return std::nullopt;
}

/// A room whose unexplored exits may be walked: it is clear (no monsters in the way) and has one.
inline bool can_go_deeper(const room_seen& r) { return json_clear(r.info) && first_unexplored(r).has_value(); }

/// Makes a character and climbs down the well; the login's Room.Info is consumed.
inline void enter_well(telnet_client& c, std::string_view name) {
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

inline std::optional<entered> enter_open_branch(telnet_client& c) {
  for (std::string_view passage : {"east", "north", "south", "west"}) {
    const room_seen first = show(c, passage);
    if (can_go_deeper(first)) {
      return entered{first, passage};
    }
    show(c, dir_named(passage).back);  // the way back to the well is never blocked
  }
  return std::nullopt;
}

}  // namespace dw::testing::dungeon_support
