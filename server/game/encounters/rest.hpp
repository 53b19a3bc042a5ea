#pragma once

#include <cstdint>

#include "server/game/events/event_sink.hpp"
#include "server/game/live_settings.hpp"
#include "server/game/output/output.hpp"
#include "server/game/places/ground.hpp"
#include "server/game/roster/roster.hpp"

namespace dw::game {

/// Rest at the surface: characters in the village square get their hit points back over time.
class rest {
 public:
  rest(const live_settings& settings, roster& people, output& out, change_sink& changes, ground& where)
      : settings_(settings), people_(people), out_(out), changes_(changes), ground_(where) {}
  /// Once a second.
  void tick();

 private:
  const live_settings& settings_;
  roster& people_;
  output& out_;
  change_sink& changes_;
  ground& ground_;
  std::int64_t counter_ = 0;
};

}  // namespace dw::game
