#include "content/content_tables.hpp"

#include <algorithm>

namespace dw::content {

namespace {

template <class Row>
const Row* find_by_key(const std::vector<Row>& rows, std::string_view key) {
  auto it = std::find_if(rows.begin(), rows.end(), [key](const Row& r) { return r.key == key; });
  return it == rows.end() ? nullptr : &*it;
}

}  // namespace

const monster_def* content_tables::find_monster(std::string_view key) const {
  if (const monster_def* kind = find_by_key(monsters, key)) {
    return kind;
  }
  const leader_def* leader = find_leader(key);
  return leader != nullptr ? &leader->kind : nullptr;
}

const leader_def* content_tables::find_leader(std::string_view key) const {
  auto it = std::find_if(leaders.begin(), leaders.end(), [key](const leader_def& l) { return l.kind.key == key; });
  return it == leaders.end() ? nullptr : &*it;
}

const leader_def* content_tables::leader_at(int depth) const {
  auto it = std::find_if(leaders.begin(), leaders.end(), [depth](const leader_def& l) { return l.met_at(depth); });
  return it == leaders.end() ? nullptr : &*it;
}

const item_def* content_tables::find_weapon(std::string_view key) const { return find_by_key(weapons, key); }

const item_def* content_tables::find_armour(std::string_view key) const { return find_by_key(armour, key); }

const item_def* content_tables::find_item(std::string_view key) const {
  const item_def* weapon = find_weapon(key);
  return weapon != nullptr ? weapon : find_armour(key);
}

}  // namespace dw::content
