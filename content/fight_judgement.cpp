#include "content/fight_judgement.hpp"

#include <algorithm>
#include <cmath>

namespace dw::content {

std::string_view health_word(const content_tables& tables, int hp, int max_hp) noexcept {
  if (hp <= 0) {
    return "dead";
  }
  const double share = max_hp > 0 ? static_cast<double>(hp) / static_cast<double>(max_hp) : 1.0;
  const combat_tables& c = tables.combat;
  if (share >= c.unhurt) {
    return "unhurt";
  }
  if (share >= c.scratched) {
    return "scratched";
  }
  if (share >= c.wounded) {
    return "wounded";
  }
  return share >= c.badly_wounded ? "badly wounded" : "near death";
}

double flee_chance(const content_tables& tables, int depth) noexcept {
  const combat_tables& c = tables.combat;
  return std::max(c.flee_min, c.flee_chance - c.flee_per_depth * static_cast<double>(std::max(depth, 0)));
}

double aggression_chance(const content_tables& tables, int depth) noexcept {
  const combat_tables& c = tables.combat;
  if (depth < c.aggression_from_depth) {
    return 0.0;
  }
  return std::min(c.aggression_max,
                  c.aggression_chance + c.aggression_per_depth * static_cast<double>(depth - c.aggression_from_depth));
}

bool aggressive(const content_tables& tables, const tape& room_tape, int depth) noexcept {
  return room_tape.at(aggression_tape_index) < aggression_chance(tables, depth);
}

std::int64_t silver_for(const content_tables& tables, int depth, int monsters) noexcept {
  const double reward = tables.scaling.at(depth).reward;
  return static_cast<std::int64_t>(
      std::floor(static_cast<double>(tables.combat.silver_per_monster) * monsters * reward));
}

}  // namespace dw::content
