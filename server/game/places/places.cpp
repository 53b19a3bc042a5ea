#include "server/game/places/places.hpp"

#include <spdlog/spdlog.h>

#include "content/room_description.hpp"
#include "server/game/places/dungeon_bridge.hpp"

namespace dw::game {
using dungeon::exit_state;

namespace {

dungeon::dungeon_settings dungeon_settings_of(const config::settings& s) {
  dungeon::dungeon_settings d;
  d.world_seed = static_cast<std::uint64_t>(s.dungeon.world_seed);
  d.max_unexplored_exits = static_cast<std::uint32_t>(s.dungeon.max_unexplored_exits);
  d.branch_join_seconds = s.dungeon.branch_join_seconds;
  d.branch_idle_collapse_seconds = s.dungeon.branch_idle_collapse_seconds;
  d.branches_can_finish = s.dungeon.branches_can_finish;
  return d;
}

}  // namespace

places::places(live_settings& settings, const content_source& content, roster& people, output& out,
               change_sink& changes, event_runner& events, services& svc, const storage::world_snapshot& startup)
    : maps(people, out, svc, *this),
      crowds(settings, people, out, changes, events, svc),
      settings_(settings),
      content_(content),
      people_(people),
      out_(out),
      changes_(changes),
      events_(events),
      services_(svc),
      dungeon_(std::make_unique<dungeon::dungeon>(dungeon_settings_of(settings.get()), &room_loader_)) {
  // The branches (their rooms come into memory when someone enters) and the id counters.
  fame_.reset(startup.deepest);
  const dungeon_snapshot dungeon_state = dungeon_state_of(startup);
  for (const dungeon::branch_info& b : dungeon_state.branches) {
    dungeon_->restore_branch(b);
  }
  if (dungeon_state.counters) {
    dungeon_->restore_counters(*dungeon_state.counters);
  }
  settings_.on_change([this](const config::settings& changed) -> std::optional<std::string> {
    if (auto why = dungeon_->set_settings(dungeon_settings_of(changed))) {
      return std::string(*why);
    }
    return std::nullopt;
  });
}

std::string branch_name(const dungeon::branch_info& b) {
  std::string dir(dungeon::name(b.dir));
  dir[0] = static_cast<char>(dir[0] - 'a' + 'A');
  return dir + " branch " + std::to_string(b.number);
}

// ---------------------------------------------------------------- one notion of a place

std::optional<place> places::fixed_place(std::int64_t room_id) const {
  const static_room* room = rooms_.find(room_id);
  if (room == nullptr) {
    return std::nullopt;
  }
  place p;
  p.exits.reserve(room->exits.size());
  p.id = room->id;
  p.name = room->name;
  p.description = room->description;
  p.area = room->area;
  p.environment = room->environment;
  if (room->has_coords) {
    p.coords = dungeon::coord{0, 0};
  }
  for (exit_dir d : all_exit_dirs) {
    const std::int64_t target = room->exits[dungeon::index_of(d)];
    if (target == dungeon_passage) {
      // The start exits lead into whichever branch is open: known only once walked.
      p.exits.push_back({d, exit_kind::passage, 0});
    } else if (target != 0) {
      p.exits.push_back({d, exit_kind::open, target});
    }
  }
  return p;
}

std::optional<place> places::dungeon_place(const location& where) {
  const auto branch = static_cast<dungeon::branch_id>(where.branch_id);
  const auto room = dungeon_->room_at(branch, {where.x, where.y});
  const auto info = dungeon_->branch(branch);
  if (!room || !info) {
    return std::nullopt;
  }
  place p;
  p.exits.reserve(dungeon::all_directions.size());
  p.id = static_cast<std::int64_t>(room->id);
  p.branch = where.branch_id;
  const auto depth = static_cast<int>(dungeon::depth_of(room->pos));
  p.area = branch_name(*info);
  if (const content::room_band* band = content::band_at(content_.get(), depth)) {
    p.environment = band->name;
  }
  // The room's words come from its interior's shape (made from the branch's seed and the room's place);
  // loaded content always gives every band scripts, so there is an interior (else: the band's name only).
  if (const auto inside = interior(*room, *info)) {
    p.name = inside->name;
    p.description = inside->description;
  } else {
    p.name = p.environment;
  }
  p.coords = room->pos;
  p.depth = depth;
  p.clear = room->clear;
  for (exit_dir d : dungeon::all_directions) {
    switch (room->exit(d)) {
      case exit_state::none:
        break;
      case exit_state::unexplored:
        p.exits.push_back({d, exit_kind::unexplored, 0});
        break;
      case exit_state::to_start:
        p.exits.push_back({d, exit_kind::to_well, start_room_id, !dungeon::joinable(*info, services_.now())});
        break;
      case exit_state::two_way:
      case exit_state::one_way: {
        const auto next = dungeon::step(room->pos, d);
        const auto target = next ? dungeon_->room_at(branch, *next) : std::nullopt;
        p.exits.push_back({d, room->exit(d) == exit_state::two_way ? exit_kind::open : exit_kind::one_way,
                           target ? static_cast<std::int64_t>(target->id) : 0});
        break;
      }
    }
  }
  return p;
}

std::optional<place> places::at(const location& where) {
  return where.branch_id == 0 ? fixed_place(where.room_id) : dungeon_place(where);
}

std::string places::where_text(const location& where) {
  if (where.branch_id == 0) {
    const static_room* room = rooms_.find(where.room_id);
    return room ? room->name : "room " + std::to_string(where.room_id);
  }
  const auto info = dungeon_->branch(static_cast<dungeon::branch_id>(where.branch_id));
  return (info ? branch_name(*info) : "branch " + std::to_string(where.branch_id)) + " (" +
         std::to_string(where.x) + "," + std::to_string(where.y) + ")";
}

std::optional<location> places::find_room(std::int64_t branch, dungeon::coord at) {
  const auto room = dungeon_->room_at(static_cast<dungeon::branch_id>(branch), at);
  if (!room) {
    return std::nullopt;
  }
  return location{static_cast<std::int64_t>(room->id), static_cast<std::int64_t>(room->branch), room->pos.x,
                         room->pos.y};
}

std::optional<location> places::find_room(std::int64_t room_id) {
  if (rooms_.find(room_id) != nullptr) {
    location loc;
    loc.room_id = room_id;
    return loc;
  }
  // A dungeon room in memory; otherwise its branch is looked up and read first (on a worker), and the
  // event runs again.
  std::optional<location> found;
  for (const dungeon::branch_info& b : dungeon_->branches()) {
    dungeon_->for_each_resident_room(b.id, [&](const dungeon::room& r) {
      if (static_cast<std::int64_t>(r.id) == room_id) {
        found = location{static_cast<std::int64_t>(r.id), static_cast<std::int64_t>(r.branch), r.pos.x,
                                r.pos.y};
      }
    });
  }
  if (!found && room_id > 0 && missing_rooms_.erase(room_id) == 0) {
    throw storage::load_needed(0, room_id);
  }
  return found;
}

// ---------------------------------------------------------------- coming and going

void places::enter(const character& ch, bool record) {
  people_.occupy(ch);
  if (ch.where.branch_id != 0) {
    const dungeon::change_set changes = dungeon_->enter_branch(static_cast<dungeon::branch_id>(ch.where.branch_id));
    if (record) {
      persist_changes(changes);
    }
  }
}

void places::leave(const character& ch, bool record) {
  if (ch.where.branch_id != 0) {
    const dungeon::change_set changes =
        dungeon_->leave_branch(static_cast<dungeon::branch_id>(ch.where.branch_id), services_.now());
    if (record) {
      persist_changes(changes);
    }
  }
  people_.vacate(ch);
}

void places::save_character(const character& ch) {
  changes_.persist(storage::save_character{record_of(ch, services_.now())});
}

void places::move_character(character& ch, const location& to, std::string_view leave_text,
                            std::string_view arrive_text) {
  // (told at once whatever the crowd: a teleport, a scroll of return; walks, logins and quits may be batched)
  move_character(ch, to, passing{std::string(leave_text), ch.name, {}}, passing{std::string(arrive_text), ch.name, {}});
}

void places::move_character(character& ch, const location& to, const passing& leaving,
                            const passing& arriving) {
  crowds.tell_passing(ch.where.room_id, leaving, ch.account_id, false);
  const location from = ch.where;
  hooks_->leave_room(ch);
  leave(ch);
  ch.where = to;
  enter(ch);
  const std::int32_t was_deepest = ch.deepest;
  const std::int64_t was_deepest_at = ch.deepest_at;
  bool deeper = false;
  const int now_depth = depth(ch);
  if (ch.where.branch_id != 0 && now_depth > ch.deepest) {
    deeper = true;
    ch.deepest = now_depth;  // saved with the move below
    ch.deepest_at = services_.now();
    fame_.reached(ch.name, ch.deepest, ch.deepest_at);
    spdlog::info("{} reached depth {}, deeper than ever before", ch.name, now_depth);
  }
  save_character(ch);
  // If the move cannot be saved, the character is back where it was (registered after the move, so it
  // runs before the undo of whatever made the destination, such as a freshly spawned room).
  changes_.on_rollback([this, account = ch.account_id, from, was_deepest, was_deepest_at] {
    if (character* c = people_.find_character(account)) {
      leave(*c, false);
      c->where = from;
      enter(*c, false);
      if (c->deepest != was_deepest) {
        fame_.undo(c->name, was_deepest, was_deepest_at);
        c->deepest = was_deepest;
        c->deepest_at = was_deepest_at;
      }
    }
  });
  crowds.tell_passing(ch.where.room_id, arriving, ch.account_id, true);
  if (deeds_ != nullptr) {
    // (after the move's undo is registered: its own undo runs first)
    if (deeper) {
      deeds_->reached(ch, ch.deepest);
    }
    if (now_depth != (from.branch_id == 0 ? 0 : static_cast<int>(dungeon::depth_of({from.x, from.y})))) {
      deeds_->arrived(ch, now_depth);
    }
  }
  if (deeper || status_of(from) != status_of(ch.where)) {
    send_status(ch);  // (before the room, so that Room.Info stays the last thing a move sends)
  }
  show_room(ch);
}

// ---------------------------------------------------------------- branches

void places::require_branch(std::int64_t b) {
  if (b != 0 && dungeon_->branch(static_cast<dungeon::branch_id>(b)) &&
      !dungeon_->fully_resident(static_cast<dungeon::branch_id>(b))) {
    throw storage::load_needed(b);
  }
}

void places::branch_loaded(const storage::branch_snapshot& snapshot) {
  const auto b = static_cast<dungeon::branch_id>(snapshot.branch_id);
  if (!snapshot.exists || !dungeon_->branch(b) || dungeon_->fully_resident(b)) {
    return;  // gone meanwhile, or already in memory (and then newer than the snapshot)
  }
  std::vector<dungeon::room> rooms;
  rooms.reserve(snapshot.rooms.size());
  for (const storage::room_record& r : snapshot.rooms) {
    rooms.push_back(to_room(r));
  }
  dungeon_->restore_rooms(b, rooms);
  hooks_->restore_branch(snapshot);
}

void places::persist_changes(const dungeon::change_set& changes) {
  if (!changes.empty()) {
    changes_.persist(to_change(changes));
  }
}

bool places::decide_clear(const dungeon::room& r, const character& mover) {
  const bool clear = hooks_->decide_clear(r, &mover);
  return clear_decider_ ? clear_decider_(r) : clear;
}

void places::mark_clear(std::uint64_t branch, dungeon::coord at) {
  const dungeon::change_set changes = dungeon_->set_clear(branch, at, true);
  if (changes.empty()) {
    return;
  }
  persist_changes(changes);
  changes_.on_rollback([this, branch, at] { dungeon_->set_clear(branch, at, false); });
}

}  // namespace dw::game
