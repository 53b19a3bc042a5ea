#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "server/game/content_source.hpp"
#include "server/game/encounters/fight_news.hpp"
#include "server/game/encounters/item_news.hpp"
#include "server/game/encounters/room_stock.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/live_settings.hpp"
#include "server/game/output/output.hpp"
#include "server/game/places/ground.hpp"
#include "server/game/progression/progression.hpp"
#include "server/game/roster/roster.hpp"
#include "server/game/services.hpp"

namespace dw::game {

class groups;
namespace pref {
/// Wimpy: a number of hit points; a fight round that leaves the character at or below it makes it flee.
/// Default (absent): off.
inline constexpr std::string_view wimpy = "wimpy";
}  // namespace pref

/// `ch`'s wimpy (pref::wimpy), or nullopt when it is off or what is stored is not a number above 0.
std::optional<int> wimpy_of(const character& ch);

/// Fights: joining, rounds on a timer, fleeing, knock-outs, and winning (the room is cleared, the loot
/// drops). Each fight's state is a row of the fights' table (fight_table), gone when the fight ends. Every
/// number comes from the content layer and the room's tape. World thread only.
class fights {
 public:
  fights(const live_settings& settings, const content_source& content, roster& people, output& out,
         change_sink& changes, event_runner& events, services& svc, ground& where, room_stock& contents,
         fight_table& table, item_news& news);

  /// Who hears of a won fight, and whose levels make blows surer and harder (set once).
  void set_progress(deeds& told, const progression& levels) {
    deeds_ = &told;
    levels_ = &levels;
  }
  /// Whose group members share a won fight with its fighters (set once).
  void set_groups(groups& company) { company_ = &company; }

  bool in_combat(const character& ch) const;
  /// The fight in a room (its monsters, who fights them, whether rounds run), or nullptr.
  const room_fight* fight_in(std::int64_t room_id) const { return table_.find(room_id); }
  /// A character is leaving its room (walking, fleeing, quitting, dying): it leaves the fight there.
  void leave_room(const character& ch);
  /// `fight`: starts or joins the fight here; already fighting, it only says that rounds come on the timer.
  void join(character& ch, connection& conn);
  /// `attack` / `defend` / `flee`: the choice for `ch`'s next rounds (attack outside a fight joins it).
  void attack(character& ch, connection& conn);
  void defend(character& ch, connection& conn);
  /// `consider [monster]`: how a fight against the monsters here would go for `ch` alone, in words, from
  /// the odds the content layer works out (content/fight_odds.hpp) with `ch` as it stands now.
  void consider(const character& ch, connection& conn, std::string_view what);
  /// `ch` has just walked into its room: aggressive monsters there (the room's tape decides, from a
  /// depth in fights.toml) attack at once.
  void arrived(character& ch);
  /// `ch` is leaving play (quit, a dropped connection) in the middle of a fight: the fight goes on for
  /// one more round with `ch` in it (fought at once, for everyone in that fight), then `ch` leaves it.
  /// Nothing when `ch` is not fighting.
  void last_round(character& ch);
  /// After a hot reboot: `ch` was fighting here, and the fight goes on (rounds start again on the timer).
  void resume(character& ch, connection& conn);
  /// `flee`: from the next round `ch` tries to run, and keeps trying every round until it gets away or
  /// chooses attack or defend (a turn spent on an item interrupts it for that round only).
  void flee(character& ch, connection& conn);
  /// The monsters in `room_id` attack `target` (an aggressive monster as someone walks in, a wanderer
  /// arriving): `target` joins the fight there and rounds start on the timer. False when nothing there
  /// can fight.
  bool ambush(std::int64_t room_id, character& target);
  /// `ch` spent its turn on something else (quaffed, applied, read a scroll): in the next round it
  /// takes the monsters' blow as usual but does not strike.
  void spend_turn(const character& ch);
  /// Clears the room `ch` is in at once (administration); false outside the dungeon. (encounters::clear_room
  /// opens a rune door there first.)
  bool clear_room(character& ch);

 private:
  void schedule_round(std::int64_t room_id, std::uint64_t generation);
  void fight_round(std::int64_t room_id);
  /// Rounds start on the timer unless they already run; a new bout is told from round 1.
  void start_rounds(std::int64_t room_id, room_fight& fight);
  /// The round `fight_round` of the fight in `room_id` as the bout now going on counts it (from 1).
  std::uint32_t bout_round(std::int64_t room_id, std::uint32_t fight_round) const;
  void set_choice(character& ch, connection& conn, content::fight_choice choice, std::string_view told);
  /// `ch` as a fighter: hit points, ward, what it wields and wears, its level's bonuses.
  content::fighter fighter_of(const character& ch) const;
  /// After a round `ch` stood through (the fight goes on): a failed flight goes on, the warning once a
  /// fight at a third of its hit points, and its wimpy turning its next choice to flee.
  void after_round(character& ch, const content::fighter_outcome& o, room_fight& fight,
                   const content::tape& tape, std::uint32_t round);
  void tell_round(std::int64_t room_id, const round_story& story);
  /// GMCP Char.Combat to `ch`: the monsters here and whether `ch` is fighting them.
  void send_combat(const character& ch, const room_fight* fight, bool fighting);
  /// The way `ch` runs: the side it came in by when open, else a known exit picked with a tape value.
  std::optional<exit_dir> flee_way(const character& ch, const content::tape& tape, std::uint32_t round);
  void run_away(character& ch, exit_dir way);
  /// A won fight's silver, shared among `sharing` (the fighters still standing and their groups' members in
  /// the room), and saved.
  void pay_silver(const content::fight_state& fight, const std::vector<character*>& sharing);
  /// The fight in `room_id` is won: its row goes, the room clears (unless the fight was a wanderer's) and the
  /// loot drops.
  void win(std::int64_t room_id, const room_fight& fight, const location& where,
           const std::vector<std::uint64_t>& scroll_seeds, const std::optional<std::string>& item_key);
  void knock_out(character& ch);
  /// A knocked-out character's unsold scrolls and half its silver stay where it fell, in a fallen pack
  /// anyone may take (nothing in the fixed rooms, nor when there is nothing to leave).
  void leave_pack(character& ch);
  /// "mud crawler" and "mud crawlers" for the fight's monster.
  std::pair<std::string, std::string> monster_names(const content::fight_state& fight) const;

  const live_settings& settings_;
  const content_source& content_;
  roster& people_;
  output& out_;
  change_sink& changes_;
  event_runner& events_;
  services& services_;
  ground& ground_;
  room_stock& contents_;
  fight_table& table_;
  item_news& news_;
  deeds* deeds_ = nullptr;
  const progression* levels_ = nullptr;
  groups* company_ = nullptr;
  /// Who has been warned of their hit points in the fight they are in: account -> that fight's room. Gone
  /// when they leave the fight or it ends, so each fight warns once.
  std::unordered_map<std::int64_t, std::int64_t> warned_;
  /// Per room: the fight's round count when the bout going on there began (everyone had left or been knocked
  /// out before it): what the rounds are told from. Only what is told; the fight's own count is saved.
  std::unordered_map<std::int64_t, std::uint32_t> bout_start_;
};

}  // namespace dw::game
