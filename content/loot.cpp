#include "content/loot.hpp"

#include <algorithm>
#include <cmath>

#include "content/scroll.hpp"

namespace dw::content {

std::uint64_t loot_tape_values(const content_tables& tables) {
  return 1 + static_cast<std::uint64_t>(std::max(tables.fights.max_scrolls, 0)) + 2;
}

loot roll_loot(const content_tables& tables, tape_reader& reader, int depth, const monster_def* monster) {
  const fight_rules& rules = tables.fights;
  const double reward = tables.scaling.at(depth).reward;
  loot out;

  const int most = std::clamp(static_cast<int>(std::floor(rules.scrolls_per_reward * reward)), 0, rules.max_scrolls);
  const int count = std::min(most, static_cast<int>(reader.next() * (most + 1)));
  // A fixed number of values is read (unused seeds are skipped), so what the tape says after the loot
  // does not depend on how many scrolls fell.
  for (int i = 0; i < rules.max_scrolls; ++i) {
    const std::uint64_t base = reader.next_bits();
    if (i < count) {
      out.scroll_seeds.push_back(scroll_seed_for_depth(tables, base, depth));
    }
  }

  const double drop_roll = reader.next();
  const double which_roll = reader.next();
  if (monster != nullptr && !monster->drops.empty() && drop_roll < rules.drop_chance) {
    const auto n = monster->drops.size();
    const auto index = std::min(n - 1, static_cast<std::size_t>(which_roll * static_cast<double>(n)));
    out.item_key = monster->drops[index];
  }
  return out;
}

}  // namespace dw::content
