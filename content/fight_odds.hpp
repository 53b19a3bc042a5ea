#pragma once

#include <optional>
#include <string>

#include "content/consider_rules.hpp"
#include "content/content_tables.hpp"
#include "content/fight_state.hpp"
#include "content/fighter.hpp"

namespace dw::content {

/// How a fight would go, worked out by fighting it many times in simulation (fights.toml [consider]).
struct fight_odds {
  int runs = 0;        ///< simulated fights
  int won = 0;         ///< ... the fighter won (the monsters all died before it fell)
  int fell = 0;        ///< ... in which the monsters felled it
  /// Mean rounds the fighter's blows need to kill every monster, counted as if it could not fall; nullopt
  /// when fewer than half the simulated fights get there within most_rounds.
  std::optional<double> rounds_to_win;
  /// Mean round the monsters fell the fighter in, over the simulated fights they fell it in; nullopt when
  /// they fell it in none.
  std::optional<double> rounds_to_lose;

  /// The share of the decided simulated fights (won or lost; not those stopped at most_rounds) won; 0.5
  /// when none was decided.
  double win_chance() const noexcept;

  bool operator==(const fight_odds&) const = default;
};

/// Where the simulated fights' tapes come from: run `i` reads tape(consider_tape_seed(i)) from its start.
std::uint64_t consider_tape_seed(int run) noexcept;

/// Fights `state`'s living monsters against `f` alone, attacking every round, with fight_round itself on
/// [consider] runs fixed tapes (never the room's), most_rounds rounds at most each. Each run is fought with
/// the fighter unable to fall and its damage taken counted: the round that damage reaches its hit points is
/// the round it would have fallen in (hit points change nothing else in a round), and the round the last
/// monster dies is the round it would have won in, had it not fallen first. Deterministic: the same state
/// and fighter always give the same odds.
fight_odds weigh_fight(const content_tables& tables, const fight_state& state, const fighter& f);

/// The verdict for these odds ([consider] thresholds on win_chance()).
odds verdict(const content_tables& tables, const fight_odds& o) noexcept;

/// The verdict's words and the rounds sentence: "You would likely fall. You would need about 9 rounds to
/// finish them, and they about 5 to fell you."
std::string consider_words(const content_tables& tables, const fight_odds& o);

}  // namespace dw::content
