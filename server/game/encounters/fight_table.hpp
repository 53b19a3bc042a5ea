#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "content/fight_state.hpp"
#include "content/fighter.hpp"
#include "content/room_event.hpp"
#include "server/game/events/event_sink.hpp"

namespace dw::game {

/// A fight going on (or waiting) in a room: the monsters, who fights them and how, and whether rounds run.
/// It lives while the monsters do: a room with no fight has no row. A wanderer's fight holds the wanderer's
/// id: the fight is that wanderer's, and the wanderer's claim on the room ends with it.
struct room_fight {
  std::uint64_t branch = 0;       ///< the room's branch (forgotten with it)
  content::fight_state monsters;  ///< alive or not yet fought (saved as the room's contents)
  std::vector<std::int64_t> fighters;  ///< account ids in join order
  std::vector<std::int64_t> busy;      ///< fighters who spent their next round (fights::spend_turn)
  /// Each fighter's choice for its next rounds (attack when absent; flee lasts one round). In memory only:
  /// a fight resumed after a restart has everyone attacking.
  std::unordered_map<std::int64_t, content::fight_choice> choices;
  bool active = false;           ///< rounds run on the timer
  std::uint64_t generation = 0;  ///< the round timer's; fight_table::next_generation (never reused)
  std::optional<std::uint32_t> wanderer;  ///< the fight is this wanderer's (wanderers.hpp), not the room's own
};

/// A ward a character has read (a scroll of warding): damage it still absorbs, for so many rounds.
struct ward {
  std::int32_t points = 0;  ///< damage it still absorbs
  std::int32_t rounds = 0;  ///< rounds it still lasts
  bool up() const { return points > 0 && rounds > 0; }
  bool operator==(const ward&) const = default;
};

/// The fights' state: every fight in memory by room id, and the ward each character in play has read. The
/// fights are filled as new rooms roll monsters and as branches are read (both through room_stock), emptied as
/// fights end and as branches collapse (`encounters`, the room hooks). `fights` runs the fights, `wanderers`
/// start and end their own; room_stock saves a room's fight as its contents. World thread only.
class fight_table {
 public:
  explicit fight_table(change_sink& changes) : changes_(changes) {}

  /// The fight in a room, or nullptr (one lookup).
  room_fight* find(std::int64_t room_id);
  const room_fight* find(std::int64_t room_id) const;
  /// How many fights the table holds.
  std::size_t size() const { return rooms_.size(); }
  /// A fight starts in a room of `branch`; any fight there before is replaced. If the event cannot be saved,
  /// the room's row goes back to what it was (none, or the one replaced).
  room_fight& start(std::int64_t room_id, std::uint64_t branch, content::fight_state monsters);
  /// Puts a fight back as it was (a failed commit's undo).
  void put(std::int64_t room_id, room_fight fight) {
    branches_.insert(fight.branch);
    rooms_.insert_or_assign(room_id, std::move(fight));
  }
  /// The fight in a room is over (won, cleared, or its wanderer walked on): its row goes, and comes back as
  /// it is now if the event cannot be saved (unless its branch has collapsed meanwhile).
  void end(std::int64_t room_id);
  /// `account` leaves the fight in `room_id` (walking, fleeing, quitting, knocked out), its choice with it (a
  /// fight joined later starts afresh); when nobody is left, the monsters wait. Nothing when there is no fight.
  void leave(std::int64_t room_id, std::int64_t account);
  /// A number for a round timer no timer has had before.
  std::uint64_t next_generation() { return ++generations_; }
  /// The room's fight as stored in its contents ("" when it has none).
  std::string stored_contents(std::int64_t room_id) const;

  /// A new room rolled these monsters: kept, and forgotten again if the event cannot be saved. The caller
  /// saves the room's contents.
  void room_created(std::int64_t room_id, std::uint64_t branch, std::optional<content::fight_state> monsters);
  /// A room read from storage (not in memory before): its stored contents read as a fight, unless `event` is a
  /// rune lock's or hint's (their contents are the puzzles'). An unreadable fight is logged and left out.
  void restore_room(std::int64_t room_id, std::uint64_t branch, content::room_event event,
                    std::string_view contents);
  /// A branch collapsed: forget its fights.
  void forget_branch(std::uint64_t branch);

  /// The ward `account`'s character has read (`up()` false when nothing was read or it is spent).
  ward ward_of(std::int64_t account) const {
    const auto found = wards_.find(account);
    return found != wards_.end() ? found->second : ward{};
  }
  /// `account`'s character's ward is now `w` (read, worn down by a round, or gone). It is put back as it is
  /// now if the event cannot be saved, as long as the character is still in play then.
  void set_ward(std::int64_t account, ward w);
  /// `account`'s character has left play: its ward goes with it. (A take-over keeps it: the account plays on.)
  void left_play(std::int64_t account) { wards_.erase(account); }

 private:
  /// The row of `room_id` becomes this fight, with no undo (storage holds it, or the caller undoes it).
  room_fight& place(std::int64_t room_id, std::uint64_t branch, content::fight_state monsters);
  /// Registers the undo that puts the row of `room_id` back as it is now (or takes away one made meanwhile).
  /// A row whose branch collapsed before the undo ran is not put back: its room is no longer known.
  void keep_row(std::int64_t room_id);
  /// keep_row's undo: the row of `room_id` is `before` again (none: taken away), unless its branch collapsed.
  void put_back_row(std::int64_t room_id, const std::optional<room_fight>& before);

  change_sink& changes_;
  std::unordered_map<std::int64_t, room_fight> rooms_;
  /// The branches rows have been placed in since they were last forgotten (each in memory): an undo puts a
  /// row back only into one of these.
  std::unordered_set<std::uint64_t> branches_;
  std::uint64_t generations_ = 0;
  /// By account id: an entry lives from a character's first ward until it leaves play (a spent ward stays, no
  /// longer up), so that an undo finds the entry exactly while the character is in play.
  std::unordered_map<std::int64_t, ward> wards_;
};

}  // namespace dw::game
