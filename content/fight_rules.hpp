#pragma once

namespace dw::content {

/// fights.toml: bare hands, what a won fight gives, and the price of a scroll.
struct fight_rules {
  int fist_damage = 2;               ///< most damage per blow without a weapon
  double drop_chance = 0.2;          ///< chance a won fight drops one of the monster's items
  double scrolls_per_reward = 1.5;   ///< most scrolls a win gives = floor(this × reward multiplier)
  int max_scrolls = 5;               ///< ... but never more than this
  double best_of_per_reward = 1.0;   ///< a looted scroll is the best of floor(this × reward) candidates
  int max_best_of = 6;               ///< ... at most this many
  int scroll_base_price = 40;        ///< price before the scroll's attribute multipliers

  bool operator==(const fight_rules&) const = default;
};

}  // namespace dw::content
