#pragma once

// Finding the items a player names, shared by the item and economy command sets.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/game/commands/naming.hpp"
#include "server/game/encounters/room_stock.hpp"
#include "server/game/roster/item.hpp"

namespace dw::game {

/// The one item `query` names among `items`; nullptr when none, or when it asks for all of them.
inline item* match_item(const room_stock& c, std::vector<item>& items, const std::optional<object_query>& query) {
  if (!query || query->all) {
    return nullptr;
  }
  item* found = nullptr;
  select_objects(items, *query, [&c](const item& it) { return c.item_name(it); },
                 [&](std::size_t i) { found = &items[i]; });
  return found;
}

/// The ids of the items `query` selects among `items`, in order.
inline std::vector<std::int64_t> pick_items(const room_stock& c, const std::vector<item>& items,
                                            const object_query& query) {
  std::vector<std::int64_t> ids;
  select_objects(items, query, [&c](const item& it) { return c.item_name(it); },
                 [&](std::size_t i) { ids.push_back(items[i].id); });
  return ids;
}

/// The one item `query` names among the items of `items` for which `preferred(item)` holds (nth counting
/// only those); when none of those is named, the one it names among all of them (as match_item does).
/// "wear jerkin" with one jerkin worn and one carried means the carried one; "remove jerkin", the worn.
template <typename Preferred>
item* match_item_preferring(const room_stock& c, std::vector<item>& items, const std::optional<object_query>& query,
                            Preferred preferred) {
  if (!query || query->all) {
    return nullptr;
  }
  std::vector<item*> first;
  for (item& it : items) {
    if (preferred(it)) {
      first.push_back(&it);
    }
  }
  item* found = nullptr;
  select_objects(first, *query, [&c](const item* it) { return c.item_name(*it); },
                 [&](std::size_t i) { found = first[i]; });
  return found != nullptr ? found : match_item(c, items, query);
}

/// What drop, give and sell take from a pack: what `query` names among the items not in use (wielded or
/// worn), and what in use it names too, which stays where it is. "all" and "all.jerkin" take every free
/// match and leave every match in use. A single name takes the nth free match ("jerkin", wearing one and
/// carrying another, is the carried one); failing that, the nth match in the whole pack as `inventory`
/// lists it ("2.jerkin" when the first is worn), which is left alone if it is in use. Nothing in use is
/// ever taken off.
struct pack_pick {
  std::vector<std::int64_t> ids;     ///< free to go, in order
  std::vector<std::int64_t> in_use;  ///< named, but wielded or worn: left alone
};
inline pack_pick pick_unused_items(const room_stock& c, const std::vector<item>& items, const object_query& query) {
  pack_pick out;
  std::vector<const item*> spare;
  std::vector<const item*> used;
  for (const item& it : items) {
    (it.equipped ? used : spare).push_back(&it);
  }
  const auto name_of = [&c](const item* it) { return c.item_name(*it); };
  select_objects(spare, query, name_of, [&](std::size_t i) { out.ids.push_back(spare[i]->id); });
  if (query.all) {
    select_objects(used, query, name_of, [&](std::size_t i) { out.in_use.push_back(used[i]->id); });
  } else if (out.ids.empty()) {
    select_objects(items, query, [&c](const item& it) { return c.item_name(it); },
                   [&](std::size_t i) { (items[i].equipped ? out.in_use : out.ids).push_back(items[i].id); });
  }
  return out;
}

/// "You are wearing a padded jerkin; remove it first to drop it." for what pick_unused_items left in use
/// (`verb` is "drop", "give", "sell"); "" when nothing was.
inline std::string in_use_text(const room_stock& c, const std::vector<item>& items,
                               const std::vector<std::int64_t>& in_use, std::string_view verb) {
  std::vector<const item*> kept;
  for (const std::int64_t id : in_use) {
    for (const item& it : items) {
      if (it.id == id) {
        kept.push_back(&it);
      }
    }
  }
  const auto wielded = [](const item& it) { return is_gear(it, content::item_kind::weapon); };
  if (kept.size() == 1) {
    return std::string(wielded(*kept.front()) ? "You are wielding " : "You are wearing ") +
           c.item_name(*kept.front()) + "; remove it first to " + std::string(verb) + " it.\n";
  }
  std::string out;
  for (std::size_t i = 0; i < kept.size(); ++i) {
    out += (i == 0 ? "" : i + 1 == kept.size() ? " and " : ", ") + c.item_name(*kept[i]) +
           (wielded(*kept[i]) ? " (wielded)" : " (worn)");
  }
  return out.empty() ? out
                     : "You keep what you are using, " + out + "; remove them first to " + std::string(verb) +
                           " them.\n";
}

/// Removes the item `id` (which is there) from `items` and returns it.
inline item take_item_out(std::vector<item>& items, std::int64_t id) {
  auto it = std::find_if(items.begin(), items.end(), [id](const item& i) { return i.id == id; });
  item out = std::move(*it);
  items.erase(it);
  return out;
}

}  // namespace dw::game
