#pragma once

#include <cstdint>
#include <string_view>

#include "content/fight_state.hpp"
#include "server/game/encounters/fight_table.hpp"

namespace dw::game {

// (declared only: a command file that asks whether someone is fighting reaches none of their headers)
class content_source;
class roster;
class output;
class ground;
class room_stock;
class fight_outcomes;
class fight_rounds;
struct character;
struct connection;

/// What wanderers take of the fights: a wanderer's fight is a row of the fights' table holding its id, and the
/// wanderer attacks whoever stands in its room through an ambush. `fights` offers it; a test may fake it.
class wanderer_fights {
 public:
  /// The fight in a room, or nullptr.
  virtual const room_fight* fight_in(std::int64_t room_id) const = 0;
  /// Whether wanderers keep out of the room (room_stock::keeps_wanderers_out).
  virtual bool keeps_wanderers_out(std::int64_t room_id) const = 0;
  /// The wanderer `wanderer`'s fight `fight` starts in the room, a row of the table holding its id; false
  /// (nothing starts) when the room's contents are not in memory.
  virtual bool start_wanderer_fight(std::int64_t room_id, content::fight_state fight, std::uint32_t wanderer) = 0;
  /// The fight in `room_id` (one saved before a restart, from the wanderer's tape) is wanderer `wanderer`'s.
  virtual void claim_fight(std::int64_t room_id, std::uint32_t wanderer) = 0;
  /// A monster of the fight in `room_id` attacks `target` there (see fights::ambush).
  virtual bool ambush(std::int64_t room_id, character& target) = 0;
  /// The fight in `room_id` ends without a winner: its row goes, and the room is saved without it when `save`.
  virtual void end_fight(std::int64_t room_id, bool save) = 0;

 protected:
  ~wanderer_fights() = default;
};

/// Fights: who is in them and how they start and end. Joining, the choices (attack, defend, flee, a spent
/// turn), consider, ambushes, leaving, the last round of someone leaving play, resuming after a hot reboot and
/// an administrator's @clear. Each fight's state is a row of the fights' table (fight_table), gone when the
/// fight ends; its rounds are fight_rounds', the way out fleeing's, the warnings danger's. World thread only.
class fights final : public wanderer_fights {
 public:
  fights(const content_source& content, roster& people, output& out, ground& where, room_stock& contents,
         fight_table& table, fight_outcomes& outcomes, fight_rounds& rounds);

  bool in_combat(const character& ch) const;
  /// The fight in a room (its monsters, who fights them, whether rounds run), or nullptr.
  const room_fight* fight_in(std::int64_t room_id) const override { return table_.find(room_id); }
  bool keeps_wanderers_out(std::int64_t room_id) const override;
  bool start_wanderer_fight(std::int64_t room_id, content::fight_state fight, std::uint32_t wanderer) override;
  void claim_fight(std::int64_t room_id, std::uint32_t wanderer) override;
  void end_fight(std::int64_t room_id, bool save) override;
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
  bool ambush(std::int64_t room_id, character& target) override;
  /// `ch` spent its turn on something else (quaffed, applied, read a scroll): in the next round it
  /// takes the monsters' blow as usual but does not strike.
  void spend_turn(const character& ch);
  /// The ward `ch` has read (`up()` false when none was read or it is spent).
  ward ward_of(const character& ch) const;
  /// `ch` reads a ward: it absorbs up to `points` damage for `rounds` rounds, in place of any ward up before.
  void read_ward(const character& ch, std::int32_t points, std::int32_t rounds);
  /// `ch` has left play: what the fights kept of it goes (its ward).
  void left_play(const character& ch);
  /// Clears the room `ch` is in at once (administration); false outside the dungeon. (encounters::clear_room
  /// opens a rune door there first.)
  bool clear_room(character& ch);

 private:
  void set_choice(character& ch, connection& conn, content::fight_choice choice, std::string_view told);

  const content_source& content_;
  roster& people_;
  output& out_;
  ground& ground_;
  room_stock& contents_;
  fight_table& table_;
  fight_outcomes& outcomes_;  ///< the warnings forgotten, the way out
  fight_rounds& rounds_;
};

}  // namespace dw::game
