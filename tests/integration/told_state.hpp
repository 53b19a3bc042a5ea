#pragma once

// What a telnet client has been told about its character, read from everything it received: the rooms
// shown (GMCP Room.Info), what it picked up, dropped, wielded and wore. Used by the crash-consistency
// test to know what must survive a kill -9. Parsing is by hand on purpose: the flat Room.Info JSON and
// the game's fixed sentences are part of what players see.
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tests/support/telnet_client.hpp"

namespace dw::testing {

// ---------------------------------------------------------------- Room.Info

/// One GMCP Room.Info: {"num", "name", "area", "coords": [x, y] or null, "depth", "clear", "exits"}.
struct room_info {
  long long num = -1;
  std::string area;
  std::optional<std::pair<int, int>> coords;
  bool clear = false;
  std::map<char, long long> exits;  ///< letter -> room id, 0 for an unexplored exit
};

inline std::optional<long long> json_int(std::string_view json, std::string_view key) {
  const std::string k = '"' + std::string(key) + "\":";
  const std::size_t at = json.find(k);
  if (at == std::string_view::npos) {
    return std::nullopt;
  }
  return std::stoll(std::string(json.substr(at + k.size(), 24)));
}

inline std::string json_string(std::string_view json, std::string_view key) {
  const std::string k = '"' + std::string(key) + "\":\"";
  const std::size_t at = json.find(k);
  std::string out;
  for (std::size_t i = at == std::string_view::npos ? json.size() : at + k.size(); i < json.size(); ++i) {
    if (json[i] == '"') {
      break;
    }
    if (json[i] == '\\' && i + 1 < json.size()) {
      ++i;
    }
    out.push_back(json[i]);
  }
  return out;
}

inline room_info parse_room_info(const std::string& json) {
  room_info r;
  r.num = json_int(json, "num").value_or(-1);
  r.area = json_string(json, "area");
  if (const std::size_t at = json.find("\"coords\":["); at != std::string::npos) {
    int x = 0;
    int y = 0;
    if (std::sscanf(json.c_str() + at + 10, "%d,%d]", &x, &y) == 2) {
      r.coords = std::pair{x, y};
    }
  }
  r.clear = json.find("\"clear\":true") != std::string::npos;
  if (const std::size_t at = json.find("\"exits\":{"); at != std::string::npos) {
    const std::size_t end = json.find('}', at);
    const std::string_view exits = std::string_view(json).substr(at + 9, end == std::string::npos ? end : end - at - 9);
    for (char letter : {'n', 'e', 's', 'w', 'u', 'd'}) {
      if (auto id = json_int(exits, std::string(1, letter))) {
        r.exits[letter] = *id;
      }
    }
  }
  return r;
}

inline std::string describe(const room_info& r) {
  std::string out = "room " + std::to_string(r.num) + " (" + r.area;
  if (r.coords) {
    out += " " + std::to_string(r.coords->first) + "," + std::to_string(r.coords->second);
  }
  return out + ")";
}

// ---------------------------------------------------------------- inventory

/// What a character carries: item names (two scrolls may share one), and what is in use.
struct inventory_list {
  std::multiset<std::string> items;
  std::optional<std::string> wielded;
  std::optional<std::string> worn;
};

/// Reads the last `inventory` answer in `text` ("You carry:\n  a rusty knife (wielded)\n...Hit points: ").
inline std::optional<inventory_list> parse_inventory(const std::string& text) {
  const std::size_t start = text.rfind("You carry");
  const std::size_t end = start == std::string::npos ? start : text.find("Hit points: ", start);
  if (end == std::string::npos) {
    return std::nullopt;
  }
  inventory_list out;
  std::istringstream lines(text.substr(start, end - start));
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("  ", 0) != 0) {
      continue;
    }
    std::string name = line.substr(2);
    std::optional<std::string>* in_use = nullptr;
    for (auto [suffix, slot] :
         {std::pair{std::string_view(" (wielded)"), &out.wielded}, std::pair{std::string_view(" (worn)"), &out.worn}}) {
      if (name.size() > suffix.size() && name.ends_with(suffix)) {
        name.resize(name.size() - suffix.size());
        in_use = slot;
      }
    }
    if (in_use != nullptr) {
      *in_use = name;
    }
    out.items.insert(name);
  }
  return out;
}

inline std::string describe(const std::multiset<std::string>& items) {
  std::string out;
  for (const std::string& i : items) {
    out += (out.empty() ? "" : "; ") + i;
  }
  return "{" + out + "}";
}

// ---------------------------------------------------------------- everything told

/// Everything one player has been told, over every life of the server. Fed from each connection's
/// received text and GMCP by absorb(), so nothing told is missed even when the test did not wait for it.
class told_state {
 public:
  std::map<long long, room_info> rooms;  ///< every room shown, by id
  std::set<long long> shown_clear;       ///< rooms shown clear at least once
  std::optional<room_info> here;         ///< the last room shown
  inventory_list carried;
  bool equipment_known = true;              ///< false once a told drop leaves unclear which same-named item went
  std::vector<std::string> contradictions;  ///< the server told two things that cannot both be true
  bool floor_has_items = false;             ///< a guess that steers the drive; nothing is checked against it

  /// A new connection: its streams start from nothing.
  void new_connection() {
    text_read_ = 0;
    gmcp_read_ = 0;
  }

  /// Reads what `c` received since the last call: every Room.Info, and every complete line of text.
  void absorb(const telnet_client& c) {
    const std::vector<gmcp_message>& gmcp = c.all_gmcp();
    for (; gmcp_read_ < gmcp.size(); ++gmcp_read_) {
      if (gmcp[gmcp_read_].package == "Room.Info") {
        shown(parse_room_info(gmcp[gmcp_read_].json));
      }
    }
    const std::string& text = c.all_text();
    const std::size_t complete = text.rfind('\n');
    if (complete == std::string::npos || complete < text_read_) {
      return;
    }
    std::istringstream lines(text.substr(text_read_, complete - text_read_));
    text_read_ = complete + 1;
    std::string line;
    while (std::getline(lines, line)) {
      read_line(line);
    }
  }

 private:
  void shown(const room_info& r) {
    if (auto known = rooms.find(r.num); known != rooms.end()) {
      if (known->second.area != r.area || known->second.coords != r.coords) {
        contradictions.push_back("room id " + std::to_string(r.num) + " was " + describe(known->second) +
                                 " and is now " + describe(r));
      }
      if (shown_clear.contains(r.num) && !r.clear) {
        contradictions.push_back(describe(r) + " was shown clear and is now shown not clear");
      }
    }
    if (!here || here->num != r.num) {
      floor_has_items = false;  // a new room: its text says what lies there
    }
    rooms[r.num] = r;
    if (r.clear) {
      shown_clear.insert(r.num);
    }
    here = r;
  }

  /// The item named after `marker` on this line ("You pick up a rusty knife."), without the full stop.
  static std::optional<std::string> told_name(const std::string& line, std::string_view marker) {
    const std::size_t at = line.find(marker);
    if (at == std::string::npos || !line.ends_with('.')) {
      return std::nullopt;
    }
    return line.substr(at + marker.size(), line.size() - at - marker.size() - 1);
  }

  void read_line(const std::string& line) {
    if (auto taken = told_name(line, "You pick up ")) {
      carried.items.insert(*taken);
      floor_has_items = false;  // the drive only says `get all`, which takes everything
    } else if (auto dropped = told_name(line, "You drop ")) {
      if (auto it = carried.items.find(*dropped); it != carried.items.end()) {
        carried.items.erase(it);
      } else {
        contradictions.push_back("told 'You drop " + *dropped + ".' but never told it was picked up");
      }
      // With two of a name, which one went is not told: the item in use is unknown until `inventory`.
      equipment_known = equipment_known && carried.wielded != dropped && carried.worn != dropped;
      floor_has_items = true;
    } else if (auto wielded = told_name(line, "You wield ")) {
      carried.wielded = *wielded;
    } else if (auto worn = told_name(line, "You wear ")) {
      carried.worn = *worn;
    } else if (auto removed = told_name(line, "You stop using ")) {
      if (carried.wielded == removed) {
        carried.wielded.reset();
      } else if (carried.worn == removed) {
        carried.worn.reset();
      }
    } else if (line.find("On the ground: ") != std::string::npos || line.find("They leave behind:") == 0 ||
               line.find("You conjure ") != std::string::npos) {
      floor_has_items = true;
    } else if (line.find("There is nothing here to pick up.") != std::string::npos) {
      floor_has_items = false;
    }
  }

  std::size_t text_read_ = 0;  ///< read positions in the current connection's streams
  std::size_t gmcp_read_ = 0;
};

}  // namespace dw::testing
