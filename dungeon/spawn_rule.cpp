#include "dungeon/spawn_rule.hpp"

#include <array>
#include <utility>

#include "dungeon/direction.hpp"
#include "dungeon/random.hpp"

namespace dw::dungeon {

std::uint8_t choose_new_exits(std::uint64_t seed, std::uint8_t candidate_mask, std::uint32_t open,
                              std::uint32_t budget) noexcept {
  std::array<direction, 4> candidates{};
  std::uint32_t n = 0;
  for (direction d : all_directions) {
    if ((candidate_mask & bit_of(d)) != 0) {
      candidates[n++] = d;
    }
  }
  const exit_count_range range = new_exit_range(open, budget, n);
  splitmix64 rng{seed};
  const auto k = static_cast<std::uint32_t>(range.min + bounded(rng, range.max - range.min + 1));
  // Partial Fisher-Yates: the first k slots become a uniform k-subset.
  std::uint8_t chosen = 0;
  for (std::uint32_t i = 0; i < k; ++i) {
    const auto j = static_cast<std::uint32_t>(i + bounded(rng, n - i));
    std::swap(candidates[i], candidates[j]);
    chosen = static_cast<std::uint8_t>(chosen | bit_of(candidates[i]));
  }
  return chosen;
}

}  // namespace dw::dungeon
