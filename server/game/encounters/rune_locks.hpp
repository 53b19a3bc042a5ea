#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "content/puzzle.hpp"
#include "dungeon/coord.hpp"
#include "server/game/content_source.hpp"
#include "server/game/encounters/rune_hints.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/live_settings.hpp"
#include "server/game/places/ground.hpp"
#include "server/game/storage/reads.hpp"

namespace dw::game {

/// The puzzles' state: every rune lock and hint room in memory, by room id, and per branch the index of hint
/// places (where each lock's solution is written, whether or not that room exists yet). Filled as rooms are
/// made (room_stock rolls them) and as branches are read, emptied as branches collapse (both through
/// `encounters`, the room hooks); `puzzles` opens the doors. The index of hint places is a `rune_hints` this
/// table keeps beside its rooms, and changes with them (a lock made, read, undone or its hint moved).
/// World thread only.
class rune_locks {
 public:
  rune_locks(const live_settings& settings, const content_source& content, change_sink& changes, ground& where);

  /// The rune door of a room (solved or not), or nullptr.
  const content::rune_lock* lock_in(std::int64_t room_id) const;
  /// The scratched solution of a hint room, or nullptr.
  const content::rune_hint* hint_in(std::int64_t room_id) const;
  /// How many rooms the table holds (locks and hints).
  std::size_t size() const { return rooms_.size(); }
  /// The room's lock or hint as stored in its contents ("" for other rooms).
  std::string stored_contents(std::int64_t room_id) const;
  /// The rune door or the scratched solution, as the room's text shows it ("" for other rooms).
  std::string text(std::int64_t room_id) const;

  /// The solution a lock of `branch` has written at `at`, if any (the hint room need not exist yet).
  const content::rune_hint* hint_at(std::uint64_t branch, dungeon::coord at) const {
    return hints_.hint_at(branch, at);
  }
  /// Every lock of `branch` known (solved or not) with where its order is written: (lock, hint) pairs.
  std::vector<std::pair<dungeon::coord, dungeon::coord>> locks_and_hints(std::uint64_t branch) const {
    return hints_.locks_and_hints(branch);
  }

  /// A new room at `at` of `branch` holds the lock or the hint it rolled: kept (and a lock's hint place
  /// indexed), forgotten again if the event cannot be saved. The caller saves the room's contents.
  void room_created(std::int64_t room_id, std::uint64_t branch, dungeon::coord at,
                    std::optional<content::rune_lock> lock, std::optional<content::rune_hint> hint);
  /// Opens the room's door (sealed again if the event cannot be saved); false if it has none or it stood open.
  /// The caller saves the room's contents.
  bool open(std::int64_t room_id);
  /// After a room is made in `branch`: each unsolved lock whose hint place can no longer be reached without
  /// passing the lock gets the next reachable place, saved.
  void move_walled_in_hints(std::uint64_t branch);

  /// A branch came into memory: its locks and hints from their stored contents (rooms already known are
  /// kept: they are newer).
  void restore_branch(const storage::branch_snapshot& snapshot);
  /// A branch collapsed: forget its locks, hints and hint places.
  void forget_branch(std::uint64_t branch);

 private:
  struct puzzle_room {
    std::uint64_t branch = 0;
    std::optional<content::rune_lock> lock;
    std::optional<content::rune_hint> hint;
  };

  /// The undos of room_created, open and a hint moved by move_walled_in_hints: the new room's lock or hint
  /// (and its hint place) forgotten; the lock sealed again (if still known); the hint back where it was.
  void forget_new_room(std::int64_t room_id, std::uint64_t branch, const std::optional<dungeon::coord>& hint_place);
  void seal_again(std::int64_t room_id);
  void put_back_hint(std::uint64_t branch, std::int64_t room_id, dungeon::coord lock_at,
                     const content::rune_lock& before, dungeon::coord moved_to);
  /// Saves a lock room's contents (its event and the lock).
  void save_lock(std::int64_t room_id, const content::rune_lock& lock);

  const live_settings& settings_;
  const content_source& content_;
  change_sink& changes_;
  ground& ground_;
  std::unordered_map<std::int64_t, puzzle_room> rooms_;
  /// Where each lock in rooms_ writes its order: filled as locks are created, rebuilt from their stored
  /// contents when a branch is read, forgotten with the branch.
  rune_hints hints_;
};

}  // namespace dw::game
