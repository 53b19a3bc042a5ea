#pragma once

#include <cstdint>
#include <optional>

#include "server/game/events/event_sink.hpp"
#include "server/game/location.hpp"
#include "server/game/roster/character.hpp"
#include "server/game/roster/connection.hpp"
#include "server/game/storage/reads.hpp"

namespace dw::game {

/// What login needs of the world's rooms and fights to take a character into play and out of it (issue 29:
/// login takes this port, not places and encounters whole). The world implements it by forwarding to places
/// and encounters; login's tests put a fake behind it. World thread only.
class play_door {
 public:
  virtual ~play_door() = default;

  /// Keeps the rooms of a branch read on a worker with a login or a restore (empty: nothing was read).
  virtual void branch_read(const storage::branch_snapshot& snapshot) = 0;
  /// What must be read before the character's branch can be used (the login's read may have raced with a
  /// collapse), or nothing when it is in memory.
  virtual std::optional<load_request> need_branch(std::int64_t branch_id) = 0;
  /// Whether the room at `where` still exists (a branch can collapse while a character is away).
  virtual bool room_exists(const location& where) = 0;
  /// The character, now in the roster, stands in its room (and that is recorded).
  virtual void place(const character& ch) = 0;
  /// The character is taken from its room without a record: a take-over (it is placed again at once) or a
  /// login that could not be saved.
  virtual void unplace(const character& ch) = 0;
  /// Saves where the character stands (and clears its pending message).
  virtual void save_place(const character& ch) = 0;
  /// The character sees where it has arrived: the map, then the room. A restored character finds the room
  /// as it left it; any other one "appears" to those in the room.
  virtual void show_arrival(const character& ch, bool restored) = 0;
  /// The character's status (GMCP Char.Status).
  virtual void send_status(const character& ch) = 0;
  /// The character's item lists (inventory; the room's too when restored, which show_arrival does not send).
  virtual void send_item_lists(const character& ch, bool restored) = 0;
  /// A restored character's fight goes on, on its new connection.
  virtual void resume_fight(character& ch, connection& conn) = 0;
  /// A character leaving play takes its fight's last round first: a dropped connection does not escape it.
  virtual void last_round(character& ch) = 0;
  /// The character leaves play: the room sees it fade, it leaves the room's fights, where it rests is saved,
  /// it is taken from its room, and the parts forget what they kept of it in play (as `forget`).
  virtual void leave_play(const character& ch) = 0;
  /// The parts forget what they kept of the character while in play (the rooms it has seen, the side it came
  /// in by, whom its `reply` answers): a login taken back because it could not be saved, after unplace.
  virtual void forget(const character& ch) = 0;
};

}  // namespace dw::game
