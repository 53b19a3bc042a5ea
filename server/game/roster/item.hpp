#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "content/artefact.hpp"
#include "content/item_def.hpp"

namespace dw::game {

/// An item in play: a weapon or armour from the tables (by key) or a generated artefact (by seed).
/// What a player sees of gear comes from the tables; a generated artefact is made once (when it is created,
/// or first shown if it was stored before artefacts were kept) and then kept in `made`, saved with the item,
/// so that reloaded tables change only artefacts made afterwards.
struct item {
  std::int64_t id = 0;
  std::string kind;        ///< as stored: kind_name() of a weapon or armour, or an artefact type such as "scroll"
  std::string key;         ///< table key for weapons and armour
  std::uint64_t seed = 0;  ///< identity of a generated artefact
  bool equipped = false;   ///< wielded or worn
  std::int64_t container_id = 0;  ///< inside this item (a fallen pack), or 0
  std::int64_t amount = 0;        ///< silver it holds (a fallen pack), or 0
  /// A generated artefact as it was made (shared by copies of the item); empty until made. Filled by
  /// room_stock::artefact_of, hence mutable: making it once is not a change of the item.
  mutable std::shared_ptr<const content::artefact> made;
};

/// How a supply from merchant.toml (a draught, a bandage, a lantern) is stored; its key names the row.
inline constexpr std::string_view supply_kind = "supply";
/// The stored kind of a fallen pack: what a knocked-out character dropped (its key is their name).
inline constexpr std::string_view pack_kind = "pack";

/// How a kind of gear is stored and shown: "weapon", "armour".
constexpr std::string_view kind_name(content::item_kind k) {
  return k == content::item_kind::weapon ? "weapon" : "armour";
}
/// The kind of gear an item is, or nullopt for an artefact.
inline std::optional<content::item_kind> gear_kind(const item& it) {
  for (content::item_kind k : {content::item_kind::weapon, content::item_kind::armour}) {
    if (it.kind == kind_name(k)) {
      return k;
    }
  }
  return std::nullopt;
}
inline bool is_gear(const item& it, content::item_kind k) { return gear_kind(it) == k; }

}  // namespace dw::game
