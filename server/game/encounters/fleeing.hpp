#pragma once

#include <cstdint>
#include <optional>

#include "content/tape.hpp"
#include "server/game/output/output.hpp"
#include "server/game/places/ground.hpp"
#include "server/game/roster/roster.hpp"

namespace dw::game {

/// Fleeing a fight: the way a fighter runs, and the run itself, a step walked through the ground. Which
/// fighter flees, and when, is the fight's (fights, fight_rounds); this holds no state. World thread only.
class fleeing {
 public:
  fleeing(roster& people, output& out, ground& where) : people_(people), out_(out), ground_(where) {}

  /// The way `ch` runs in round `round`: the side it came in by when open, else a known exit picked with a
  /// value of the room's tape; nullopt when no known exit leads out (never into the unknown).
  std::optional<exit_dir> way_out(const character& ch, const content::tape& tape, std::uint32_t round) const;
  /// `ch`, already out of its fight (a fighter's step is refused), runs `way`. Nothing when its connection
  /// has gone.
  void run(character& ch, exit_dir way);

 private:
  roster& people_;
  output& out_;
  ground& ground_;
};

}  // namespace dw::game
