#include "server/game/places/places.hpp"

#include <boost/json.hpp>

#include "content/room_description.hpp"
#include "server/game/output/style.hpp"
#include "server/game/places/dungeon_bridge.hpp"

namespace dw::game {
namespace json = boost::json;
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

std::string_view exit_label(const place_exit& e, bool spoken) {
  if (e.kind == exit_kind::to_well && e.no_way_back_in) {
    return spoken ? ", to the well, one-way" : " (to the well, one-way)";
  }
  switch (e.kind) {
    case exit_kind::unexplored:
      return spoken ? ", unexplored" : " (unexplored)";
    case exit_kind::one_way:
      return spoken ? ", one-way" : " (one-way)";
    case exit_kind::to_well:
      return spoken ? ", to the well" : " (to the well)";
    case exit_kind::open:
    case exit_kind::passage:
      break;
  }
  return "";
}

/// "Exits: north, east (unexplored)." with each exit marked as what it is (unexplored ones apart); in
/// screen-reader mode "Exits: north; east, unexplored."
std::string exits_line(const place& here, bool spoken) {
  std::string line = "Exits: ";
  bool first = true;
  for (const place_exit& e : here.exits) {
    if (!first) {
      line += spoken ? "; " : ", ";
    }
    first = false;
    std::string name(exit_name(e.dir));
    name += exit_label(e, spoken);
    append_styled(line, e.kind == exit_kind::unexplored ? style::exit_unexplored : style::exit, name);
  }
  line += first ? "none.\n" : ".\n";
  return line;
}

/// Said in a branch's first room once its team-up window has closed: the well's passage now opens new branches.
std::string way_back_note(const place& here) {
  for (const place_exit& e : here.exits) {
    if (e.kind == exit_kind::to_well && e.no_way_back_in) {
      return "The way back to the well no longer leads back in here: once you climb out, this branch is behind "
             "you for good.\n";
    }
  }
  return {};
}

}  // namespace

places::places(live_settings& settings, const content_source& content, roster& people, output& out,
               change_sink& changes, services& svc, const storage::world_snapshot& startup)
    : settings_(settings),
      content_(content),
      people_(people),
      out_(out),
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

std::string places::branch_name(const dungeon::branch_info& b) {
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

std::optional<place> places::dungeon_place(const store::location& where) {
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
  // The room's words come from its interior's shape (made from the branch's seed and the room's place).
  if (const auto inside = interior(*room, *info)) {
    p.name = inside->name;
    p.description = inside->description;
  } else {
    // (content without interior scripts: the band's own words, the variant chosen from the room's identity)
    const std::uint64_t variant = (static_cast<std::uint64_t>(room->branch) << 32) ^ room->id;
    content::room_description look = content::describe_room(content_.get(), depth, variant);
    p.name = std::move(look.name);
    p.description = std::move(look.description);
  }
  p.area = branch_name(*info);
  if (const content::room_band* band = content::band_at(content_.get(), depth)) {
    p.environment = band->name;
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
        p.exits.push_back({d, exit_kind::to_well, start_room_id, !dungeon::window_open(*info, services_.now())});
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

std::optional<place> places::at(const store::location& where) {
  return where.branch_id == 0 ? fixed_place(where.room_id) : dungeon_place(where);
}

std::string places::where_text(const store::location& where) {
  if (where.branch_id == 0) {
    const static_room* room = rooms_.find(where.room_id);
    return room ? room->name : "room " + std::to_string(where.room_id);
  }
  const auto info = dungeon_->branch(static_cast<dungeon::branch_id>(where.branch_id));
  return (info ? branch_name(*info) : "branch " + std::to_string(where.branch_id)) + " (" +
         std::to_string(where.x) + "," + std::to_string(where.y) + ")";
}

std::optional<store::location> places::find_room(std::int64_t branch, dungeon::coord at) {
  const auto room = dungeon_->room_at(static_cast<dungeon::branch_id>(branch), at);
  if (!room) {
    return std::nullopt;
  }
  return store::location{static_cast<std::int64_t>(room->id), static_cast<std::int64_t>(room->branch), room->pos.x,
                         room->pos.y};
}

std::optional<store::location> places::find_room(std::int64_t room_id) {
  if (rooms_.find(room_id) != nullptr) {
    store::location loc;
    loc.room_id = room_id;
    return loc;
  }
  // A dungeon room in memory; otherwise its branch is looked up and read first (on a worker), and the
  // event runs again.
  std::optional<store::location> found;
  for (const dungeon::branch_info& b : dungeon_->branches()) {
    dungeon_->for_each_resident_room(b.id, [&](const dungeon::room& r) {
      if (static_cast<std::int64_t>(r.id) == room_id) {
        found = store::location{static_cast<std::int64_t>(r.id), static_cast<std::int64_t>(r.branch), r.pos.x,
                                r.pos.y};
      }
    });
  }
  if (!found && room_id > 0 && missing_rooms_.erase(room_id) == 0) {
    throw storage::load_needed(0, room_id);
  }
  return found;
}

// ---------------------------------------------------------------- what a person sees

std::string places::room_text(const character& viewer) { return room_text(viewer, at(viewer.where)); }

std::string places::room_text(const character& viewer, const std::optional<place>& here, bool brief) {
  if (!here) {
    return viewer.where.branch_id == 0 ? "You are nowhere.\n" : "You are somewhere that no longer exists.\n";
  }
  const bool spoken = out_.view_of(viewer).screen_reader;
  std::string text;
  append_styled(text, style::room_name, here->name);
  if (spoken) {
    // Words only: the title, then where it is as a sentence of its own.
    text += ".\n";
    if (here->branch != 0) {
      text += "In " + here->area + ", at " + std::to_string(here->coords->x) + "," + std::to_string(here->coords->y) +
              ", depth " + std::to_string(here->depth) + ".\n";
    }
  } else {
    if (here->branch != 0) {
      text += "  [" + here->area + ", " + std::to_string(here->coords->x) + "," + std::to_string(here->coords->y) +
              ", depth " + std::to_string(here->depth) + "]";
    }
    text += "\n";
  }
  bool unexplored = false;
  for (const place_exit& e : here->exits) {
    unexplored = unexplored || e.kind == exit_kind::unexplored;
  }
  std::string blocked;
  if (!here->clear && unexplored) {
    append_styled(blocked, style::warning, "The way forward is blocked until this room is cleared.");
    blocked += "\n";
  }
  blocked += way_back_note(*here);
  if (brief) {
    return text + exits_line(*here, spoken) + blocked;
  }
  text += here->description + "\n";
  if (!spoken) {
    text += exits_line(*here, false) + blocked;
  }
  // (in screen-reader mode what the room holds comes first, one thing a line, and the exits last)
  text += hooks_->room_extras(here->id, viewer);
  if (here->id == start_room_id) {
    const std::int64_t now = services_.now();
    for (const dungeon::branch_info& b : dungeon_->branches()) {
      if (dungeon::joinable(b, now)) {
        text += "Fresh footprints lead " + std::string(dungeon::name(b.dir)) + " into " + branch_name(b) + " (" +
                std::to_string(b.window_end - now) + " s left to follow).\n";
      }
    }
  }
  std::string others;
  for (const character* other : people_.characters_in(viewer.where.room_id)) {
    if (other->account_id != viewer.account_id) {
      if (spoken) {
        append_styled(text, style::player, other->name);
        text += " is here.\n";
        continue;
      }
      others += others.empty() ? "" : ", ";
      append_styled(others, style::player, other->name);
    }
  }
  if (!others.empty()) {
    text += "Here: " + others + ".\n";
  }
  if (spoken) {
    text += exits_line(*here, true) + blocked;
  }
  return text;
}

int places::depth(const character& ch) {
  return ch.where.branch_id == 0 ? 0 : static_cast<int>(dungeon::depth_of({ch.where.x, ch.where.y}));
}

void places::exits(const character& ch, std::string& out) {
  std::optional<place> here;
  try {
    here = at(ch.where);
  } catch (const storage::load_needed&) {
    // (a prompt never waits for a branch to be read: the exits show once it is in memory)
  }
  if (!here) {
    out += '-';
    return;
  }
  bool first = true;
  for (const place_exit& e : here->exits) {
    if (!first) {
      out += ' ';
    }
    first = false;
    out += exit_letter(e.dir);
    if (e.kind == exit_kind::unexplored) {
      out += '?';
    }
  }
  if (first) {
    out += '-';
  }
}

std::string places::room_info_json(const character& viewer) { return room_info_json(at(viewer.where)); }

std::string places::room_info_json(const std::optional<place>& here) {
  if (!here) {
    return "{}";
  }
  json::object o;
  o["num"] = here->id;
  o["name"] = here->name;
  o["area"] = here->area;
  o["environment"] = here->environment;
  o["coords"] = here->coords ? json::value(json::array{here->coords->x, here->coords->y}) : json::value(nullptr);
  o["depth"] = here->depth;
  o["clear"] = here->clear;
  json::object exits;
  for (const place_exit& e : here->exits) {
    exits[exit_letter(e.dir)] = e.target;
  }
  o["exits"] = std::move(exits);
  return json::serialize(o);
}

void places::show_room(const character& ch, bool full) {
  if (connection* conn = people_.find_connection(ch.connection)) {
    const std::optional<place> here = at(ch.where);  // built once for the text and the Room.Info
    bool brief = false;
    if (here) {
      if (character* seer = people_.find_character(ch.account_id)) {
        // (a room seen before, in brief mode: its title and exits only)
        brief = !seer->rooms_seen.insert(here->id).second && !full && out_.view_of(ch).brief;
      }
    }
    out_.send(*conn, room_text(ch, here, brief));
    hooks_->room_shown(ch);
    // (the interior first: Room.Info stays the last thing a room shown sends, as mappers expect)
    if (ch.where.branch_id != 0 && output::gmcp_wanted(*conn, "Room.Interior")) {
      out_.send_gmcp(*conn, "Room.Interior", room_interior_json(ch));
    }
    if (output::gmcp_wanted(*conn, "Room.Info")) {
      out_.send_gmcp(*conn, "Room.Info", room_info_json(here));
    }
  }
}

void places::send_room_info(const character& ch) {
  if (connection* conn = people_.find_connection(ch.connection); conn != nullptr && output::gmcp_wanted(*conn, "Room.Info")) {
    out_.send_gmcp(*conn, "Room.Info", room_info_json(ch));
  }
}

void places::refresh_room_info(std::int64_t room_id) {
  for (const character* c : people_.characters_in(room_id)) {
    send_room_info(*c);
  }
}

std::pair<int, std::string> places::status_of(const store::location& where) {
  if (where.branch_id == 0) {
    return {0, std::string()};
  }
  const auto info = dungeon_->branch(static_cast<dungeon::branch_id>(where.branch_id));
  return {static_cast<int>(dungeon::depth_of({where.x, where.y})), info ? branch_name(*info) : std::string()};
}

void places::send_status(const character& ch) {
  connection* conn = people_.find_connection(ch.connection);
  if (conn == nullptr || !output::gmcp_wanted(*conn, "Char.Status")) {
    return;
  }
  auto [depth, branch] = status_of(ch.where);
  json::object o;
  o["name"] = ch.name;
  o["role"] = role_name(ch.account_role);
  o["depth"] = depth;
  o["branch"] = std::move(branch);
  out_.send_gmcp(*conn, "Char.Status", json::serialize(o));
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
  store::character_record rec;
  rec.account_id = ch.account_id;
  rec.where = ch.where;
  rec.hp = ch.hp;
  rec.max_hp = ch.max_hp;
  rec.last_seen = services_.now();
  changes_.persist(storage::save_character{rec});
}

void places::move_character(character& ch, const store::location& to, std::string_view leave_text,
                            std::string_view arrive_text) {
  if (!leave_text.empty()) {
    out_.send_room(ch.where.room_id, leave_text, ch.account_id);
  }
  const store::location from = ch.where;
  hooks_->leave_room(ch);
  leave(ch);
  ch.where = to;
  enter(ch);
  save_character(ch);
  // If the move cannot be saved, the character is back where it was (registered after the move, so it
  // runs before the undo of whatever made the destination, such as a freshly spawned room).
  changes_.on_rollback([this, account = ch.account_id, from] {
    if (character* c = people_.find_character(account)) {
      leave(*c, false);
      c->where = from;
      enter(*c, false);
    }
  });
  if (!arrive_text.empty()) {
    out_.send_room(ch.where.room_id, arrive_text, ch.account_id);
  }
  if (status_of(from) != status_of(ch.where)) {
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
  for (const store::room_record& r : snapshot.rooms) {
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
