#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string_view>
#include <vector>

#include "dungeon/branch_grid.hpp"
#include "dungeon/branch_info.hpp"
#include "dungeon/change_set.hpp"
#include "dungeon/coord.hpp"
#include "dungeon/direction.hpp"
#include "dungeon/dungeon_settings.hpp"
#include "dungeon/function_ref.hpp"
#include "dungeon/move_result.hpp"
#include "dungeon/room.hpp"
#include "dungeon/room_loader.hpp"

namespace dw::dungeon {

/// The whole procedural dungeon below the start room: branches, their grids, windows and collapse.
/// Pure and single-threaded (the server's world thread owns it); time arrives as `now` (unix seconds).
class dungeon {
 public:
  /// loader supplies non-resident rooms; nullptr means every room lives in memory. Throws
  /// std::invalid_argument when settings_error(settings) reports a problem.
  dungeon(const dungeon_settings& settings, room_loader* loader);

  /// Walks start exit d: joins the newest branch of d while it is joinable (window open, an unexplored exit
  /// left), else creates a branch.
  enter_result enter_from_start(direction d, std::int64_t now, clear_decider decide);
  /// The branch enter_from_start(d, now) would join, or 0 when it would create one (a caller that keeps rooms
  /// elsewhere makes sure this branch is resident first).
  branch_id joined_from_start(direction d, std::int64_t now) const;

  /// Walks from the room at `from` of branch b toward d. decide is called once if a room is spawned. A spawn
  /// that opened an exit elsewhere to keep the branch from running dry says so in changes.opened.
  move_result move(branch_id b, coord from, direction d, bool in_combat, clear_decider decide);

  /// Opens one way on in branch b that players reach from its first room without passing through the room at
  /// `avoid` (a sealed rune lock whose blocked exits are the branch's only ways on, which the never-dry rule
  /// alone does not see): an unexplored exit toward an empty coordinate from the room nearest the first room
  /// by walking distance (nearest_way_on, around `avoid`; `seed` breaks ties). Returns the modified room and
  /// the branch info to persist, with `opened` set; empty when no room reached that way borders an empty
  /// coordinate.
  change_set open_way_around(branch_id b, coord avoid, std::uint64_t seed);

  /// Marks a room clear or not; returns the modified room to persist (empty when nothing changed).
  change_set set_clear(branch_id b, coord c, bool clear);

  /// The room at c of branch b (loaded if need be), or nullopt.
  std::optional<room> room_at(branch_id b, coord c);

  /// The room at c of branch b if it is resident; never loads.
  std::optional<room> resident_room_at(branch_id b, coord c) const;

  /// Calls fn for every RESIDENT room of b with min <= pos <= max (both corners inclusive); does not load.
  void for_each_room_in(branch_id b, coord min, coord max, function_ref<void(const room&)> fn) const;

  /// Calls fn for every resident room of b.
  void for_each_resident_room(branch_id b, function_ref<void(const room&)> fn) const;

  /// The info of branch b, or nullopt.
  std::optional<branch_info> branch(branch_id b) const;

  /// The tape key of branch b (branch_info::tape_key) without copying its info, or nullopt.
  std::optional<std::uint64_t> tape_key(branch_id b) const noexcept;

  /// Every branch, by id (the admin listing).
  std::vector<branch_info> branches() const;

  /// A character entered branch b; returns the branch info to persist.
  change_set enter_branch(branch_id b);

  /// A character left branch b; when nobody is left, last_occupied = now. Returns the branch info to persist.
  change_set leave_branch(branch_id b, std::int64_t now);

  /// Branches whose window has closed and that have been empty for branch_idle_collapse_seconds.
  std::vector<branch_id> collect_collapsible(std::int64_t now) const;

  /// Deletes branch b with its rooms from the model (the caller deletes them from storage). False, and nothing
  /// happens, if b is unknown or still has occupants.
  bool collapse(branch_id b);

  /// Takes back a spawn (from move) whose change set could not be saved: the room goes, the exits that led
  /// to it are unexplored again, and its branch's counts are restored. Room ids are not reused.
  void undo_spawn(const change_set& spawned) noexcept;

  /// Takes back a branch just opened by enter_from_start whose change set could not be saved: the branch
  /// and its first room go, and the start exit leads to whatever branch it led to before. Characters must
  /// have left it first. Branch numbers and ids are not reused.
  void undo_new_branch(branch_id b) noexcept;

  /// Makes branch b fully resident from storage's complete list of its rooms (rooms already resident are
  /// kept: they may be newer). False when b is unknown.
  bool restore_rooms(branch_id b, const std::vector<room>& rooms);

  /// True when every room of b is in memory (created in this process, or restored), so looking one up
  /// never asks the loader. False for an unknown branch.
  bool fully_resident(branch_id b) const noexcept;

  /// Drops b's resident rooms; they come back through the loader. Only evict what storage has committed.
  bool evict(branch_id b);

  /// Adds a branch known from storage, with no resident rooms (they load on demand). The occupant count is
  /// taken as given. Raises the id counters past it. False when the id is already present.
  bool restore_branch(const branch_info& info);

  const dungeon_settings& settings() const noexcept { return settings_; }

  /// Applies live settings (they affect branches created or rooms spawned afterwards); returns the reason
  /// and changes nothing when they are unusable.
  std::optional<std::string_view> set_settings(const dungeon_settings& s);

  /// The id allocators (persist them with every change set that carries them).
  id_counters counters() const noexcept { return counters_; }
  /// Restores all allocators at start-up.
  void restore_counters(const id_counters& c) noexcept { counters_ = c; }
  void set_next_room_id(room_id id) noexcept { counters_.next_room_id = id; }
  void set_next_branch_sequence(std::uint64_t sequence) noexcept { counters_.next_branch_sequence = sequence; }
  void set_next_branch_number(direction d, std::uint32_t number) noexcept {
    counters_.next_branch_number[index_of(d)] = number;
  }

  /// Resident rooms over all branches.
  std::size_t resident_rooms() const noexcept;
  /// Branches alive (their info is always in memory; their rooms may not be).
  std::size_t branch_count() const noexcept { return branches_.size(); }
  /// Branches with at least one room in memory.
  std::size_t resident_branches() const noexcept;
  /// Heap bytes held by resident rooms (the room tables, not counting the branch map).
  std::size_t resident_bytes() const noexcept;

 private:
  branch_grid* find(branch_id b) noexcept;
  const branch_grid* find(branch_id b) const noexcept;
  enter_result create_branch(direction d, std::int64_t now, clear_decider decide);

  dungeon_settings settings_;
  room_loader* loader_;  // not owned; outlives the dungeon
  std::map<branch_id, branch_grid> branches_;
  std::array<branch_id, 4> newest_{};  // per direction, 0 = none: the only branch a start exit can join
  id_counters counters_;
};

}  // namespace dw::dungeon
