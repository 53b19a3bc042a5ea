#include "content/fight_round.hpp"

#include <algorithm>

namespace dw::content {

int blow(double roll, std::int64_t most) noexcept {
  if (most <= 0) {
    return 0;
  }
  const auto v = static_cast<std::int64_t>(roll * static_cast<double>(most + 1));
  return static_cast<int>(std::min(v, most));
}

round_result fight_round(const content_tables& tables, const tape& room_tape, fight_state& state,
                         std::span<const fighter> fighters) {
  round_result result;
  result.fighters.reserve(fighters.size());
  if (state.won()) {
    result.round = state.round;
    result.won = true;
    for (const fighter& f : fighters) {
      result.fighters.push_back({f.id, false, 0, 0, std::max(f.hp, 0), f.hp <= 0, std::nullopt});
    }
    return result;
  }

  result.round = ++state.round;
  tape_reader reader(room_tape, state.tape_position);
  bool anyone_standing = false;
  for (const fighter& f : fighters) {
    fighter_outcome outcome{f.id, false, 0, 0, std::max(f.hp, 0), f.hp <= 0, std::nullopt};
    const int living = state.alive();
    if (f.hp <= 0 || living == 0) {
      anyone_standing = anyone_standing || f.hp > 0;
      result.fighters.push_back(outcome);
      continue;
    }
    outcome.acted = true;
    const double monster_roll = reader.next();
    const double fighter_roll = reader.next();

    const item_def* armour = f.armour_key ? tables.find_armour(*f.armour_key) : nullptr;
    const int reduction = armour != nullptr ? armour->reduction : 0;
    const std::int64_t most = static_cast<std::int64_t>(living) * state.damage_each;
    outcome.damage_taken = std::max(0, blow(monster_roll, most) - reduction);
    outcome.hp_after = std::max(0, f.hp - outcome.damage_taken);
    outcome.out = outcome.hp_after == 0;

    if (!outcome.out) {
      const item_def* weapon = f.weapon_key ? tables.find_weapon(*f.weapon_key) : nullptr;
      const int weapon_damage = weapon != nullptr ? weapon->damage : tables.fights.fist_damage;
      outcome.damage_dealt = blow(fighter_roll, weapon_damage);
      const auto target = std::find_if(state.monster_hp.begin(), state.monster_hp.end(), [](int hp) { return hp > 0; });
      const auto index = static_cast<std::size_t>(target - state.monster_hp.begin());
      outcome.target = index;
      *target = std::max(0, *target - outcome.damage_dealt);
      if (*target == 0) {
        result.monsters_killed.push_back(index);
      }
      anyone_standing = true;
    }
    result.fighters.push_back(outcome);
  }

  result.won = state.won();
  if (result.won) {
    result.rewards = roll_loot(tables, reader, state.depth, tables.find_monster(state.monster_key));
  }
  result.lost = !result.won && !anyone_standing;
  state.tape_position = reader.position();
  return result;
}

}  // namespace dw::content
