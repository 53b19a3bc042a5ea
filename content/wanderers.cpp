#include "content/wanderers.hpp"

#include <algorithm>

#include "content/unit_interval.hpp"
#include "seed/mix64.hpp"

namespace dw::content {

namespace {

constexpr std::uint64_t salt_stay = 1;
constexpr std::uint64_t salt_pick = 2;
constexpr std::uint64_t salt_spawn = 3;
constexpr std::uint64_t salt_monster = 4;
constexpr std::uint64_t salt_size = 5;
/// Bit 62 marks a wanderer's fight tape; the wanderer's number sits in bits 40..61, the step in 20..39.
constexpr std::uint64_t tape_mark = std::uint64_t{1} << 62;
constexpr std::uint64_t id_bits = (std::uint64_t{1} << 22) - 1;
constexpr std::uint64_t tick_bits = (std::uint64_t{1} << 20) - 1;

}  // namespace

int wanderer_count(const wander_rules& rules, std::uint32_t explored_rooms) noexcept {
  if (rules.max_per_branch <= 0 || explored_rooms < static_cast<std::uint32_t>(rules.min_rooms)) {
    return 0;
  }
  const auto by_rooms = static_cast<std::int64_t>(explored_rooms / static_cast<std::uint32_t>(rules.rooms_per_wanderer));
  return static_cast<int>(std::clamp<std::int64_t>(by_rooms, 1, rules.max_per_branch));
}

std::uint64_t wander_value(std::uint64_t branch_seed, std::uint32_t id, std::uint64_t tick,
                           std::uint64_t salt) noexcept {
  std::uint64_t z = seed::mix64(branch_seed + seed::golden_gamma);
  z = seed::mix64(z ^ (static_cast<std::uint64_t>(id) + seed::golden_gamma));
  z = seed::mix64(z ^ (tick * 2 + seed::golden_gamma));
  return seed::mix64(z ^ (salt * seed::golden_gamma));
}

std::optional<wander_exit> next_step(const wander_rules& rules, std::uint64_t branch_seed, std::uint32_t id,
                                     std::uint64_t tick, std::span<const wander_exit> exits) noexcept {
  std::array<wander_exit, 8> ok{};
  std::size_t n = 0;
  for (const wander_exit& e : exits) {
    const bool passable = e.kind == wander_exit_kind::open || e.kind == wander_exit_kind::one_way;
    if (passable && e.exists && !e.blocked && !(e.to == wander_pos{0, 0}) && n < ok.size()) {
      ok[n++] = e;
    }
  }
  if (n == 0 || unit_interval(wander_value(branch_seed, id, tick, salt_stay)) < rules.stay_chance) {
    return std::nullopt;
  }
  return ok[wander_value(branch_seed, id, tick, salt_pick) % n];
}

std::size_t spawn_index(std::uint64_t branch_seed, std::uint32_t id, std::size_t room_count) noexcept {
  return room_count == 0 ? 0 : static_cast<std::size_t>(wander_value(branch_seed, id, 0, salt_spawn) % room_count);
}

monster_group wanderer_group(const content_tables& tables, std::uint64_t branch_seed, std::uint32_t id, int depth) {
  monster_group group = make_monster_group(tables, depth, unit_interval(wander_value(branch_seed, id, 0, salt_monster)),
                                           unit_interval(wander_value(branch_seed, id, 0, salt_size)));
  group.count = std::clamp(group.count, 1, std::max(1, tables.wanderers.max_group));
  return group;
}

std::uint64_t wanderer_tape_position(std::uint32_t id, std::uint64_t tick) noexcept {
  return tape_mark | ((static_cast<std::uint64_t>(id) & id_bits) << 40) | ((tick & tick_bits) << 20);
}

std::optional<std::uint32_t> wanderer_of_tape(std::uint64_t tape_position) noexcept {
  if ((tape_position & tape_mark) == 0) {
    return std::nullopt;
  }
  return static_cast<std::uint32_t>((tape_position >> 40) & id_bits);
}

}  // namespace dw::content
