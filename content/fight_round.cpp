#include "content/fight_round.hpp"

#include <algorithm>
#include <cmath>

#include "content/fight_behaviours.hpp"
#include "content/fight_judgement.hpp"

namespace dw::content {

int blow(double roll, std::int64_t most) noexcept {
  if (most <= 0) {
    return 0;
  }
  const auto v = static_cast<std::int64_t>(roll * static_cast<double>(most + 1));
  return static_cast<int>(std::min(v, most));
}

namespace {

int scaled(int value, double by) { return static_cast<int>(std::floor(static_cast<double>(value) * by)); }

/// The monsters' blow on `f`: defending halves it (by the table), then the ward absorbs what it can
/// (and wears down by that much), then armour takes its share.
void take_blow(const content_tables& tables, const fighter& f, int hp, int raw, fighter_outcome& o) {
  o.blow = f.choice == fight_choice::defend ? scaled(raw, tables.combat.defend_taken) : raw;
  int left = o.blow;
  if (f.ward_rounds > 0) {
    o.warded = std::min(std::max(f.ward_points, 0), left);
    left -= o.warded;
    o.ward_points = f.ward_points - o.warded;
  }
  const item_def* armour = f.armour_key ? tables.find_armour(*f.armour_key) : nullptr;
  o.armoured = std::min(armour != nullptr ? armour->reduction : 0, left);
  o.damage_taken = left - o.armoured;
  o.hp_after = std::max(0, hp - o.damage_taken);
  o.out = o.hp_after == 0;
}

/// `f` strikes the first living monster with its roll.
void strike(const content_tables& tables, const behaviour_round& behaving, const fighter& f, double roll,
            fight_state& state, fighter_outcome& o, round_result& result) {
  const item_def* weapon = f.weapon_key ? tables.find_weapon(*f.weapon_key) : nullptr;
  const int weapon_damage = (weapon != nullptr ? weapon->damage : tables.fights.fist_damage) + f.extra_damage;
  o.damage_dealt = blow(std::min(1.0, roll + f.hit * (1.0 - roll)), weapon_damage);
  if (f.choice == fight_choice::defend) {
    o.damage_dealt = scaled(o.damage_dealt, tables.combat.defend_dealt);
  }
  o.struck = true;
  if (!state.behaviours.empty()) {
    const int through = blunt_blow(tables, behaving, state, o.damage_dealt, result.fighters.size(), result);
    o.turned = o.damage_dealt - through;
    o.damage_dealt = through;
  }
  const auto target = std::find_if(state.monster_hp.begin(), state.monster_hp.end(), [](int hp) { return hp > 0; });
  const auto index = static_cast<std::size_t>(target - state.monster_hp.begin());
  o.target = index;
  *target = std::max(0, *target - o.damage_dealt);
  if (*target == 0) {
    result.monsters_killed.push_back(index);
    ++o.kills;
  }
}

/// One fighter's turn: always exactly two tape values (the monsters' roll, then the fighter's).
/// (With behaviours, venom and a surprise blow come first and can fell the fighter before its turn.)
void fighter_turn(const content_tables& tables, const behaviour_round& behaving, tape_reader& reader,
                  fight_state& state, const fighter& f, fighter_outcome& o, round_result& result) {
  o.acted = true;
  const double monster_roll = reader.next();
  const double fighter_roll = reader.next();
  o.ward_points = f.ward_points;
  o.ward_rounds = f.ward_rounds;
  int hp = f.hp;
  if (!state.behaviours.empty()) {
    o.behaviour_taken = std::min(hp, before_turn(tables, behaving, state, f, result.fighters.size(), result));
    hp -= o.behaviour_taken;
    o.hp_after = hp;  // (what a flight that gets away leaves it with)
    if (hp == 0) {
      o.out = true;
      return;
    }
  }
  if (f.choice == fight_choice::flee) {
    if (fighter_roll < flee_chance(tables, state.depth)) {
      o.fled = true;  // gone before the blow lands
      return;
    }
    o.flee_failed = true;
  }
  const std::int64_t most = static_cast<std::int64_t>(state.alive()) * state.damage_each + behaving.extra_most;
  take_blow(tables, f, hp, blow(monster_roll, most), o);
  if (!state.behaviours.empty() && !o.out) {
    after_blow(tables, behaving, state, f, o.damage_taken, result.fighters.size(), result);
  }
  if (!o.out && (f.choice == fight_choice::attack || f.choice == fight_choice::defend) && state.alive() > 0) {
    strike(tables, behaving, f, fighter_roll, state, o, result);
  }
}

/// A ward lasts a number of rounds, whatever it absorbed.
void wear_ward(fighter_outcome& o) {
  if (o.ward_rounds > 0) {
    --o.ward_rounds;
  }
  if (o.ward_rounds == 0) {
    o.ward_points = 0;
  }
}

}  // namespace

round_result fight_round(const content_tables& tables, const tape& room_tape, fight_state& state,
                         std::span<const fighter> fighters) {
  round_result result;
  result.fighters.reserve(fighters.size());
  if (state.won()) {
    result.round = state.round;
    result.won = true;
    for (const fighter& f : fighters) {
      fighter_outcome o{f.id, false, 0, 0, std::max(f.hp, 0), f.hp <= 0, std::nullopt};
      o.ward_points = f.ward_points;
      o.ward_rounds = f.ward_rounds;
      result.fighters.push_back(o);
    }
    return result;
  }

  result.round = ++state.round;
  tape_reader reader(room_tape, state.tape_position);
  behaviour_round behaving;
  if (!state.behaviours.empty()) {
    behaving = start_behaviours(tables, reader, state, result);
  }
  bool anyone_standing = false;
  for (const fighter& f : fighters) {
    fighter_outcome o{f.id, false, 0, 0, std::max(f.hp, 0), f.hp <= 0, std::nullopt};
    o.ward_points = f.ward_points;
    o.ward_rounds = f.ward_rounds;
    if (f.hp > 0 && state.alive() > 0) {
      fighter_turn(tables, behaving, reader, state, f, o, result);
      wear_ward(o);
    }
    anyone_standing = anyone_standing || (!o.out && !o.fled && f.hp > 0);
    result.fighters.push_back(o);
  }

  result.won = state.won();
  if (result.won) {
    result.rewards = roll_loot(tables, reader, state.depth, tables.find_monster(state.monster_key));
  }
  result.lost = !result.won && !anyone_standing;
  if (!state.behaviours.empty()) {
    end_behaviours(state, result);
  }
  state.tape_position = reader.position();
  return result;
}

}  // namespace dw::content
