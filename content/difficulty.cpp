#include "content/difficulty.hpp"

#include <algorithm>

#include "content/monster_group.hpp"

namespace dw::content {

double expected_difficulty(const content_tables& tables, int depth) {
  depth = std::max(depth, 0);
  double monster_total = 0.0;
  for (const monster_def& m : tables.monsters) {
    if (m.min_depth <= depth) {
      monster_total += m.weight;
    }
  }
  double size_total = 0.0;
  for (const size_class& s : tables.sizes) {
    size_total += s.weight;
  }
  if (monster_total <= 0.0 || size_total <= 0.0) {
    return 0.0;
  }
  double expected = 0.0;
  for (std::size_t mi = 0; mi < tables.monsters.size(); ++mi) {
    const monster_def& m = tables.monsters[mi];
    if (m.min_depth > depth) {
      continue;
    }
    for (std::size_t si = 0; si < tables.sizes.size(); ++si) {
      const size_class& s = tables.sizes[si];
      const int span = s.max_count - s.min_count + 1;
      const double p = (m.weight / monster_total) * (s.weight / size_total) / span;
      for (int c = s.min_count; c <= s.max_count; ++c) {
        const monster_group g = scale_monster_group(tables, mi, si, c, depth);
        expected += p * static_cast<double>(g.total_hp()) * static_cast<double>(g.max_damage());
      }
    }
  }
  return expected;
}

int last_table_change_depth(const content_tables& tables) {
  int last = 0;
  for (const monster_def& m : tables.monsters) {
    last = std::max(last, m.min_depth);
  }
  for (const scaling_band& b : tables.scaling.bands) {
    last = std::max(last, b.min_depth);
  }
  return last;
}

}  // namespace dw::content
