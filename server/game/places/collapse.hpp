#pragma once

// Branches that fall in: idle ones on the tick, and any one at an administrator's word (evacuating whoever
// is inside to the well first). A collapse forgets the branch's rooms, interiors and what they held, and is
// taken back if it cannot be saved. World thread only.
#include "dungeon/branch_info.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/output/output.hpp"
#include "server/game/places/place_directory.hpp"
#include "server/game/places/room_hooks.hpp"
#include "server/game/places/walking.hpp"
#include "server/game/roster/roster.hpp"
#include "server/game/services.hpp"

namespace dw::game {

class branch_collapse {
 public:
  branch_collapse(roster& people, output& out, change_sink& changes, services& svc, place_directory& rooms,
                  walking& moves)
      : people_(people), out_(out), changes_(changes), services_(svc), rooms_(rooms), moves_(moves) {}
  branch_collapse(const branch_collapse&) = delete;
  branch_collapse& operator=(const branch_collapse&) = delete;
  /// What fills the rooms (set once, right after construction).
  void set_hooks(room_hooks& hooks) { hooks_ = &hooks; }

  /// Collapses branches that have been empty long enough; tells nobody (nobody is inside).
  void collapse_idle();
  /// Collapses one branch now; with `evacuate`, characters inside are first moved to the well. Returns how
  /// many were moved.
  int collapse(dungeon::branch_id b, bool evacuate);

 private:
  roster& people_;
  output& out_;
  change_sink& changes_;
  services& services_;
  place_directory& rooms_;
  walking& moves_;
  room_hooks* hooks_ = nullptr;
};

}  // namespace dw::game
