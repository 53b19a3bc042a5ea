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
  const leader_def* leader = monster != nullptr ? tables.find_leader(monster->key) : nullptr;
  int count = std::min(most, static_cast<int>(reader.next() * (most + 1)));
  if (leader != nullptr) {
    count = std::max(count, std::min(leader->scrolls, rules.max_scrolls));  // a leader's scrolls are sure
  }
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
  if (leader != nullptr) {
    // A leader's own table: the drop roll walks its shares (one item at most); which_roll is unused.
    double below = 0.0;
    for (const leader_drop& d : leader->drops) {
      below += d.chance;
      if (drop_roll < below) {
        out.item_key = d.item;
        break;
      }
    }
  } else if (monster != nullptr && !monster->drops.empty() && drop_roll < rules.drop_chance) {
    const auto n = monster->drops.size();
    const auto index = std::min(n - 1, static_cast<std::size_t>(which_roll * static_cast<double>(n)));
    out.item_key = monster->drops[index];
  }
  return out;
}

}  // namespace dw::content
