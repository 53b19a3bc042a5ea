#pragma once

// Walking and moving: a step by an exit (the fixed rooms' exits, the start exits into a branch, steps inside
// a branch, with every refusal explained), a step after a leader, and moving a character from room to room
// with both rooms told, its place saved, a new deepest depth put on the board by the well (the hall of
// fame, kept here) and the new room shown. World thread only.
#include <cstdint>
#include <string_view>

#include "server/game/deeds.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/output/output.hpp"
#include "server/game/places/crowds.hpp"
#include "server/game/places/hall_of_fame.hpp"
#include "server/game/places/place_directory.hpp"
#include "server/game/places/room_hooks.hpp"
#include "server/game/places/room_view.hpp"
#include "server/game/places/steps.hpp"
#include "server/game/roster/roster.hpp"
#include "server/game/services.hpp"
#include "server/game/storage/reads.hpp"

namespace dw::game {

class walking {
 public:
  walking(roster& people, output& out, change_sink& changes, event_runner& events, services& svc,
          place_directory& rooms, room_view& view, crowds& passing_by, const storage::world_snapshot& startup);
  walking(const walking&) = delete;
  walking& operator=(const walking&) = delete;
  /// What fills the rooms (set once, right after construction).
  void set_hooks(room_hooks& hooks) { hooks_ = &hooks; }
  /// Who hears of a new deepest depth reached and of arriving at another depth (set once).
  void set_deeds(deeds& told) { deeds_ = &told; }
  /// Who hears of every step walked (set once; the groups part, which moves followers).
  void set_step_watch(step_watch& watch) { steps_ = &watch; }

  /// Walks `ch` one step, with every refusal explained; the step_watch hears of a step made.
  void walk(connection& conn, character& ch, exit_dir d);
  /// walk() for someone following another, into the leader's branch from the well (see step_taker).
  bool step_after(character& ch, exit_dir d, const location& leader_at);
  /// Moves `ch` to `to`, telling both rooms, saving the new location and showing the room. Taken back
  /// if the event cannot be saved.
  void move_character(character& ch, const location& to, std::string_view leave_text,
                      std::string_view arrive_text);
  /// The same for a walk: in a room holding more than game.crowd_size people (or one whose batch is already
  /// gathering) the leaving and arriving join the room's batch (crowds.hpp).
  void move_character(character& ch, const location& to, const passing& leaving, const passing& arriving);
  /// The board by the well: the greatest depths reached, kept up to date by move_character.
  const hall_of_fame& fame() const { return fame_; }

 private:
  /// move_character's undo: the character of `account`, if still in play, is back at `from`, and its
  /// deepest (and the hall of fame) as before.
  void put_back_move(std::int64_t account, const location& from, std::int32_t was_deepest,
                     std::int64_t was_deepest_at);
  /// One step, told to the step_watch when it was made; `into` (a step after a leader): the room a passage
  /// from the well leads to. Returns whether `ch` moved.
  bool step(connection& conn, character& ch, exit_dir d, const location* into);
  bool walk_fixed(connection& conn, character& ch, exit_dir d, const location* into);
  bool walk_branch(connection& conn, character& ch, exit_dir d);
  /// Joins `into`'s branch from the well by start exit `d`, when that is where the exit leads (false: it
  /// does not, and nothing happened).
  bool join_branch(connection& conn, character& ch, exit_dir d, const location& into);

  roster& people_;
  output& out_;
  change_sink& changes_;
  event_runner& events_;  ///< a step from the well into a branch not read yet waits for it
  services& services_;
  place_directory& rooms_;
  room_view& view_;
  crowds& crowds_;
  room_hooks* hooks_ = nullptr;
  deeds* deeds_ = nullptr;
  step_watch* steps_ = nullptr;
  hall_of_fame fame_;
};

}  // namespace dw::game
