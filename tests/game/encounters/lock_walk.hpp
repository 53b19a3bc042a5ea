#pragma once

// Finds rune locks for the game tests: an administrator walks a branch through the real world, clearing
// monster rooms with @clear (never a sealed door) and teleporting between known rooms, until a lock that
// suits the test is found. Rooms are read from GMCP Room.Info; a lock's order and hint from @stat room.
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tests/game/game_harness.hpp"

namespace dw::testing {

struct found_lock {
  int x = 0;
  int y = 0;
  std::vector<std::string> order;  ///< the runes in the order that opens it
  int hint_x = 0;
  int hint_y = 0;
  bool way_on = false;  ///< an unexplored exit waits behind it
};

class lock_walk {
 public:
  lock_walk(game_harness& h, game_harness::player admin) : h_(h), p_(admin) {}

  /// Walks until a lock for which `wanted` holds is found (the admin then stands in it), or `moves` run out.
  template <typename Wanted>
  std::optional<found_lock> find(Wanted wanted, int moves = 400) {
    step("down");
    if (!step("east")) {
      return std::nullopt;
    }
    for (int i = 0; i < moves; ++i) {
      if (here_lock_ && wanted(*here_lock_)) {
        return here_lock_;
      }
      // The next unexplored exit of a known room that is not a lock, in the order of their coordinates.
      std::optional<std::pair<std::pair<int, int>, char>> next;
      for (const auto& [at, exits] : rooms_) {
        if (locks_.contains(at)) {
          continue;
        }
        for (const char d : exits) {
          if (!next) {
            next = std::pair{at, d};
          }
        }
      }
      if (!next) {
        return std::nullopt;
      }
      go_to(next->first);
      std::string& exits = rooms_[next->first];
      exits.erase(exits.find(next->second), 1);  // taken now, whatever lies there
      step(std::string(1, next->second));
    }
    return std::nullopt;
  }

  /// Teleports to a known room of the branch.
  void go_to(std::pair<int, int> at) {
    if (here_ != at) {
      step("@goto " + std::to_string(branch_) + " " + std::to_string(at.first) + "," + std::to_string(at.second));
    }
  }

 private:
  /// Sends a command and reads where it left the admin; false when no new Room.Info came.
  bool step(const std::string& command) {
    const std::size_t before = p_.port->gmcp.size();
    h_.line(p_, command);
    const std::string text = p_.port->take();
    std::string info;
    for (std::size_t i = before; i < p_.port->gmcp.size(); ++i) {
      if (p_.port->gmcp[i].rfind("Room.Info ", 0) == 0) {
        info = p_.port->gmcp[i];
      }
    }
    if (info.empty()) {
      return false;
    }
    static const std::regex coords_re(R"re("coords":\[(-?\d+),(-?\d+)\])re");
    std::smatch m;
    if (!std::regex_search(info, m, coords_re)) {
      here_lock_.reset();
      return true;  // above ground
    }
    here_ = {std::stoi(m[1]), std::stoi(m[2])};
    here_lock_.reset();
    if (here_ == std::pair{0, 0}) {
      return true;  // the well: its passages are not this branch's exits
    }
    if (!rooms_.contains(here_)) {
      std::string unexplored;
      static const std::regex exit_re(R"re("([nesw])":0)re");
      for (auto it = std::sregex_iterator(info.begin(), info.end(), exit_re); it != std::sregex_iterator(); ++it) {
        unexplored += (*it)[1].str();
      }
      rooms_[here_] = unexplored;
    }
    if (text.find("A door of black stone seals the way on.") != std::string::npos) {
      here_lock_ = read_lock(info);
      locks_.insert(here_);
    } else if (info.find("\"clear\":false") != std::string::npos) {
      h_.line(p_, "@clear");
      p_.port->take();
    }
    return true;
  }

  std::optional<found_lock> read_lock(const std::string& info) {
    h_.line(p_, "@stat room");
    const std::string stat = p_.port->take();
    static const std::regex lock_re(R"(Rune lock: ([a-z ]+) \(sealed\), hint at \((-?\d+),(-?\d+)\))");
    static const std::regex branch_re(R"(of branch (\d+) at)");
    std::smatch m;
    if (std::regex_search(stat, m, branch_re)) {
      branch_ = std::stoi(m[1]);
    }
    if (!std::regex_search(stat, m, lock_re)) {
      return std::nullopt;
    }
    found_lock l;
    l.x = here_.first;
    l.y = here_.second;
    const std::string words = m[1];
    for (std::size_t start = 0; start < words.size();) {
      const std::size_t sp = words.find(' ', start);
      l.order.push_back(words.substr(start, sp == std::string::npos ? std::string::npos : sp - start));
      start = sp == std::string::npos ? words.size() : sp + 1;
    }
    l.hint_x = std::stoi(m[2]);
    l.hint_y = std::stoi(m[3]);
    l.way_on = std::regex_search(info, std::regex(R"re("[nesw]":0)re"));
    return l;
  }

  game_harness& h_;
  game_harness::player p_;
  std::map<std::pair<int, int>, std::string> rooms_;  ///< known room -> its unexplored exits not taken yet
  std::set<std::pair<int, int>> locks_;
  std::pair<int, int> here_{0, 0};
  std::optional<found_lock> here_lock_;
  int branch_ = 1;
};

}  // namespace dw::testing
