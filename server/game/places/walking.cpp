// Walking: the fixed rooms' exits, the start exits into a branch, and steps inside a branch; moving a
// character from room to room.
#include "server/game/places/walking.hpp"


#include "server/game/events/undoable.hpp"
#include "server/game/output/style.hpp"
#include "server/log/log.hpp"

namespace dw::game {
namespace {

location location_of(const dungeon::room& r) {
  return location{static_cast<std::int64_t>(r.id), static_cast<std::int64_t>(r.branch), r.pos.x, r.pos.y};
}

location start_location() {
  location loc;
  loc.room_id = start_room_id;
  return loc;
}

/// "Ann leaves north." (or climbs the ladder); in a crowded room's batch "... leave north".
passing leave_text(const character& ch, exit_dir d) {
  const std::string who = styled(style::player, ch.name);
  if (d == exit_dir::up) {
    return passing{who + " climbs up the ladder.\n", ch.name, "climb up the ladder"};
  }
  if (d == exit_dir::down) {
    return passing{who + " climbs down the ladder.\n", ch.name, "climb down the ladder"};
  }
  const std::string way(exit_name(d));
  return passing{who + " leaves " + way + ".\n", ch.name, "leave " + way};
}

/// "Ann arrives from the south."; in a crowded room's batch "... arrive from the south".
passing arrive_text(const character& ch, exit_dir d) {
  const std::string from(arrival_from(d));
  return passing{styled(style::player, ch.name) + " arrives " + from + ".\n", ch.name, "arrive " + from};
}

/// What everyone inside a branch hears when a spawn opened a new way elsewhere in it (it would have run dry).
constexpr std::string_view way_opened_text = "Somewhere behind you, stone grinds on stone: a new way has opened.\n";

}  // namespace

walking::walking(roster& people, output& out, change_sink& changes, event_runner& events, services& svc,
                 place_directory& rooms, room_view& view, crowds& passing_by, const storage::world_snapshot& startup)
    : people_(people),
      out_(out),
      changes_(changes),
      events_(events),
      services_(svc),
      rooms_(rooms),
      view_(view),
      crowds_(passing_by) {
  fame_.reset(startup.deepest);
}

void walking::walk(connection& conn, character& ch, exit_dir d) { step(conn, ch, d, nullptr); }

bool walking::step_after(character& ch, exit_dir d, const location& leader_at) {
  connection* conn = people_.find_connection(ch.connection);
  return conn != nullptr && step(*conn, ch, d, &leader_at);
}

bool walking::step(connection& conn, character& ch, exit_dir d, const location* into) {
  const location from = ch.where;
  const bool moved = from.branch_id == 0 ? walk_fixed(conn, ch, d, into) : walk_branch(conn, ch, d);
  if (moved && steps_ != nullptr) {
    steps_->stepped(ch, from, d);  // (after the room is shown and any ambush has begun)
  }
  return moved;
}

bool walking::join_branch(connection& conn, character& ch, exit_dir d, const location& into) {
  if (into.branch_id == 0) {
    return false;
  }
  const auto b = static_cast<dungeon::branch_id>(into.branch_id);
  const auto info = rooms_.dungeon().branch(b);
  if (!info || info->dir != d) {
    return false;
  }
  const auto first = rooms_.dungeon().room_at(b, dungeon::first_room_pos(d));
  if (!first) {
    return false;
  }
  out_.send(conn, "You follow your companions into " + branch_name(*info) + ".\n");
  rooms_.set_arrived_side(ch.account_id, static_cast<int>(dungeon::index_of(dungeon::opposite(d))));
  move_character(ch, location_of(*first), leave_text(ch, d), arrive_text(ch, d));
  hooks_->arrived(ch);
  return true;
}

bool walking::walk_fixed(connection& conn, character& ch, exit_dir d, const location* into) {
  const static_room* room = rooms_.fixed_room(ch.where.room_id);
  const std::int64_t target = room == nullptr ? 0 : room->exits[dungeon::index_of(d)];
  if (target == 0) {
    out_.send(conn, "You cannot go " + std::string(exit_name(d)) + " from here.\n");
    return false;
  }
  if (target != dungeon_passage) {
    location to;
    to.room_id = target;
    move_character(ch, to, leave_text(ch, d), arrive_text(ch, d));
    return true;
  }
  // Someone following another goes where the one followed went, whether or not a newcomer would join it.
  if (into != nullptr && join_branch(conn, ch, d, *into)) {
    return true;
  }
  // A start exit: join the branch whose team-up window is open, or open a new one. A branch opened before a
  // restart is not in memory until someone needs it: it is read first, and the step taken again.
  if (auto need = rooms_.needs_load(rooms_.dungeon().joined_from_start(d, services_.now()))) {
    events_.defer_until_loaded(*need);
    return false;
  }
  const dungeon::enter_result entered = rooms_.dungeon().enter_from_start(
      d, services_.now(), [this, &ch](const dungeon::room& r) { return rooms_.decide_clear(r, ch); });
  rooms_.persist_changes(entered.changes);
  if (entered.new_branch) {
    // A branch that could not be saved was never opened (its number is not reused).
    undo_with<&dungeon::dungeon::undo_new_branch>(changes_, &rooms_.dungeon(), entered.branch);
  }
  const auto info = rooms_.dungeon().branch(entered.branch);
  const std::string name = info ? branch_name(*info) : "the dungeon";
  if (entered.new_branch) {
    log::info("{} opened {} (branch {})", ch.name, name, entered.branch);
    out_.send(conn, "You squeeze into the " + std::string(exit_name(d)) +
                        " passage. Loose stones shift behind you as a new way opens into the dark: " + name + ".\n");
  } else if (info && info->occupants > 0) {
    out_.send(conn, "You follow your companions into " + name + ".\n");
  } else {
    out_.send(conn, "You make your way back into " + name + ".\n");
  }
  if (entered.new_branch) {
    hooks_->room_created(entered.first_room);
  }
  // (a branch's first room is entered from the well: by the door on the side the well lies)
  rooms_.set_arrived_side(ch.account_id, static_cast<int>(dungeon::index_of(dungeon::opposite(d))));
  move_character(ch, location_of(entered.first_room), leave_text(ch, d), arrive_text(ch, d));
  hooks_->arrived(ch);
  return true;
}

bool walking::walk_branch(connection& conn, character& ch, exit_dir d) {
  if (!dungeon::is_grid(d)) {
    out_.send(conn, "There is no way " + std::string(exit_name(d)) + " here.\n");
    return false;
  }
  const auto branch = static_cast<dungeon::branch_id>(ch.where.branch_id);
  const dungeon::move_result moved =
      rooms_.dungeon().move(branch, {ch.where.x, ch.where.y}, d, hooks_->in_combat(ch),
                     [this, &ch](const dungeon::room& r) { return rooms_.decide_clear(r, ch); });
  switch (moved.status) {
    case dungeon::move_status::moved:
      rooms_.persist_changes(moved.changes);
      if (moved.spawned) {
        // A room that could not be saved was never discovered (its id is not reused).
        undo_with<&dungeon::dungeon::undo_spawn>(changes_, &rooms_.dungeon(), moved.changes);
        hooks_->room_created(moved.destination);
      }
      // (standing by the door on the side it came in by: the opposite of the way it walked)
      rooms_.set_arrived_side(ch.account_id, static_cast<int>(dungeon::index_of(dungeon::opposite(d))));
      move_character(ch, location_of(moved.destination), leave_text(ch, d), arrive_text(ch, d));
      // A new room changes the exits of the room walked from (and may turn others' one-way, or open a way
      // on elsewhere): whoever stands there is shown them again.
      for (const dungeon::room& changed : moved.changes.rooms) {
        if (changed.id != moved.destination.id) {
          view_.refresh_room_info(static_cast<std::int64_t>(changed.id));
        }
      }
      if (const auto& opened = moved.changes.opened) {
        // The exit is in the change set just persisted, so this message, held until that commit, never
        // announces a way that a crash could take back.
        log::info("{} opened a new way {} from ({},{}) in {}", ch.name, dungeon::name(opened->dir), opened->pos.x,
                     opened->pos.y, rooms_.where_text(ch.where));
        for (const character* inside : people_.online()) {
          if (inside->where.branch_id == ch.where.branch_id) {
            out_.send(inside->connection, way_opened_text);
          }
        }
      }
      hooks_->arrived(ch);
      return true;
    case dungeon::move_status::to_start:
      rooms_.set_arrived_side(ch.account_id, -1);
      move_character(ch, start_location(), leave_text(ch, d), arrive_text(ch, d));
      return true;
    case dungeon::move_status::no_exit:
      out_.send(conn, "You cannot go " + std::string(exit_name(d)) + " from here.\n");
      return false;
    case dungeon::move_status::blocked_not_clear:
      out_.send(conn, styled(style::warning, "The way " + std::string(exit_name(d)) +
                                                 " is blocked until this room is cleared.") +
                          "\n");
      return false;
    case dungeon::move_status::blocked_in_combat:
      out_.send(conn, "You are fighting! You cannot simply walk away; try 'flee'.\n");
      return false;
    case dungeon::move_status::no_such_room:
      log::error("{} is in unknown room {} of branch {}; moving to the start room", ch.name, ch.where.room_id,
                    ch.where.branch_id);
      move_character(ch, start_location(), "", "");
      return false;  // (not a step: nobody follows it)
  }
  return false;
}

// ---------------------------------------------------------------- moving

void walking::move_character(character& ch, const location& to, std::string_view leave_text,
                            std::string_view arrive_text) {
  // (told at once whatever the crowd: a teleport, a scroll of return; walks, logins and quits may be batched)
  move_character(ch, to, passing{std::string(leave_text), ch.name, {}}, passing{std::string(arrive_text), ch.name, {}});
}

void walking::move_character(character& ch, const location& to, const passing& leaving,
                            const passing& arriving) {
  crowds_.tell_passing(ch.where.room_id, leaving, ch.account_id, false);
  const location from = ch.where;
  hooks_->leave_room(ch);
  rooms_.leave(ch);
  ch.where = to;
  rooms_.enter(ch);
  const std::int32_t was_deepest = ch.deepest;
  const std::int64_t was_deepest_at = ch.deepest_at;
  bool deeper = false;
  const int now_depth = place_directory::depth(ch);
  if (ch.where.branch_id != 0 && now_depth > ch.deepest) {
    deeper = true;
    ch.deepest = now_depth;  // saved with the move below
    ch.deepest_at = services_.now();
    fame_.reached(ch.name, ch.deepest, ch.deepest_at);
    log::info("{} reached depth {}, deeper than ever before", ch.name, now_depth);
  }
  rooms_.save_character(ch);
  // If the move cannot be saved, the character is back where it was (registered after the move, so it
  // runs before the undo of whatever made the destination, such as a freshly spawned room).
  undo_with<&walking::put_back_move>(changes_, this, ch.account_id, from, was_deepest, was_deepest_at);
  crowds_.tell_passing(ch.where.room_id, arriving, ch.account_id, true);
  if (deeds_ != nullptr) {
    // (after the move's undo is registered: its own undo runs first)
    if (deeper) {
      deeds_->reached(ch, ch.deepest);
    }
    if (now_depth != (from.branch_id == 0 ? 0 : static_cast<int>(dungeon::depth_of({from.x, from.y})))) {
      deeds_->arrived(ch, now_depth);
    }
  }
  if (deeper || view_.status_of(from) != view_.status_of(ch.where)) {
    view_.send_status(ch);  // (before the room, so that Room.Info stays the last thing a move sends)
  }
  view_.show_room(ch);
}

void walking::put_back_move(std::int64_t account, const location& from, std::int32_t was_deepest,
                            std::int64_t was_deepest_at) {
  if (character* c = people_.find_character(account)) {
    rooms_.leave(*c, false);
    c->where = from;
    rooms_.enter(*c, false);
    if (c->deepest != was_deepest) {
      fame_.undo(c->name, was_deepest, was_deepest_at);
      c->deepest = was_deepest;
      c->deepest_at = was_deepest_at;
    }
  }
}

}  // namespace dw::game
