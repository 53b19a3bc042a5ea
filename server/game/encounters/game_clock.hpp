#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <utility>

#include "server/game/encounters/encounter_clock.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/live_settings.hpp"
#include "server/game/services.hpp"

namespace dw::game {

/// The game's encounter clock: the live settings' pace, the services' timers and the event runner's events.
class game_clock final : public encounter_clock {
 public:
  game_clock(const live_settings& settings, services& svc, event_runner& events)
      : settings_(settings), services_(svc), events_(events) {}

  std::int64_t round_ms() const override { return settings_.get().game.fight_round_ms; }
  std::int64_t wander_step_ms() const override { return settings_.get().game.wander_step_ms; }
  void after(std::chrono::milliseconds delay, std::function<void()> fn) override {
    services_.after(delay, std::move(fn));
  }
  void run_event(const std::function<void()>& work) override { events_.run_event(0, work); }

 private:
  const live_settings& settings_;
  services& services_;
  event_runner& events_;
};

}  // namespace dw::game
