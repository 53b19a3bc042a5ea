#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "dungeon/room.hpp"
#include "server/game/roster/character.hpp"
#include "server/game/storage/reads.hpp"

namespace dw::game {

/// Something a room holds that `survey` and GMCP Room.Interior mark on its floor.
struct interior_mark {
  enum class kind : std::uint8_t { monster, item } what = kind::item;
  std::string name;  ///< "three mud crawlers", "a wooden scroll tube"
};

/// What places ask of whatever fills the rooms (the encounters part): places own where rooms are and how
/// they join up; what a room holds, and whether someone is busy fighting in it, is decided there.
class room_hooks {
 public:
  /// Rolls a new room's contents for `mover` walking in; returns whether the room starts clear.
  virtual bool decide_clear(const dungeon::room& r, const character* mover) = 0;
  /// A new room exists (and is being saved): what was rolled for it is saved with it.
  virtual void room_created(const dungeon::room& r) = 0;
  /// Lines describing what the room holds, as `viewer` sees it.
  virtual std::string room_extras(std::int64_t room_id, const character& viewer) = 0;
  /// What the room holds, for its interior: the monsters first (they stand on the first free tile), then
  /// what lies on the floor.
  virtual std::vector<interior_mark> interior_marks(std::int64_t room_id, const character& viewer) = 0;
  /// `viewer` has just been shown its room (entering it, or `look`): what lies there goes out as GMCP.
  virtual void room_shown(const character& viewer) = 0;
  /// `ch` has just walked into a dungeon room (aggressive monsters there may attack).
  virtual void arrived(character& ch) = 0;
  /// True while `ch` is fighting.
  virtual bool in_combat(const character& ch) const = 0;
  /// `ch` is leaving its room (walking, fleeing, quitting, dying, being moved).
  virtual void leave_room(const character& ch) = 0;
  /// A branch's rooms came into memory from storage: their contents come with them.
  virtual void restore_branch(const storage::branch_snapshot& snapshot) = 0;
  /// A branch collapsed: forget what its rooms held.
  virtual void forget_branch(std::uint64_t branch) = 0;

 protected:
  ~room_hooks() = default;
};

}  // namespace dw::game
