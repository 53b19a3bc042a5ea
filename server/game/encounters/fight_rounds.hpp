#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "content/fight_state.hpp"
#include "content/fighter.hpp"
#include "server/game/deeds.hpp"
#include "server/game/encounters/encounter_clock.hpp"
#include "server/game/encounters/fight_news.hpp"
#include "server/game/encounters/fight_outcomes.hpp"
#include "server/game/encounters/fight_table.hpp"
#include "server/game/encounters/room_stock.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/output/output.hpp"
#include "server/game/places/ground.hpp"
#include "server/game/progression/progression.hpp"
#include "server/game/roster/roster.hpp"

namespace dw::game {

class groups;

/// A fight's rounds: each on its timer, fought from the room's tape, told to the room, and what it leads to:
/// flights (fleeing), knock-outs (the fallen pack), the warnings after it (danger), all three through
/// fight_outcomes, and winning (the room clears, the loot drops, the silver is shared). `fights` starts and
/// resumes the rounds. Every number comes from the content layer and the room's tape. World thread only.
class fight_rounds {
 public:
  fight_rounds(roster& people, output& out, change_sink& changes, encounter_clock& clock, ground& where,
               room_stock& contents, fight_table& table, fight_outcomes& outcomes);

  /// Who hears of a won fight, and whose levels make blows surer and harder (set once).
  void set_progress(deeds& told, const progression& levels) {
    deeds_ = &told;
    levels_ = &levels;
  }
  /// Whose group members share a won fight with its fighters (set once).
  void set_groups(groups& company) { company_ = &company; }

  /// Rounds start on the timer unless they already run; a new bout is told from round 1.
  void start(std::int64_t room_id, room_fight& fight);
  /// After a hot reboot: the rounds start again on the timer unless they already run, counted on as before.
  void resume(std::int64_t room_id, room_fight& fight);
  /// The next round of the fight in `room_id`, fought now rather than on its timer (someone leaving play).
  void fight_now(std::int64_t room_id) { fight_round(room_id); }
  /// The fight in `room_id` ended outside a round (@clear): a later one there is told from round 1.
  void ended(std::int64_t room_id) { bout_start_.erase(room_id); }

  /// `ch` as a fighter: hit points, ward, what it wields and wears, its level's bonuses.
  content::fighter fighter_of(const character& ch) const;
  /// GMCP Char.Combat to `ch`: the monsters here and whether `ch` is fighting them.
  void send_combat(const character& ch, const room_fight* fight, bool fighting);
  /// "mud crawler" and "mud crawlers" for the fight's monster.
  std::pair<std::string, std::string> monster_names(const content::fight_state& fight) const;

 private:
  /// The undo of a round that could not be saved: the fight in `room_id` is `before` again, on a fresh
  /// timer generation (a timer already set is stale), and fought on if it was going on.
  void put_back_round(std::int64_t room_id, const room_fight& before);
  void schedule_round(std::int64_t room_id, std::uint64_t generation);
  void fight_round(std::int64_t room_id);
  /// The round `fight_round` of the fight in `room_id` as the bout now going on counts it (from 1).
  std::uint32_t bout_round(std::int64_t room_id, std::uint32_t fight_round) const;
  void tell_round(std::int64_t room_id, const round_story& story);
  /// `ch` leaves the fight in its room (fled or knocked out).
  void leave(const character& ch);
  /// `ch` got away: out of the fight first, so the step is no longer refused, then the run.
  void run_away(character& ch, exit_dir way);
  void knock_out(character& ch);
  /// A won fight's silver, shared among `sharing` (the fighters still standing and their groups' members in
  /// the room), and saved.
  void pay_silver(const content::fight_state& fight, const std::vector<character*>& sharing);
  /// The fight in `room_id` is won: its row goes, the room clears (unless the fight was a wanderer's) and the
  /// loot drops.
  void win(std::int64_t room_id, const room_fight& fight, const location& where,
           const std::vector<std::uint64_t>& scroll_seeds, const std::optional<std::string>& item_key);

  roster& people_;
  output& out_;
  change_sink& changes_;
  encounter_clock& clock_;  ///< each round on its timer
  ground& ground_;
  room_stock& contents_;  ///< the room's tape, loot and contents saved, and the content tables in force
  fight_table& table_;
  fight_outcomes& outcomes_;  ///< flights, knock-outs' packs, warnings, the loot shown
  deeds* deeds_ = nullptr;
  const progression* levels_ = nullptr;
  groups* company_ = nullptr;
  /// Per room: the fight's round count when the bout going on there began (everyone had left or been knocked
  /// out before it): what the rounds are told from. Only what is told; the fight's own count is saved.
  std::unordered_map<std::int64_t, std::uint32_t> bout_start_;
};

}  // namespace dw::game
