#pragma once

#include <functional>
#include <utility>
#include <vector>

#include "server/game/storage/changes.hpp"

namespace dw::game {

/// What one world event changed that must be saved, and how to put memory back if it cannot be.
/// The world opens one per event (a line typed, a timer, a completion) and commits it when the event
/// ends: everything the event changed is saved in one transaction, or none of it is, and then the
/// undo steps restore what the event changed in memory, newest first. World thread only.
class event_batch {
 public:
  using undo_step = std::function<void()>;

  /// Adds a change to save (applied on the writer thread, inside the batch's transaction).
  void add(storage::change c) { changes_.push_back(std::move(c)); }
  /// Adds how to take back, in memory, something this event did. Steps run only if saving fails.
  void on_rollback(undo_step undo) { undo_.push_back(std::move(undo)); }
  bool empty() const { return changes_.empty(); }

  /// The changes, in the order they were added. Leaves the batch empty.
  storage::batch take_changes() { return std::exchange(changes_, {}); }
  /// The undo steps, in the order they were added. Leaves none behind.
  std::vector<undo_step> take_undo() { return std::exchange(undo_, {}); }
  /// Forgets everything (nothing is saved, nothing undone).
  void clear() {
    changes_.clear();
    undo_.clear();
  }

  /// Runs undo steps newest first. A step that throws is skipped so the others still run; returns how
  /// many threw.
  static int roll_back(std::vector<undo_step>& steps) noexcept;

 private:
  storage::batch changes_;
  std::vector<undo_step> undo_;
};

}  // namespace dw::game
