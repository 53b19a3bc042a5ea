#include "bench/load/scenario.hpp"

#include <array>
#include <charconv>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <utility>

namespace dw::load {

scenario parse_scenario(std::string_view name) {
  if (name == "idle") {
    return scenario::idle;
  }
  if (name == "rtt") {
    return scenario::rtt;
  }
  if (name == "chat") {
    return scenario::chat;
  }
  if (name == "explore") {
    return scenario::explore;
  }
  if (name == "mixed") {
    return scenario::mixed;
  }
  if (name == "soak") {
    return scenario::soak;
  }
  throw std::invalid_argument("unknown scenario: " + std::string(name));
}

scenario role_of(scenario s, int n) {
  if (s != scenario::soak) {
    return s;
  }
  switch (n % 7) {
    case 5:
      return scenario::chat;
    case 6:
      return scenario::idle;
    default:
      return scenario::explore;
  }
}

std::vector<room_exit> parse_exits(std::string_view text, bool& found) {
  std::vector<room_exit> exits;
  const std::size_t at = text.rfind("Exits: ");
  found = at != std::string_view::npos;
  if (!found) {
    return exits;
  }
  std::string_view rest = text.substr(at + 7);
  rest = rest.substr(0, rest.find('\n'));
  if (!rest.empty() && rest.back() == '.') {
    rest.remove_suffix(1);
  }
  if (rest == "none") {
    return exits;
  }
  while (!rest.empty()) {
    // (items are split at ", " outside parentheses: "up (to the well, one-way)" is one exit)
    std::size_t comma = std::string_view::npos;
    for (std::size_t i = 0, depth = 0; i + 1 < rest.size(); ++i) {
      if (rest[i] == '(') {
        ++depth;
      } else if (rest[i] == ')' && depth > 0) {
        --depth;
      } else if (depth == 0 && rest[i] == ',' && rest[i + 1] == ' ') {
        comma = i;
        break;
      }
    }
    const std::string_view item = rest.substr(0, comma);
    room_exit e;
    e.dir = std::string(item.substr(0, item.find(' ')));
    e.unexplored = item.find("(unexplored)") != std::string_view::npos;
    e.to_well = item.find("to the well") != std::string_view::npos;
    if (!e.dir.empty()) {
      exits.push_back(std::move(e));
    }
    if (comma == std::string_view::npos) {
      break;
    }
    rest.remove_prefix(comma + 2);
  }
  return exits;
}

namespace {
std::string opposite(const std::string& dir) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 6> pairs{
      {{"north", "south"}, {"south", "north"}, {"east", "west"}, {"west", "east"}, {"up", "down"}, {"down", "up"}}};
  for (const auto& [a, b] : pairs) {
    if (dir == a) {
      return std::string(b);
    }
  }
  return dir;
}

/// The place in the last room title line of `text` ("Low muddy drain  [East branch 2, 1,0, depth 1]").
std::optional<std::pair<std::string, std::pair<int, int>>> place_in(std::string_view text) {
  const std::size_t depth = text.rfind(", depth ");
  if (depth == std::string_view::npos) {
    return std::nullopt;
  }
  const std::size_t open = text.rfind('[', depth);
  if (open == std::string_view::npos) {
    return std::nullopt;
  }
  const std::string_view inside = text.substr(open + 1, depth - open - 1);  // "East branch 2, 1,0"
  const std::size_t comma = inside.find(", ");
  if (comma == std::string_view::npos) {
    return std::nullopt;
  }
  const std::string_view xy = inside.substr(comma + 2);
  const std::size_t mid = xy.find(',');
  if (mid == std::string_view::npos) {
    return std::nullopt;
  }
  int x = 0;
  int y = 0;
  if (std::from_chars(xy.data(), xy.data() + mid, x).ec != std::errc{} ||
      std::from_chars(xy.data() + mid + 1, xy.data() + xy.size(), y).ec != std::errc{}) {
    return std::nullopt;
  }
  return std::pair{std::string(inside.substr(0, comma)), std::pair{x, y}};
}

// What Deepwell answers, one way or another, to a step and to fight or attack.
std::vector<std::string> walk_replies() {
  return {"Exits:",      "blocked until",        "You cannot",     "You are fighting",
          "You are not", "Everything goes dark", "There is no way"};
}
std::vector<std::string> fight_replies() {
  return {"You attack",   "You will attack", "nothing here to fight", "already fighting",
          "not fighting", "You cannot",      "Everything goes dark"};
}
}  // namespace

command player::next() {
  switch (scenario_) {
    case scenario::idle:
    case scenario::rtt:
      return look();
    case scenario::chat:
      return say();
    case scenario::explore:
    case scenario::soak:  // (a soak client plays its role_of, never soak itself)
      return walk();
    case scenario::mixed: {
      const auto roll = rng_() % 100;
      if (roll < 50) {
        return walk();
      }
      if (roll < 70) {
        return look();
      }
      if (roll < 90) {
        return say();
      }
      return {"who", {"Playing now:", "Nobody is playing"}};
    }
  }
  return look();
}

command player::look() { return {"look", {"Exits:"}}; }

command player::say() {
  std::string words = "hello from " + name_ + " " + std::to_string(++said_);
  return {"say " + words, {words}};
}

command player::walk() {
  if (fight_ == fight::start) {
    fight_ = fight::attacking;
    fight_since_ = std::chrono::steady_clock::now();
    return {"fight", fight_replies()};
  }
  if (fight_ == fight::attacking) {
    // (rounds come every 2 s: a fight still going after a minute is something this client does not
    // understand, so it runs)
    if (std::chrono::steady_clock::now() - fight_since_ > std::chrono::minutes(1)) {
      fight_ = fight::none;
      return {"flee", {"flee", "You ", "not fighting"}};
    }
    return {"attack", fight_replies()};
  }
  if (in_village_) {
    in_village_ = false;
    exits_.clear();
    return {"down", walk_replies()};
  }
  if (homeward_ || finding_way_out_) {
    if (homeward_) {
      ++home_steps_;
    }
    if (std::optional<command> c = toward_well()) {
      return *std::move(c);
    }
  }
  std::vector<const room_exit*> unexplored;
  std::vector<const room_exit*> inside;
  for (const room_exit& e : exits_) {
    if (e.unexplored) {
      unexplored.push_back(&e);
    } else if (!e.to_well) {
      inside.push_back(&e);
    }
  }
  if (avoid_unexplored_ > 0) {
    --avoid_unexplored_;
    if (!inside.empty()) {
      unexplored.clear();
    }
  }
  const std::vector<const room_exit*>& pick = !unexplored.empty() ? unexplored : inside;
  if (!pick.empty()) {
    return step(pick[rng_() % pick.size()]->dir);
  }
  if (!exits_.empty()) {
    return step(exits_[rng_() % exits_.size()].dir);
  }
  return look();
}

/// The way to the well from here: an exit to it, else back the way it came, else (it came through a
/// one-way exit, or lost its way, or began the session in the dungeon) mostly the known exit that leads
/// nearest the well at (0,0), sometimes nothing, so that the caller's other choices get a chance and a
/// dead end does not hold it.
std::optional<command> player::toward_well() {
  for (const room_exit& e : exits_) {
    if (e.to_well) {
      return step(e.dir);
    }
  }
  if (!steps_.empty() && !finding_way_out_) {  // (the way it came leads to where it logged in, not out)
    const std::string back = opposite(steps_.back());
    for (const room_exit& e : exits_) {
      if (e.dir == back) {
        return step(back);
      }
    }
  }
  if (!trail_.empty() && rng_() % 10 < 7) {
    const room_exit* best = nullptr;
    int best_distance = 0;
    for (const room_exit& e : exits_) {
      int x = trail_.back().x;
      int y = trail_.back().y;
      if (e.dir == "north") {
        ++y;
      } else if (e.dir == "south") {
        --y;
      } else if (e.dir == "east") {
        ++x;
      } else if (e.dir == "west") {
        --x;
      }
      const int distance = std::abs(x) + std::abs(y);
      if (!e.unexplored && (best == nullptr || distance < best_distance)) {
        best = &e;
        best_distance = distance;
      }
    }
    if (best != nullptr) {
      return step(best->dir);
    }
  }
  return std::nullopt;
}

command player::step(const std::string& dir) {
  last_step_ = dir;
  return {dir, walk_replies()};
}

/// Keeps the way in: a room already on it cuts the loop since (the way back is the shortest known).
void player::arrived(const place& p) {
  if (!trail_.empty() && trail_.back() == p) {
    return;
  }
  if (trail_.empty() || trail_.front().branch != p.branch) {
    trail_.assign(1, p);
    steps_.clear();
    return;
  }
  for (std::size_t i = 0; i < trail_.size(); ++i) {
    if (trail_[i] == p) {
      trail_.resize(i + 1);
      steps_.resize(i);
      return;
    }
  }
  trail_.push_back(p);
  steps_.push_back(last_step_);
}

void player::observe(std::string_view text) {
  bool found = false;
  std::vector<room_exit> exits = parse_exits(text, found);
  if (found) {
    exits_ = std::move(exits);
  }
  if (text.find("blocked until this room is cleared") != std::string_view::npos && fight_ == fight::none) {
    fight_ = fight::start;
  }
  if (text.find("You are fighting!") != std::string_view::npos && fight_ == fight::none) {
    fight_ = fight::attacking;
    fight_since_ = std::chrono::steady_clock::now();
  }
  if (text.find("There is nothing here to fight") != std::string_view::npos) {
    // (blocked with nothing to fight: a sealed rune door; try other ways for a while)
    avoid_unexplored_ = 6;
  }
  if (text.find("You are not fighting anything") != std::string_view::npos ||
      text.find("There is nothing here to fight") != std::string_view::npos) {
    fight_ = fight::none;
  }
  if (found) {
    // (the last room shown is the well if its title comes after the last branch room's)
    const std::size_t well = text.rfind("The Bottom of the Well");
    const std::size_t room = text.rfind(", depth ");
    at_well_ = well != std::string_view::npos && (room == std::string_view::npos || well > room);
    const auto p = place_in(text);
    if (!seen_room_) {
      // A session that begins in the dungeon (it quit there, lost, last time) first finds its way out,
      // as a player logging in lost would, rather than exploring on and holding the old branch.
      seen_room_ = true;
      finding_way_out_ = p && !at_well_;
      began_inside_ = finding_way_out_;
    }
    if (at_well_) {
      finding_way_out_ = false;
    }
    if (p && !at_well_) {
      arrived(place{p->first, p->second.first, p->second.second});
    } else if (at_well_) {
      trail_.clear();
      steps_.clear();
    }
  }
  if (text.find("There is no way down here") != std::string_view::npos) {
    in_village_ = false;  // (logged in again where it left off, in the dungeon)
  }
  if (text.find("You wake up in the village square") != std::string_view::npos) {
    fight_ = fight::none;
    in_village_ = true;
    trail_.clear();
    steps_.clear();
  }
}

}  // namespace dw::load
