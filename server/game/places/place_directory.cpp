// The directory of places and who is where: lookups, the fixed rooms and the dungeon's behind one notion of
// a place, interiors (made from a room's seed on first need, kept while in play; nothing of them is
// stored), residency, occupancy, and the dungeon's changes saved.
#include "server/game/places/place_directory.hpp"

#include <algorithm>
#include <stdexcept>


#include "content/room_description.hpp"
#include "dungeon/random.hpp"
#include "server/game/events/undoable.hpp"
#include "server/game/places/dungeon_bridge.hpp"
#include "server/log/log.hpp"

namespace dw::game {
using dungeon::exit_state;

namespace {

/// Interiors kept at most: about 1 KB each. Past it, those of rooms nobody stands in are dropped (they are
/// made again, identically, when next needed).
constexpr std::size_t interior_cache_limit = 4096;

}  // namespace

dungeon::dungeon_settings dungeon_settings_of(const config::settings& s) {
  dungeon::dungeon_settings d;
  d.world_seed = static_cast<std::uint64_t>(s.dungeon.world_seed);
  d.max_unexplored_exits = static_cast<std::uint32_t>(s.dungeon.max_unexplored_exits);
  d.branch_join_seconds = s.dungeon.branch_join_seconds;
  d.branch_idle_collapse_seconds = s.dungeon.branch_idle_collapse_seconds;
  d.branches_can_finish = s.dungeon.branches_can_finish;
  return d;
}

place_directory::place_directory(live_settings& settings, const content_source& content, roster& people,
                                 change_sink& changes, services& svc, const storage::world_snapshot& startup)
    : settings_(settings),
      content_(content),
      people_(people),
      changes_(changes),
      services_(svc),
      dungeon_(std::make_unique<dungeon::dungeon>(dungeon_settings_of(settings.get()), &room_loader_)) {
  // The branches (their rooms come into memory when someone enters) and the id counters.
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

std::optional<place> place_directory::fixed_place(std::int64_t room_id) const {
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

std::optional<place> place_directory::dungeon_place(const location& where) {
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

std::optional<place> place_directory::at(const location& where) {
  return where.branch_id == 0 ? fixed_place(where.room_id) : dungeon_place(where);
}

std::string place_directory::where_text(const location& where) {
  if (where.branch_id == 0) {
    const static_room* room = rooms_.find(where.room_id);
    return room ? room->name : "room " + std::to_string(where.room_id);
  }
  const auto info = dungeon_->branch(static_cast<dungeon::branch_id>(where.branch_id));
  return (info ? branch_name(*info) : "branch " + std::to_string(where.branch_id)) + " (" +
         std::to_string(where.x) + "," + std::to_string(where.y) + ")";
}

lookup<location> place_directory::find_room(std::int64_t branch, dungeon::coord at) {
  if (auto need = needs_load(branch)) {
    return {std::nullopt, need};
  }
  const auto room = dungeon_->room_at(static_cast<dungeon::branch_id>(branch), at);
  if (!room) {
    return {};
  }
  return {location{static_cast<std::int64_t>(room->id), static_cast<std::int64_t>(room->branch), room->pos.x,
                   room->pos.y},
          std::nullopt};
}

lookup<location> place_directory::find_room(std::int64_t room_id) {
  if (rooms_.find(room_id) != nullptr) {
    location loc;
    loc.room_id = room_id;
    return {loc, std::nullopt};
  }
  // A dungeon room in memory; otherwise its branch is looked up and read first (on a worker), and the
  // line runs again.
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
    return {std::nullopt, load_request{0, room_id}};
  }
  return {found, std::nullopt};
}

bool place_directory::can_see(const character& ch) const {
  if (ch.where.branch_id == 0) {
    return true;
  }
  const content::content_tables& tables = content_.get();
  const content::room_band* band = content::band_at(tables, depth(ch));
  if (band == nullptr || !band->dark) {
    return true;
  }
  return std::any_of(ch.inventory.begin(), ch.inventory.end(), [&tables](const item& it) {
    const content::supply_def* s = it.kind == supply_kind ? tables.merchant.find_supply(it.key) : nullptr;
    return s != nullptr && s->use == content::supply_use::carry;
  });
}

int place_directory::depth(const character& ch) {
  return ch.where.branch_id == 0 ? 0 : static_cast<int>(dungeon::depth_of({ch.where.x, ch.where.y}));
}

// ---------------------------------------------------------------- interiors

std::shared_ptr<const content::room_interior> place_directory::interior(const dungeon::room& r, const dungeon::branch_info& b) {
  const unsigned sides = r.exit_sides();
  const auto id = static_cast<std::int64_t>(r.id);
  if (auto it = interiors_.find(id); it != interiors_.end() && it->second.sides == sides) {
    return it->second.room;
  }
  if (interiors_.size() >= interior_cache_limit) {
    std::erase_if(interiors_, [this](const auto& kv) { return people_.characters_in(kv.first).empty(); });
  }
  // The interior's seed comes from the branch's seed and the room's place on the grid: the same branch
  // seed gives the same interiors, whoever walks in first.
  auto made = content::make_interior(content_.get(), static_cast<int>(dungeon::depth_of(r.pos)),
                                     dungeon::interior_seed(b.seed, r.pos), sides);
  std::shared_ptr<const content::room_interior> room =
      made ? std::make_shared<const content::room_interior>(std::move(*made)) : nullptr;
  interiors_[id] = {room, sides, static_cast<std::int64_t>(b.id)};
  return room;
}

std::shared_ptr<const content::room_interior> place_directory::interior(const location& where) {
  if (where.branch_id == 0) {
    return nullptr;
  }
  const auto branch = static_cast<dungeon::branch_id>(where.branch_id);
  const auto room = dungeon_->room_at(branch, {where.x, where.y});
  const auto info = dungeon_->branch(branch);
  if (!room || !info) {
    return nullptr;
  }
  return interior(*room, *info);
}

void place_directory::forget_interiors(std::int64_t branch) {
  std::erase_if(interiors_, [branch](const auto& kv) { return kv.second.branch == branch; });
}

// ---------------------------------------------------------------- who is where

void place_directory::enter(const character& ch, bool record) {
  people_.occupy(ch);
  if (ch.where.branch_id != 0) {
    const dungeon::change_set changes = dungeon_->enter_branch(static_cast<dungeon::branch_id>(ch.where.branch_id));
    if (record) {
      persist_changes(changes);
    }
  }
}

void place_directory::leave(const character& ch, bool record) {
  if (ch.where.branch_id != 0) {
    const dungeon::change_set changes =
        dungeon_->leave_branch(static_cast<dungeon::branch_id>(ch.where.branch_id), services_.now());
    if (record) {
      persist_changes(changes);
    }
  }
  people_.vacate(ch);
}

void place_directory::save_character(const character& ch) {
  changes_.persist(storage::save_character{record_of(ch, services_.now())});
}

int place_directory::arrived_side(std::int64_t account) const {
  const auto found = arrived_sides_.find(account);
  return found == arrived_sides_.end() ? -1 : found->second;
}

void place_directory::set_arrived_side(std::int64_t account, int side) {
  if (side < 0) {
    arrived_sides_.erase(account);  // (most of those in play stand by no side: they are not kept)
  } else {
    arrived_sides_[account] = side;
  }
}

// ---------------------------------------------------------------- branches

std::optional<load_request> place_directory::needs_load(std::int64_t b) const {
  // (asked before every line of a character in the dungeon: the common answer first, without copying the info)
  if (b != 0 && !dungeon_->fully_resident(static_cast<dungeon::branch_id>(b)) &&
      dungeon_->branch(static_cast<dungeon::branch_id>(b))) {
    return load_request{b, 0};
  }
  return std::nullopt;
}

void place_directory::expect_in_memory(std::int64_t b) const {
  if (needs_load(b)) {
    throw std::logic_error("branch " + std::to_string(b) + " is not in memory where it must be");
  }
}

std::optional<load_request> place_directory::needed_for(const connection& conn) {
  const character* ch = conn.stage == login_stage::playing ? people_.find_character(conn.account_id) : nullptr;
  return ch == nullptr ? std::nullopt : needs_load(ch->where.branch_id);
}

std::optional<dungeon::room> place_directory::resident_only_loader::load(dungeon::branch_id b, dungeon::coord c) {
  throw std::logic_error("the dungeon read room (" + std::to_string(c.x) + "," + std::to_string(c.y) + ") of branch " +
                         std::to_string(b) + ", which is not in memory: a caller did not ask needs_load");
}

void place_directory::branch_loaded(const storage::branch_snapshot& snapshot) {
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

void place_directory::persist_changes(const dungeon::change_set& changes) {
  if (!changes.empty()) {
    changes_.persist(to_change(changes));
  }
}

bool place_directory::decide_clear(const dungeon::room& r, const character& mover) {
  const bool clear = hooks_->decide_clear(r, &mover);
  return clear_decider_ ? clear_decider_(r) : clear;
}

void place_directory::mark_clear(std::uint64_t branch, dungeon::coord at) {
  const dungeon::change_set changes = dungeon_->set_clear(branch, at, true);
  if (changes.empty()) {
    return;
  }
  persist_changes(changes);
  undo_with<&dungeon::dungeon::set_clear>(changes_, dungeon_.get(), branch, at, false);
}
}  // namespace dw::game
