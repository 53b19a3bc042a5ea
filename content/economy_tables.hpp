#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace dw::content {

/// How a supply is used: drunk, tied on, or only carried (a lantern).
enum class supply_use : std::uint8_t { quaff, apply, carry };

/// merchant.toml [[supplies]]: something the merchant sells.
struct supply_def {
  std::string key;
  std::string name;         ///< "a healing draught"
  std::string description;  ///< shown on examine
  supply_use use = supply_use::carry;
  int heal = 0;   ///< hit points restored on use
  int price = 1;  ///< what she asks

  bool operator==(const supply_def&) const = default;
};

/// merchant.toml: what the merchant sells and what she pays.
struct merchant_rules {
  double scroll_factor = 1.0;  ///< of a scroll's price
  double gear_factor = 0.5;    ///< of a weapon's or armour's price
  int identify_price = 1;
  int board_lines = 10;  ///< how many the hall of fame lists
  std::vector<supply_def> supplies;

  /// The supply with this key, or nullptr.
  const supply_def* find_supply(std::string_view key) const {
    for (const supply_def& s : supplies) {
      if (s.key == key) {
        return &s;
      }
    }
    return nullptr;
  }

  bool operator==(const merchant_rules&) const = default;
};

/// scroll_effects.toml [[effects]]: what reading a scroll does.
struct scroll_effect {
  std::string key;   ///< "ward", "map", "return" or "heal"
  std::string name;  ///< "a scroll of warding"
  int weight = 1;
  double multiplier = 1.0;  ///< of the scroll's price
  int amount = 0;           ///< ward: damage absorbed; heal: hit points
  int rounds = 0;           ///< ward: rounds it lasts

  bool operator==(const scroll_effect&) const = default;
};

/// The effect keys the game knows how to carry out.
inline constexpr std::string_view scroll_effect_keys[] = {"ward", "map", "return", "heal"};

}  // namespace dw::content
