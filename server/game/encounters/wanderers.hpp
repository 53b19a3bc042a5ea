#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "content/monster_group.hpp"
#include "server/game/content_source.hpp"
#include "server/game/encounters/encounter_clock.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/encounters/fights.hpp"
#include "server/game/output/output.hpp"
#include "server/game/places/ground.hpp"
#include "server/game/places/room_hooks.hpp"
#include "server/game/roster/roster.hpp"

namespace dw::game {

/// Wanderers: monsters that roam the explored rooms of a branch while people are in it, one step every
/// game.wander_step_ms. How many, which monsters, where they appear and every step come from the pure
/// content/wanderers.hpp, from the branch's seed, the wanderer's number and the branch's step count (a
/// counter per branch in memory, starting at 0 when the branch first steps). They attack whoever they find,
/// even in a room already cleared, through the fights (wanderer_fights); a wanderer whose fight is won (or
/// @cleared) is dead for good while the branch is in memory. They vanish with their branch. World thread only.
class wanderers {
 public:
  wanderers(const content_source& content, roster& people, output& out, change_sink& changes, encounter_clock& clock,
            ground& where, wanderer_fights& fights);

  /// Called on every world tick: renews the step timers (a second's worth of steps; a step longer than a
  /// second waits for the next tick after it).
  void start();
  /// One step of every branch with people in it (the timer calls it inside an event).
  void step_all();
  /// "A cave rat prowls here.\n" for each wanderer standing (not fighting) in the room.
  std::string room_extras(std::int64_t room_id) const;
  /// The same as interior marks (monsters).
  void add_marks(std::int64_t room_id, std::vector<interior_mark>& marks) const;
  /// `viewer` was shown its room: GMCP Room.Wanderers, and a wanderer standing there attacks.
  void room_shown(const character& viewer);
  /// The branch collapsed: its wanderers vanish.
  void forget_branch(std::uint64_t branch);
  /// For administrators: "wanderer 0: a cave rat at (1,2), fighting" lines, or "no wanderers".
  std::string describe_branch(std::uint64_t branch) const;

 private:
  struct wanderer {
    std::uint32_t id = 0;
    std::int32_t x = 0;
    std::int32_t y = 0;
    std::int64_t room_id = 0;
    content::monster_group group;
    std::vector<int> hp;  ///< one per monster
    bool fighting = false;
  };
  /// The undo of settle_fight: `before` stands fighting again in `branch` (if still known), alive, and not
  /// counted dead when `dies`.
  void put_back_fighting(std::uint64_t branch, const wanderer& before, bool dies);
  struct branch_state {
    std::uint64_t ticks = 0;      ///< steps taken so far
    std::uint32_t spawned = 0;    ///< wanderer numbers given out, 0 up (the dead keep theirs)
    std::vector<wanderer> alive;
    std::uint32_t dead = 0;       ///< how many died (for @stat)
  };

  void schedule();
  void step_branch(std::uint64_t branch);
  branch_state& state_for(std::uint64_t branch);
  /// Wanderer `id` appears in a room of the branch it may stand in; false when there is none.
  bool spawn(std::uint64_t branch, std::uint64_t seed, branch_state& bs, std::uint32_t id);
  /// A fighting wanderer whose fight has ended walks on (wounded) or is dead. If the step cannot be saved, it
  /// stands fighting again (the fights' table puts the fight's row back by itself).
  void settle_fight(std::uint64_t branch, branch_state& bs, wanderer& w);
  bool attack(std::uint64_t branch, std::uint64_t tick, wanderer& w);
  std::string name_of(const wanderer& w) const;
  std::string verb_of(const wanderer& w) const;
  void send_gmcp_room(std::int64_t room_id);
  void send_gmcp_to(const character& ch);
  /// The wanderer of `bs` standing in the room, if any.
  static const wanderer* standing_in(const branch_state& bs, std::int64_t room_id);

  const content_source& content_;
  roster& people_;
  output& out_;
  change_sink& changes_;
  encounter_clock& clock_;  ///< the step's pace and timer
  ground& ground_;
  wanderer_fights& fights_;  ///< a wanderer's fight is a row there, holding its id; it attacks by an ambush
  std::unordered_map<std::uint64_t, branch_state> branches_;
  std::vector<std::uint64_t> busy_branches_;  ///< reused every step: branches with people in them
  bool pending_ = false;        ///< a step timer is set
  std::int64_t chain_left_ = 0;  ///< timers the current chain may still set
};

}  // namespace dw::game
