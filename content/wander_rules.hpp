#pragma once

#include <string>

namespace dw::content {

/// wanderers.toml: how many monsters roam a branch's explored rooms, how big they are, how often they stay.
struct wander_rules {
  int min_rooms = 4;           ///< a branch with fewer explored rooms has no wanderers
  int rooms_per_wanderer = 6;  ///< one wanderer for every this many explored rooms
  int max_per_branch = 3;      ///< never more in one branch (0: none at all)
  int max_group = 1;           ///< most monsters in one wanderer's group
  double stay_chance = 0.25;   ///< chance a wanderer stays put at a step
  std::string verb_one = "prowls";  ///< "A cave rat prowls here."
  std::string verb_many = "prowl";  ///< "Two cave rats prowl here."

  bool operator==(const wander_rules&) const = default;
};

}  // namespace dw::content
