#include "bench/load/scenario.hpp"

#include <stdexcept>

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
  throw std::invalid_argument("unknown scenario: " + std::string(name));
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
    const std::size_t comma = rest.find(", ");
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
// What Deepwell answers, one way or another, to a step and to fight or attack.
std::vector<std::string> walk_replies() {
  return {"Exits:", "blocked until", "You cannot", "You are fighting", "You are not", "Everything goes dark"};
}
std::vector<std::string> fight_replies() {
  return {"You attack", "You will attack", "nothing here to fight", "already fighting", "not fighting",
          "You cannot", "Everything goes dark"};
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
  std::vector<const room_exit*> unexplored;
  std::vector<const room_exit*> inside;
  for (const room_exit& e : exits_) {
    if (e.unexplored) {
      unexplored.push_back(&e);
    } else if (!e.to_well) {
      inside.push_back(&e);
    }
  }
  const std::vector<const room_exit*>& pick = !unexplored.empty() ? unexplored : inside;
  if (!pick.empty()) {
    return {pick[rng_() % pick.size()]->dir, walk_replies()};
  }
  if (!exits_.empty()) {
    return {exits_[rng_() % exits_.size()].dir, walk_replies()};
  }
  return look();
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
  if (text.find("You are not fighting anything") != std::string_view::npos ||
      text.find("There is nothing here to fight") != std::string_view::npos) {
    fight_ = fight::none;
  }
  if (text.find("You wake up in the village square") != std::string_view::npos) {
    fight_ = fight::none;
    in_village_ = true;
  }
}

}  // namespace dw::load
