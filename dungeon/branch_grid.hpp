#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "dungeon/branch_info.hpp"
#include "dungeon/change_set.hpp"
#include "dungeon/coord.hpp"
#include "dungeon/direction.hpp"
#include "dungeon/function_ref.hpp"
#include "dungeon/room.hpp"
#include "dungeon/room_loader.hpp"
#include "dungeon/room_table.hpp"

namespace dw::dungeon {

/// Decides whether a freshly spawned room is clear; called once per spawn with the new room's value.
using clear_decider = function_ref<bool(const room&)>;

/// One branch: its info, its own grid of resident rooms, and the spawn rule that grows it.
class branch_grid {
 public:
  /// A branch whose rooms are all resident (just created) or all in storage (restored).
  branch_grid(const branch_info& info, bool fully_resident) : info_(info), fully_resident_(fully_resident) {}

  const branch_info& info() const noexcept { return info_; }
  branch_info& info() noexcept { return info_; }

  /// The room at c: resident, else from the loader (it then stays resident); nullptr when there is none.
  room_slot* find_or_load(coord c, room_loader* loader);

  /// The resident room at c, or nullptr; never asks the loader.
  const room_slot* find_resident(coord c) const noexcept { return rooms_.find(c); }

  /// The caller's view of a stored slot.
  room to_room(const room_slot& s) const noexcept { return room{s.id, info_.id, s.pos(), s.exits, s.clear}; }

  /// Spawns room `id` at target, entered from direction `back` of it (from the start room when that step is
  /// (0,0)). Applies the spawn rule, updates the counts and appends every created or modified room and the
  /// branch info to out. The walked exit must be unexplored and target must hold no room. Unless
  /// `can_finish`, a spawn that would leave the branch without an unexplored exit opens one in the nearest
  /// room that can have one (nearest_way_on) and records it in out.opened.
  room spawn(coord target, direction back, room_id id, std::uint32_t budget, bool can_finish, clear_decider decide,
             room_loader* loader, change_set& out);

  /// Takes back a spawn described by its change set (the new room first, then the neighbours it turned
  /// explored): the room goes, the exits into it are unexplored again, an exit it opened elsewhere is closed
  /// again (unless it has been walked since), the counts are restored. Tolerates
  /// later changes: a neighbour no longer resident or no longer pointing at the room is left alone.
  void undo_spawn(const change_set& spawned) noexcept;

  /// Makes every room of the branch resident from storage's complete list of them. Rooms already resident
  /// are kept (they may be newer than what storage had). Afterwards the loader is never asked.
  void restore_rooms(const std::vector<room>& rooms);
  /// True when every room of the branch is in memory, so a miss means "no room there".
  bool fully_resident() const noexcept { return fully_resident_; }

  /// Drops the resident rooms; later lookups go to the loader.
  void evict() noexcept;

  std::size_t resident_rooms() const noexcept { return rooms_.size(); }
  std::size_t memory_bytes() const noexcept { return rooms_.memory_bytes(); }

  /// Calls fn(const room_slot&) for every resident room.
  template <class F>
  void for_each_resident(F&& fn) const {
    rooms_.for_each(fn);
  }

 private:
  branch_info info_;
  room_table rooms_;
  // True while every room of the branch is resident (created in this process, never evicted): a miss is
  // then a definite "no room" and the loader is not asked.
  bool fully_resident_;
};

}  // namespace dw::dungeon
