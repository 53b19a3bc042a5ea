#include "bench/load/scenario.hpp"

#include <charconv>
#include <cstdlib>
#include <deque>
#include <limits>
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
/// The grid position a step `dir` from `at` leads to (nothing for up and down).
std::optional<std::pair<int, int>> neighbour(std::pair<int, int> at, const std::string& dir) {
  if (dir == "north") {
    return std::pair{at.first, at.second + 1};
  }
  if (dir == "south") {
    return std::pair{at.first, at.second - 1};
  }
  if (dir == "east") {
    return std::pair{at.first + 1, at.second};
  }
  if (dir == "west") {
    return std::pair{at.first - 1, at.second};
  }
  return std::nullopt;
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

/// The way to the well from here: an exit to it, else the first step of the shortest known way
/// (way_out_step), which is back the way it came when that is the shortest and has no one-way exit on it.
/// Nothing when no known way leads on, so that the caller explores.
std::optional<command> player::toward_well() {
  for (const room_exit& e : exits_) {
    if (e.to_well) {
      return step(e.dir);
    }
  }
  if (std::optional<std::string> dir = way_out_step()) {
    return step(*dir);
  }
  return std::nullopt;
}

std::optional<std::string> player::way_out_step() const {
  if (!here_ || here_->branch != known_branch_) {
    return std::nullopt;
  }
  const std::pair<int, int> from{here_->x, here_->y};
  if (!known_.contains(from)) {
    return std::nullopt;
  }
  // Breadth first over the known rooms: each reached room keeps the first step of the way to it, and how
  // many steps that way takes.
  std::map<std::pair<int, int>, std::pair<std::string, int>> reached{{from, {"", 0}}};
  std::deque<std::pair<int, int>> queue{from};
  std::optional<std::string> edge;
  std::pair<int, int> edge_rank{std::numeric_limits<int>::max(), 0};  // (steps, distance from the well)
  while (!queue.empty()) {
    const std::pair<int, int> at = queue.front();
    queue.pop_front();
    const auto [first, steps] = reached.at(at);
    for (const room_exit& e : known_.at(at)) {
      if (e.unexplored) {
        continue;
      }
      const std::string& via = at == from ? e.dir : first;
      if (e.to_well) {
        return via;  // (the nearest such room: breadth first)
      }
      const std::optional<std::pair<int, int>> next = neighbour(at, e.dir);
      if (!next || reached.contains(*next)) {
        continue;
      }
      if (!known_.contains(*next)) {
        const std::pair<int, int> rank{steps + 1, std::abs(next->first) + std::abs(next->second)};
        if (rank < edge_rank) {
          edge = via;
          edge_rank = rank;
        }
        continue;
      }
      reached.emplace(*next, std::pair{via, steps + 1});
      queue.push_back(*next);
    }
  }
  return edge;
}

command player::step(const std::string& dir) { return {dir, walk_replies()}; }

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
      if (p->first != known_branch_) {
        known_.clear();
        known_branch_ = p->first;
      }
      known_[p->second] = exits_;
      here_ = place{p->first, p->second.first, p->second.second};
    } else if (at_well_) {
      here_.reset();
      known_.clear();
      known_branch_.clear();
    }
  }
  if (text.find("There is no way down here") != std::string_view::npos) {
    in_village_ = false;  // (logged in again where it left off, in the dungeon)
  }
  if (text.find("You wake up in the village square") != std::string_view::npos) {
    fight_ = fight::none;
    in_village_ = true;
    here_.reset();
    known_.clear();
    known_branch_.clear();
  }
}

}  // namespace dw::load
