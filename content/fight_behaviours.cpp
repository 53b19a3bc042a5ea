#include "content/fight_behaviours.hpp"

#include <algorithm>
#include <cmath>

namespace dw::content {

namespace {

const behaviour_rule& rule(const content_tables& tables, behaviour b) {
  return tables.combat.behaviours[static_cast<std::size_t>(b)];
}

/// `share` of `of`, rounded down, at least 1.
int portion(double share, int of) {
  return std::max(1, static_cast<int>(std::floor(share * static_cast<double>(of))));
}

/// Room for a round's events, made on the first (most rounds nothing acts, and nothing is allocated).
void make_room(round_result& result) {
  if (result.events.capacity() == 0) {
    result.events.reserve(4 + result.fighters.capacity());
  }
}

void said(round_result& result, behaviour b, int amount) {
  make_room(result);
  result.events.push_back({b, behaviour_event::kind::acts, std::nullopt, amount, false});
}

void said_on(round_result& result, behaviour b, behaviour_event::kind what, std::size_t fighter, int amount,
             bool early) {
  make_room(result);
  result.events.push_back({b, what, fighter, amount, early});
}

/// Below `below` of its hit points (and still standing).
bool hurt(const fight_state& state, int hp, double below) {
  return hp > 0 && static_cast<double>(hp) < below * static_cast<double>(state.hp_each);
}

void call_kin(const content_tables& tables, fight_state& state, round_result& result) {
  if (state.kin_called < rule(tables, behaviour::pack).most && state.monster_hp.size() < fight_state::most_monsters) {
    state.monster_hp.push_back(state.hp_each);
    ++state.kin_called;
    said(result, behaviour::pack, 1);
  }
}

/// The most hurt monster standing heals.
void regenerate(const content_tables& tables, fight_state& state, round_result& result) {
  int* worst = nullptr;
  for (int& hp : state.monster_hp) {
    if (hp > 0 && hp < state.hp_each && (worst == nullptr || hp < *worst)) {
      worst = &hp;
    }
  }
  if (worst != nullptr) {
    const int healed = std::min(portion(rule(tables, behaviour::regenerates).share, state.hp_each), state.hp_each - *worst);
    *worst += healed;
    said(result, behaviour::regenerates, healed);
  }
}

void raise_ward(const content_tables& tables, fight_state& state, round_result& result) {
  if (state.ward_rounds == 0) {
    const behaviour_rule& r = rule(tables, behaviour::wards);
    state.ward_points = portion(r.share, state.hp_each);
    state.ward_rounds = r.rounds;
    said(result, behaviour::wards, state.ward_points);
  }
}

/// The first badly hurt monster flees: gone, not killed.
void flee(const content_tables& tables, fight_state& state, round_result& result) {
  const double below = rule(tables, behaviour::cowardly).below;
  for (int& hp : state.monster_hp) {
    if (hurt(state, hp, below)) {
      said(result, behaviour::cowardly, hp);
      hp = fight_state::fled_hp;
      return;
    }
  }
}

int frenzy(const content_tables& tables, const fight_state& state, round_result& result) {
  const behaviour_rule& r = rule(tables, behaviour::frenzied);
  const auto n = std::count_if(state.monster_hp.begin(), state.monster_hp.end(),
                               [&](int hp) { return hurt(state, hp, r.below); });
  if (n == 0) {
    return 0;
  }
  const int extra = static_cast<int>(n) * portion(r.share, state.damage_each);
  said(result, behaviour::frenzied, extra);
  return extra;
}

}  // namespace

behaviour_round start_behaviours(const content_tables& tables, tape_reader& reader, fight_state& state,
                                 round_result& result) {
  // Every value is read before anything acts, so what acts never changes what is read.
  std::array<double, behaviour_count> rolls{};
  for (std::size_t i = 0; i < behaviour_count; ++i) {
    if (state.behaviours.has(static_cast<behaviour>(i))) {
      rolls[i] = reader.next();
    }
  }
  const auto acts = [&](behaviour b) {
    const auto i = static_cast<std::size_t>(b);
    return state.behaviours.has(b) && rolls[i] < tables.combat.behaviours[i].chance && state.alive() > 0;
  };
  behaviour_round round;
  round.armoured = acts(behaviour::armoured);
  if (acts(behaviour::pack)) {
    call_kin(tables, state, result);
  }
  if (acts(behaviour::regenerates)) {
    regenerate(tables, state, result);
  }
  if (acts(behaviour::wards)) {
    raise_ward(tables, state, result);
  }
  round.venomous = acts(behaviour::venomous);
  if (acts(behaviour::cowardly)) {
    flee(tables, state, result);
  }
  if (state.round == 1 && acts(behaviour::ambusher)) {
    round.ambush = true;
    // Below the chance the roll is still even: stretched back to [0,1) it is the surprise blow's roll.
    round.ambush_roll = rolls[static_cast<std::size_t>(behaviour::ambusher)] / rule(tables, behaviour::ambusher).chance;
  }
  if (acts(behaviour::frenzied)) {
    round.extra_most = frenzy(tables, state, result);
  }
  return round;
}

int before_turn(const content_tables& tables, const behaviour_round& round, fight_state& state, const fighter& f,
                std::size_t index, round_result& result) {
  int taken = 0;
  for (fight_state::poison& p : state.poisons) {
    if (p.fighter == f.id && p.rounds > 0) {
      const int burn = portion(rule(tables, behaviour::venomous).share, state.damage_each);
      --p.rounds;
      taken += burn;
      said_on(result, behaviour::venomous, behaviour_event::kind::again, index, burn, true);
      break;
    }
  }
  if (round.ambush && state.alive() > 0) {
    const std::int64_t most = static_cast<std::int64_t>(state.alive()) * state.damage_each + round.extra_most;
    const item_def* armour = f.armour_key ? tables.find_armour(*f.armour_key) : nullptr;
    const int surprise = std::max(0, blow(round.ambush_roll, most) - (armour != nullptr ? armour->reduction : 0));
    taken += surprise;
    if (surprise > 0) {
      said_on(result, behaviour::ambusher, behaviour_event::kind::on, index, surprise, true);
    }
  }
  return taken;
}

int blunt_blow(const content_tables& tables, const behaviour_round& round, fight_state& state, int dealt,
               std::size_t index, round_result& result) {
  if (round.armoured && dealt > 0) {
    const auto turned = static_cast<int>(std::floor(rule(tables, behaviour::armoured).share * dealt));
    if (turned > 0) {
      dealt -= turned;
      said_on(result, behaviour::armoured, behaviour_event::kind::on, index, turned, false);
    }
  }
  if (state.ward_rounds > 0 && state.ward_points > 0 && dealt > 0) {
    const int absorbed = std::min(state.ward_points, dealt);
    state.ward_points -= absorbed;
    dealt -= absorbed;
    said_on(result, behaviour::wards, behaviour_event::kind::on, index, absorbed, false);
  }
  return dealt;
}

void after_blow(const content_tables& tables, const behaviour_round& round, fight_state& state, const fighter& f,
                int taken, std::size_t index, round_result& result) {
  if (!round.venomous || taken <= 0) {
    return;
  }
  const behaviour_rule& r = rule(tables, behaviour::venomous);
  const auto found = std::find_if(state.poisons.begin(), state.poisons.end(),
                                  [&](const fight_state::poison& p) { return p.fighter == f.id; });
  if (found != state.poisons.end()) {
    found->rounds = r.rounds;  // bitten again: the venom lasts from now
  } else if (state.poisons.size() < fight_state::most_poisons) {
    state.poisons.push_back({f.id, r.rounds});
  } else {
    return;
  }
  said_on(result, behaviour::venomous, behaviour_event::kind::on, index, portion(r.share, state.damage_each), false);
}

void end_behaviours(fight_state& state, const round_result& result) {
  if (state.ward_rounds > 0 && --state.ward_rounds == 0) {
    state.ward_points = 0;
  }
  if (state.ward_points == 0) {
    state.ward_rounds = 0;  // spent: a new ward may be raised
  }
  std::erase_if(state.poisons, [&](const fight_state::poison& p) {
    return p.rounds <= 0 || std::any_of(result.fighters.begin(), result.fighters.end(), [&](const fighter_outcome& o) {
             return o.id == p.fighter && (o.out || o.fled);
           });
  });
}

}  // namespace dw::content
