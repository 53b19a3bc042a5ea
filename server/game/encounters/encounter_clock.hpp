#pragma once

#include <chrono>
#include <cstdint>
#include <functional>

namespace dw::game {

/// The encounters' clock: how long a fight's round and a wanderer's step last now, and the timers that run
/// the next one as an event of its own. All that fight_rounds and wanderers take of the live settings, the
/// services and the event runner; a test may fake it in a few lines, and the game's is game_clock
/// (game_clock.hpp). World thread only.
class encounter_clock {
 public:
  /// How long a fight's round lasts now, in milliseconds (game.fight_round_ms).
  virtual std::int64_t round_ms() const = 0;
  /// How long a wanderer's step lasts now, in milliseconds (game.wander_step_ms; 0 or less: they stand still).
  virtual std::int64_t wander_step_ms() const = 0;
  /// Runs `fn` on the world thread after `delay` (outside any event: `fn` calls run_event for one).
  virtual void after(std::chrono::milliseconds delay, std::function<void()> fn) = 0;
  /// Runs `work` as one event of its own, on behalf of nobody (taken back whole if it throws).
  virtual void run_event(const std::function<void()>& work) = 0;

 protected:
  ~encounter_clock() = default;
};

}  // namespace dw::game
