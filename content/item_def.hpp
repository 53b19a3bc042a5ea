#pragma once

#include <cstdint>
#include <string>

namespace dw::content {

/// Whether an item is wielded or worn.
enum class item_kind : std::uint8_t { weapon, armour };

/// A weapon or a piece of armour from weapons.toml / armour.toml.
struct item_def {
  std::string key;          ///< stable identifier, [a-z0-9_]
  std::string name;         ///< "a short sword"
  std::string description;  ///< one sentence shown on examine
  item_kind kind = item_kind::weapon;
  int damage = 0;     ///< weapons: most damage per blow
  int reduction = 0;  ///< armour: damage taken off every monster blow
  int min_depth = 0;  ///< not found above this depth
  int weight = 1;     ///< relative chance among the items found at a depth
  int price = 1;      ///< what the merchant asks for it
  double pounds = 0;  ///< what it weighs (optional "pounds"; 0 when not given)

  bool operator==(const item_def&) const = default;
};

}  // namespace dw::content
