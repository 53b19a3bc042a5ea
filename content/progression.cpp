#include "content/progression.hpp"

#include <algorithm>

namespace dw::content {

const level_def& progression_rules::level_for(std::int64_t xp) const {
  // (the loader guarantees a first row at level 1 with xp 0, and rising xp)
  const level_def* reached = &levels.front();
  for (const level_def& l : levels) {
    if (l.xp > xp) {
      break;
    }
    reached = &l;
  }
  return *reached;
}

const level_def* progression_rules::next_after(int level) const {
  for (const level_def& l : levels) {
    if (l.level == level + 1) {
      return &l;
    }
  }
  return nullptr;
}

std::int64_t progression_rules::fight_xp(int depth, int monsters) const {
  return std::max(0, monsters) * (per_monster + per_depth * std::max(0, depth));
}

}  // namespace dw::content
