#include "content/monster_group.hpp"

#include <algorithm>
#include <cmath>
#include <span>

#include "content/text_helpers.hpp"
#include "content/weighted_pick.hpp"

namespace dw::content {

namespace {

int scaled(double base, double multiplier, int low, int high) {
  const double v = std::round(base * multiplier);
  return static_cast<int>(std::clamp(v, static_cast<double>(low), static_cast<double>(high)));
}

}  // namespace

monster_group scale_monster_group(const content_tables& tables, std::size_t monster_index, std::size_t size_index,
                                  int base_count, int depth) {
  const monster_def& monster = tables.monsters[monster_index];
  const size_class& size = tables.sizes[size_index];
  const scaling_multipliers m = tables.scaling.at(depth);
  monster_group group;
  group.monster_key = monster.key;
  group.size_key = size.key;
  group.count = scaled(base_count, m.count, 1, std::max(1, tables.scaling.max_count));
  group.hp_each = scaled(monster.hp * size.hp, m.hp, 1, monster_stat_cap);
  group.damage_each = scaled(monster.damage * size.damage, m.damage, 1, monster_stat_cap);
  group.depth = std::max(depth, 0);
  return group;
}

monster_group make_monster_group(const content_tables& tables, int depth, double which_roll, double size_roll) {
  depth = std::max(depth, 0);
  const std::span<const monster_def> monsters(tables.monsters);
  // Validation guarantees a monster at depth 0, so some monster is always eligible.
  const std::size_t monster_index =
      pick_weighted(monsters, which_roll, [depth](const monster_def& m) { return m.min_depth <= depth; }).value_or(0);

  // One roll gives size and count: it lands in a size class's slice of [0,1), and its place inside
  // that slice, stretched back to [0,1), chooses the count between the class's bounds.
  std::int64_t total = 0;
  for (const size_class& s : tables.sizes) {
    total += s.weight;
  }
  double t = size_roll * static_cast<double>(total);
  std::size_t size_index = tables.sizes.size() - 1;
  double within = 0.0;
  for (std::size_t i = 0; i < tables.sizes.size(); ++i) {
    const auto w = static_cast<double>(tables.sizes[i].weight);
    if (t < w) {
      size_index = i;
      within = t / w;
      break;
    }
    t -= w;
  }
  const size_class& size = tables.sizes[size_index];
  const int span = size.max_count - size.min_count + 1;
  const int base_count = size.min_count + std::min(span - 1, static_cast<int>(within * span));
  return scale_monster_group(tables, monster_index, size_index, base_count, depth);
}

monster_group leader_group(const content_tables& tables, const leader_def& leader, int depth) {
  const scaling_multipliers m = tables.scaling.at(depth);
  monster_group group;
  group.monster_key = leader.kind.key;
  group.size_key = leader_size_key;
  group.count = 1;
  group.hp_each = scaled(leader.kind.hp, m.hp, 1, monster_stat_cap);
  group.damage_each = scaled(leader.kind.damage, m.damage, 1, monster_stat_cap);
  group.depth = std::max(depth, 0);
  return group;
}

monster_group make_room_monsters(const content_tables& tables, int depth, double which_roll, double size_roll) {
  depth = std::max(depth, 0);
  if (const leader_def* leader = tables.leader_at(depth)) {
    const double ordinary = 1.0 - leader->chance;  // (the loader keeps chance within (0, 0.5])
    if (which_roll >= ordinary) {
      return leader_group(tables, *leader, depth);
    }
    which_roll /= ordinary;
  }
  return make_monster_group(tables, depth, which_roll, size_roll);
}

std::string describe_monster_group(const content_tables& tables, const monster_group& group) {
  if (const leader_def* leader = tables.find_leader(group.monster_key)) {
    return leader->title;
  }
  const monster_def* monster = tables.find_monster(group.monster_key);
  const size_class* size = nullptr;
  for (const size_class& s : tables.sizes) {
    if (s.key == group.size_key) {
      size = &s;
    }
  }
  std::string noun;
  if (size != nullptr && !size->adjective.empty()) {
    noun = size->adjective + " ";
  }
  if (group.count == 1) {
    noun += monster != nullptr ? monster->name : group.monster_key;
    return with_article(noun);
  }
  noun += monster != nullptr ? monster->plural : group.monster_key;
  return count_word(group.count) + " " + noun;
}

}  // namespace dw::content
