#pragma once

// What a telnet client has been told about its character, read from everything it received: the rooms
// shown (GMCP Room.Info), what it picked up, dropped, wielded and wore, and every sentence about silver
// and goods (told_trade). Used by the crash-consistency test to know what must survive a kill -9, and
// by the economy invariant test to keep its ledger. Parsing is by hand on purpose: the flat Room.Info
// JSON and the game's fixed sentences are part of what players see.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "content/plural.hpp"
#include "tests/support/telnet_client.hpp"

namespace dw::testing {

// ---------------------------------------------------------------- Room.Info

/// One GMCP Room.Info: {"num", "name", "area", "coords": [x, y] or null, "depth", "clear", "exits"}.
struct room_info {
  long long num = -1;
  std::string area;
  int depth = 0;
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
  r.depth = static_cast<int>(json_int(json, "depth").value_or(0));
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

/// Reads the last `inventory` answer in `text` ("You carry:\n  a rusty knife (wielded)\n...Hit points: "). Things
/// alike are one line ("2 linen bandages"): such a line counts as that many of the name in `known` whose
/// plural it is (left as it reads when none is).
inline std::optional<inventory_list> parse_inventory(const std::string& text, const std::multiset<std::string>& known = {}) {
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
    int count = 1;
    if (const std::size_t sp = name.find(' '); in_use == nullptr && sp != std::string::npos && sp > 0 &&
                                               std::all_of(name.begin(), name.begin() + static_cast<std::ptrdiff_t>(sp),
                                                           [](char c) { return c >= '0' && c <= '9'; })) {
      const std::string plural = name.substr(sp + 1);
      for (const std::string& k : known) {
        if (dw::content::plural_of(k) == plural) {
          count = std::stoi(name.substr(0, sp));
          name = k;
          break;
        }
      }
    }
    for (int i = 0; i < count; ++i) {
      out.items.insert(name);
    }
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

// ---------------------------------------------------------------- trades

/// One sentence about silver or goods that a player was told, in the order told. `item` is an item's
/// name, `other` the other player (or the one whose pack it was); `amount` the price, the silver moved
/// or found; `total` the silver the sentence says the player has now, or -1 when it says none.
struct told_trade {
  enum class kind {
    bought,         ///< You buy <item> for <amount> silver. You have <total> silver left.
    cannot_afford,  ///< <Item> costs <amount> silver; you have <total> silver.
    sold,           ///< You sell <item> for <amount> silver.
    silver_is,      ///< You have <total> silver. | Silver: <total> | She asks <amount> silver ...; you have <total> ...
    identify_paid,  ///< For <amount> silver the merchant unrolls it ...
    gave_silver,    ///< You give <amount> silver to <other>. You have <total> silver left.
    got_silver,     ///< <other> gives you <amount> silver. You have <total> silver.
    too_poor,       ///< You have only <total> silver.
    gave_item,      ///< You give <item> to <other>.
    got_item,       ///< <other> gives you <item>.
    not_carried,    ///< You carry no '<item>'.
    picked_up,      ///< You pick up <item>.
    used_up,        ///< You drink <item>. You feel better ... | You bind your wounds with <item>. You feel ...
    took_pack,      ///< You take <other>'s fallen pack: <amount> silver and <count> scrolls.
    left_pack,      ///< Your unsold scrolls and half your silver stay behind in your fallen pack.
    knocked_out,    ///< Everything goes dark...
    found_silver,   ///< You find <amount> silver. | You find N silver between you; your share is <amount>.
    conjured,       ///< You conjure <item> (seed N).
    fight_joined,   ///< You attack ...! | ... attack(s) you! | You are already (still) fighting ...
    fight_won,      ///< The last of them falls. (or a leader: <title> falls! The room is clear...)
  };
  kind what = kind::silver_is;
  std::string item;
  std::string other;
  std::int64_t amount = 0;
  std::int64_t total = -1;
  std::int64_t count = 0;
  std::string said;  ///< the sentence itself, for messages
};

/// Matches a sentence against `pattern`, in which '*' stands for some text (as little as fits) and '#'
/// for a whole number; returns what they stood for, in order, or nullopt when the sentence is another.
inline std::optional<std::vector<std::string>> match_sentence(std::string_view line, std::string_view pattern) {
  if (pattern.empty()) {
    return line.empty() ? std::optional<std::vector<std::string>>(std::vector<std::string>{}) : std::nullopt;
  }
  const char p = pattern.front();
  if (p != '*' && p != '#') {
    if (line.empty() || line.front() != p) {
      return std::nullopt;
    }
    return match_sentence(line.substr(1), pattern.substr(1));
  }
  for (std::size_t n = 1; n <= line.size(); ++n) {
    const std::string_view part = line.substr(0, n);
    if (p == '#' && !(std::isdigit(static_cast<unsigned char>(part.back())) != 0 || (n == 1 && part[0] == '-'))) {
      break;  // a number is over at its first other character
    }
    if (auto rest = match_sentence(line.substr(n), pattern.substr(1))) {
      rest->insert(rest->begin(), std::string(part));
      return rest;
    }
  }
  return std::nullopt;
}

inline std::int64_t whole_number(std::string_view text) {
  std::int64_t n = 0;
  std::from_chars(text.data(), text.data() + text.size(), n);
  return n;
}

/// The silver and scrolls of "You take Ann's fallen pack: 21 silver and 2 scrolls." ("nothing" is none).
inline std::pair<std::int64_t, std::int64_t> pack_contents(std::string_view said) {
  for (std::string_view scrolls : {"scroll", "scrolls"}) {
    if (auto both = match_sentence(said, "# silver and # " + std::string(scrolls))) {
      return {whole_number((*both)[0]), whole_number((*both)[1])};
    }
    if (auto held = match_sentence(said, "# " + std::string(scrolls))) {
      return {0, whole_number((*held)[0])};
    }
  }
  if (auto coins = match_sentence(said, "# silver")) {
    return {whole_number((*coins)[0]), 0};
  }
  return {0, 0};
}

/// The trade a line tells, if it tells one. A prompt the line starts with ("[40/40 hp] > ") is skipped.
inline std::optional<told_trade> parse_trade(std::string_view line) {
  constexpr std::string_view prompt_end = " hp] > ";
  if (const std::size_t at = line.rfind(prompt_end); at != std::string_view::npos) {
    line.remove_prefix(at + prompt_end.size());
  }
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) {
    line.remove_suffix(1);
  }
  using k = told_trade::kind;
  told_trade t;
  t.said = std::string(line);
  const auto n = [](const std::string& s) { return whole_number(s); };
  if (auto m = match_sentence(line, "You buy * for # silver. You have # silver left.")) {
    t.what = k::bought;
    t.item = (*m)[0];
    t.amount = n((*m)[1]);
    t.total = n((*m)[2]);
  } else if (auto m = match_sentence(line, "* costs # silver; you have # silver.")) {
    t.what = k::cannot_afford;
    t.item = (*m)[0];
    t.amount = n((*m)[1]);
    t.total = n((*m)[2]);
  } else if (auto m = match_sentence(line, "You sell * for # silver.")) {
    t.what = k::sold;
    t.item = (*m)[0];
    t.amount = n((*m)[1]);
  } else if (auto m = match_sentence(line, "You have # silver.")) {
    t.what = k::silver_is;
    t.total = n((*m)[0]);
  } else if (auto m = match_sentence(line, "Silver: #")) {
    t.what = k::silver_is;
    t.total = n((*m)[0]);
  } else if (auto m = match_sentence(line, "She asks # silver to tell; you have # silver.")) {
    t.what = k::silver_is;
    t.amount = n((*m)[0]);
    t.total = n((*m)[1]);
  } else if (auto m = match_sentence(line, "For # silver the merchant unrolls *")) {
    t.what = k::identify_paid;
    t.amount = n((*m)[0]);
  } else if (auto m = match_sentence(line, "You give # silver to *. You have # silver left.")) {
    t.what = k::gave_silver;
    t.amount = n((*m)[0]);
    t.other = (*m)[1];
    t.total = n((*m)[2]);
  } else if (auto m = match_sentence(line, "* gives you # silver. You have # silver.")) {
    t.what = k::got_silver;
    t.other = (*m)[0];
    t.amount = n((*m)[1]);
    t.total = n((*m)[2]);
  } else if (auto m = match_sentence(line, "You have only # silver.")) {
    t.what = k::too_poor;
    t.total = n((*m)[0]);
  } else if (auto m = match_sentence(line, "You give * to *.")) {
    t.what = k::gave_item;
    t.item = (*m)[0];
    t.other = (*m)[1];
  } else if (auto m = match_sentence(line, "* gives you *.")) {
    t.what = k::got_item;
    t.other = (*m)[0];
    t.item = (*m)[1];
  } else if (auto m = match_sentence(line, "You carry no '*'.")) {
    t.what = k::not_carried;
    t.item = (*m)[0];
  } else if (auto m = match_sentence(line, "You pick up *.")) {
    t.what = k::picked_up;
    t.item = (*m)[0];
  } else if (auto m = match_sentence(line, "You drink *. You feel better *")) {
    t.what = k::used_up;
    t.item = (*m)[0];
  } else if (auto m = match_sentence(line, "You bind your wounds with *. You feel better *")) {
    t.what = k::used_up;
    t.item = (*m)[0];
  } else if (auto m = match_sentence(line, "You take *'s fallen pack: *.")) {
    t.what = k::took_pack;
    t.other = (*m)[0];
    std::tie(t.amount, t.count) = pack_contents((*m)[1]);
  } else if (line == "Your unsold scrolls and half your silver stay behind in your fallen pack.") {
    t.what = k::left_pack;
  } else if (line.starts_with("Everything goes dark")) {
    t.what = k::knocked_out;
  } else if (auto m = match_sentence(line, "You find # silver.")) {
    t.what = k::found_silver;
    t.amount = n((*m)[0]);
  } else if (auto m = match_sentence(line, "You find # silver between you; your share is #.")) {
    t.what = k::found_silver;
    t.amount = n((*m)[1]);
  } else if (auto m = match_sentence(line, "You conjure * (seed #).")) {
    t.what = k::conjured;
    t.item = (*m)[0];
  } else if ((line.starts_with("You attack ") && line.ends_with("!")) || line.ends_with(" attack you!") ||
             line.ends_with(" attacks you!") || line.starts_with("You are already fighting") ||
             line.starts_with("You are still fighting")) {
    t.what = k::fight_joined;
  } else if (line.starts_with("The last of them falls.") || line.find(" falls! The room is clear") != std::string::npos) {
    // (a leader falls by its title: "Old Gnawbone, the rat-king falls! The room is clear...")
    t.what = k::fight_won;
  } else {
    return std::nullopt;
  }
  return t;
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
  std::vector<told_trade> trades;           ///< every sentence about silver and goods, in the order told

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
    if (auto trade = parse_trade(line)) {
      trades.push_back(std::move(*trade));
    }
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
    } else if (line.find("On the ground: ") != std::string::npos || line.find("They leave behind:") == 0 || line.find("It leaves behind:") == 0 ||
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
