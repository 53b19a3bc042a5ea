#pragma once

// Finding the items a player names, shared by the item and economy command sets.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "server/game/commands/naming.hpp"
#include "server/game/encounters/room_contents.hpp"
#include "server/game/roster/item.hpp"

namespace dw::game {

/// The one item `query` names among `items`; nullptr when none, or when it asks for all of them.
inline item* match_item(const room_contents& c, std::vector<item>& items, const std::optional<object_query>& query) {
  if (!query || query->all) {
    return nullptr;
  }
  item* found = nullptr;
  select_objects(items, *query, [&c](const item& it) { return c.item_name(it); },
                 [&](std::size_t i) { found = &items[i]; });
  return found;
}

/// The ids of the items `query` selects among `items`, in order.
inline std::vector<std::int64_t> pick_items(const room_contents& c, const std::vector<item>& items,
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
item* match_item_preferring(const room_contents& c, std::vector<item>& items, const std::optional<object_query>& query,
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

/// Removes the item `id` (which is there) from `items` and returns it.
inline item take_item_out(std::vector<item>& items, std::int64_t id) {
  auto it = std::find_if(items.begin(), items.end(), [id](const item& i) { return i.id == id; });
  item out = std::move(*it);
  items.erase(it);
  return out;
}

}  // namespace dw::game
