#pragma once

#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

#include "content/puzzle.hpp"
#include "dungeon/coord.hpp"

namespace dw::game {

/// Where each rune lock's solution is written, by branch: the place of each lock's hint (whether or not that
/// room exists yet) and the hint written there (the lock's coordinate and runes). An index of the locks that
/// `rune_locks` holds: filled as locks are made or read, moved when a hint's place is walled in, forgotten
/// with the branch. Nothing here is saved (the locks are). World thread only.
class rune_hints {
 public:
  /// The solution a lock of `branch` has written at `at`, if any.
  const content::rune_hint* hint_at(std::uint64_t branch, dungeon::coord at) const;
  /// Every lock of `branch` indexed, with where its order is written: (lock, hint) pairs.
  std::vector<std::pair<dungeon::coord, dungeon::coord>> locks_and_hints(std::uint64_t branch) const;

  /// The lock at `lock_at` of `branch` writes its order at its hint place (lock.hint_x, lock.hint_y).
  void write(std::uint64_t branch, dungeon::coord lock_at, const content::rune_lock& lock);
  /// Nothing is written at `at` of `branch` any more.
  void erase(std::uint64_t branch, dungeon::coord at);
  /// A branch collapsed: its hint places are forgotten.
  void forget_branch(std::uint64_t branch) { hints_.erase(branch); }

 private:
  /// Per branch: packed hint coordinate -> the hint its lock writes there.
  std::unordered_map<std::uint64_t, std::unordered_map<std::uint64_t, content::rune_hint>> hints_;
};

}  // namespace dw::game
