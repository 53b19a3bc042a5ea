#pragma once

// Steps walked, between places and whoever moves people after others (the groups part). Places tell a
// step_watch of every step after it has happened, without knowing who listens; they take steps after
// someone for whoever asks through step_taker. Small on purpose: no part's class is needed to use it.
#include "server/game/places/static_rooms.hpp"
#include "server/game/roster/character.hpp"
#include "server/game/location.hpp"

namespace dw::game {

/// Hears of every step walked (a typed direction, a flight, a step after a leader). A move that is not
/// a step (a scroll of return, a knock-out, an administrator's goto, a collapse) is not told.
class step_watch {
 public:
  /// `ch` walked from `from` by `d` and now stands at `ch.where` (the step has been told to both rooms and
  /// the new room shown to `ch`). World thread only.
  virtual void stepped(character& ch, const location& from, exit_dir d) = 0;

 protected:
  ~step_watch() = default;
};

/// Takes a step for someone who follows another (places implements it).
class step_taker {
 public:
  /// Walks `ch` by `d` as if it had typed that direction, every refusal told to it as to someone who typed
  /// it (a fight it is in, a blocked way), except that a passage from the well leads into the branch of
  /// `leader_at` (where the one followed now stands), even when a newcomer would open a fresh branch there.
  /// Returns whether `ch` moved.
  virtual bool step_after(character& ch, exit_dir d, const location& leader_at) = 0;

 protected:
  ~step_taker() = default;
};

}  // namespace dw::game
