#pragma once

// Internal to content/: the monsters' behaviours inside fight_round (fight_behaviours.cpp).

#include <cstddef>
#include <cstdint>

#include "content/content_tables.hpp"
#include "content/fight_round.hpp"
#include "content/fight_state.hpp"
#include "content/fighter.hpp"
#include "content/tape.hpp"

namespace dw::content {

/// What the behaviours decided at the start of a round, for the fighters' turns.
struct behaviour_round {
  bool armoured = false;   ///< blows glance off this round
  bool venomous = false;   ///< the monsters' blows poison this round
  bool ambush = false;     ///< a surprise blow before each fighter's turn (first round only)
  double ambush_roll = 0;  ///< the surprise blow's roll
  int extra_most = 0;      ///< frenzied: added to the most the monsters' blow can be
};

/// Reads one tape value per behaviour of the fight, in behaviour order, and does what acts on the
/// monsters' side (pack, regenerates, wards, cowardly, frenzied). Reads nothing without behaviours.
behaviour_round start_behaviours(const content_tables& tables, tape_reader& reader, fight_state& state,
                                 round_result& result);

/// Before fighter `index`'s turn: the venom in it burns, then the surprise blow lands (less its armour).
/// Returns the damage done.
int before_turn(const content_tables& tables, const behaviour_round& round, fight_state& state, const fighter& f,
                std::size_t index, round_result& result);

/// Fighter `index`'s blow of `dealt` against the monsters: the shell turns its share aside, then the ward
/// absorbs what it can. Returns what gets through.
int blunt_blow(const content_tables& tables, const behaviour_round& round, fight_state& state, int dealt,
               std::size_t index, round_result& result);

/// After the monsters' blow hit fighter `index` for `taken`: a venomous blow poisons.
void after_blow(const content_tables& tables, const behaviour_round& round, fight_state& state, const fighter& f,
                int taken, std::size_t index, round_result& result);

/// The end of a round: the monsters' ward wears; spent poisons, and those of fighters out of the fight
/// (fallen or fled), are forgotten.
void end_behaviours(fight_state& state, const round_result& result);

}  // namespace dw::content
