#pragma once

#include <cstdint>
#include <optional>
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
  double pounds = 0;  ///< what it weighs (optional "pounds"; 0 when not given)

  bool operator==(const supply_def&) const = default;
};

/// merchant.toml [[tiers]]: weapons and armour the merchant sells, and who may buy them: a buyer whose
/// deepest depth is at least `depth`, or whose level is at least `level` (either will do; a tier names
/// one or both). Later tiers never open before earlier ones.
struct gear_tier {
  std::optional<int> depth;       ///< a deepest depth that opens the tier
  std::optional<int> level;       ///< a level that opens the tier
  std::vector<std::string> gear;  ///< keys in weapons.toml and armour.toml, at least one

  /// Whether a buyer who has been to `deepest` and reached `level` may buy from this tier.
  bool open_to(int deepest, int buyer_level) const {
    return (depth && deepest >= *depth) || (level && buyer_level >= *level);
  }

  bool operator==(const gear_tier&) const = default;
};

/// merchant.toml: what the merchant sells and what she pays.
struct merchant_rules {
  double scroll_factor = 1.0;  ///< of a scroll's price
  double gear_factor = 0.5;    ///< of a weapon's or armour's price
  int identify_price = 1;
  int board_lines = 10;  ///< how many the hall of fame lists
  std::vector<supply_def> supplies;
  std::vector<gear_tier> tiers;  ///< her weapons and armour, in the order they open (may be empty)

  /// The tier that sells the weapon or armour `key`, or nullptr when she does not sell it.
  const gear_tier* tier_of(std::string_view key) const {
    for (const gear_tier& t : tiers) {
      for (const std::string& k : t.gear) {
        if (k == key) {
          return &t;
        }
      }
    }
    return nullptr;
  }

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
