// What a person sees of a place: the room's text (styled; in words in screen-reader mode; brief on a
// revisit), the prompt's exits, GMCP Room.Info, Room.Map and Char.Status.
#include "server/game/places/room_view.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <cstdlib>

#include "content/room_description.hpp"
#include "server/game/output/style.hpp"
#include "server/game/places/crowd_text.hpp"

namespace dw::game {
namespace json = boost::json;

namespace {

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

/// After the exits: that the way on is blocked until the room is cleared (only said where there is an
/// unexplored way on), and in a branch's first room once its team-up window has closed, that the well's
/// passage now opens new branches.
std::string blocked_text(const place& here) {
  bool unexplored = false;
  for (const place_exit& e : here.exits) {
    unexplored = unexplored || e.kind == exit_kind::unexplored;
  }
  std::string blocked;
  if (!here.clear && unexplored) {
    append_styled(blocked, style::warning, "The way forward is blocked until this room is cleared.");
    blocked += "\n";
  }
  for (const place_exit& e : here.exits) {
    if (e.kind == exit_kind::to_well && e.no_way_back_in) {
      blocked += "The way back to the well no longer leads back in here: once you climb out, this branch is behind "
                 "you for good.\n";
      break;
    }
  }
  return blocked;
}

}  // namespace

// ---------------------------------------------------------------- what a person sees

std::string room_view::people_here(const character& viewer, bool spoken) {
  // In arrival order, at most game.crowd_names of them named and the rest only counted: a square of
  // 3,000 costs the same few names as one of 30 (no name past the cap is looked up or copied).
  const auto cap = static_cast<std::size_t>(std::max<std::int64_t>(1, settings_.get().game.crowd_names));
  std::vector<std::string> names;
  std::size_t more = 0;
  for (const std::int64_t account : people_.occupants(viewer.where.room_id)) {
    if (account == viewer.account_id) {
      continue;
    }
    if (names.size() == cap) {
      ++more;
      continue;
    }
    if (const character* other = people_.find_character(account)) {
      names.push_back(styled(style::player, other->name));
    }
  }
  if (names.empty()) {
    return {};
  }
  if (!spoken) {
    return "Here: " + name_list(names, more, false) + ".\n";
  }
  std::string lines;
  for (const std::string& name : names) {
    lines += name + " is here.\n";
  }
  if (more > 0) {
    lines += "And " + others_text(more) + (more == 1 ? " is here.\n" : " are here.\n");
  }
  return lines;
}

std::string room_view::room_text(const character& viewer) { return room_text(viewer, rooms_.at(viewer.where)); }

std::string room_view::room_text(const character& viewer, const std::optional<place>& here, bool brief) {
  if (!here) {
    return viewer.where.branch_id == 0 ? "You are nowhere.\n" : "You are somewhere that no longer exists.\n";
  }
  const bool spoken = out_.view_of(viewer).screen_reader;
  const room_mode mode = brief ? room_mode::brief : !rooms_.can_see(viewer) ? room_mode::dark : room_mode::full;
  std::string text = room_head(*here, spoken, mode);
  if (mode == room_mode::full) {
    text += room_tail(viewer, *here, spoken);
  } else if (mode == room_mode::brief) {
    text += brief_tail(viewer, *here);
  }
  return text;
}

std::string room_view::brief_tail(const character& viewer, const place& here) {
  // A room not cleared yet says what stands in the way even in brief mode: the monsters, the sealed door.
  return here.clear ? std::string() : hooks_->room_extras(here.id, viewer);
}

std::string room_view::room_head(const place& here, bool spoken, room_mode mode) {
  std::string text;
  append_styled(text, style::room_name, here.name);
  if (spoken) {
    // Words only: the title, then where it is as a sentence of its own.
    text += ".\n";
    if (here.branch != 0) {
      text += "In " + here.area + ", at " + std::to_string(here.coords->x) + "," + std::to_string(here.coords->y) +
              ", depth " + std::to_string(here.depth) + ".\n";
    }
  } else {
    if (here.branch != 0) {
      text += "  [" + here.area + ", " + std::to_string(here.coords->x) + "," + std::to_string(here.coords->y) +
              ", depth " + std::to_string(here.depth) + "]";
    }
    text += "\n";
  }
  if (mode == room_mode::dark) {
    text += "It is pitch dark. You can make out the exits and little else.\n";
  } else if (mode == room_mode::full) {
    text += here.description + "\n";
    if (spoken) {
      return text;  // (in screen-reader mode what the room holds comes first, one thing a line, and the exits last)
    }
  }
  return text + exits_line(here, spoken) + blocked_text(here);
}

std::string room_view::room_tail(const character& viewer, const place& here, bool spoken) {
  std::string text = hooks_->room_extras(here.id, viewer);
  if (here.id == start_room_id) {
    const std::int64_t now = services_.now();
    for (const dungeon::branch_info& b : rooms_.dungeon().branches()) {
      if (dungeon::joinable(b, now)) {
        text += "Fresh footprints lead " + std::string(dungeon::name(b.dir)) + " into " + branch_name(b) + " (" +
                std::to_string(b.window_end - now) + " s left to follow).\n";
      }
    }
  }
  text += people_here(viewer, spoken);
  if (spoken) {
    text += exits_line(here, true) + blocked_text(here);
  }
  return text;
}

namespace {

/// Whether two states of one room give the same room_head (the exits' targets aside, which it never shows).
bool same_head(const place& a, const place& b) {
  return a.branch == b.branch && a.depth == b.depth && a.clear == b.clear && a.coords == b.coords &&
         a.name == b.name && a.area == b.area && a.description == b.description &&
         std::equal(a.exits.begin(), a.exits.end(), b.exits.begin(), b.exits.end(),
                    [](const place_exit& x, const place_exit& y) {
                      return x.dir == y.dir && x.kind == y.kind && x.no_way_back_in == y.no_way_back_in;
                    });
}

/// heads_' key: the room id, whether spoken, and the mode.
std::uint64_t head_key(std::int64_t room_id, bool spoken, std::uint8_t mode) {
  return (static_cast<std::uint64_t>(room_id) << 3U) | (spoken ? 4U : 0U) | mode;
}

// A bound on what the cache holds: past it, it starts again empty. An entry with one layout is about 3 KB
// (the place, its styled head, the head laid out), so a few MB at most whatever the number of players;
// explorers entering new rooms mostly miss anyway, people looking where others are mostly hit. At most
// this many layouts (windows of other widths, other colour depths) are kept for one room head.
constexpr std::size_t max_cached_heads = 1024;
constexpr std::size_t max_layouts_per_head = 4;

}  // namespace

const std::string& room_view::laid_out_head(const connection& conn, const place& here, bool spoken, room_mode mode) {
  const std::uint64_t key = head_key(here.id, spoken, static_cast<std::uint8_t>(mode));
  auto it = heads_.find(key);
  if (it == heads_.end()) {
    if (heads_.size() >= max_cached_heads) {
      heads_.clear();
    }
    it = heads_.try_emplace(key).first;
    it->second.face = here;
    it->second.styled = room_head(here, spoken, mode);
  } else if (!same_head(it->second.face, here)) {
    it->second.face = here;
    it->second.styled = room_head(here, spoken, mode);
    it->second.layouts.clear();
  }
  cached_head& head = it->second;
  const layout_key layout = out_.layout_of(conn);
  for (const auto& [k, bytes] : head.layouts) {
    if (k == layout) {
      return bytes;
    }
  }
  if (head.layouts.size() >= max_layouts_per_head) {
    head.layouts.erase(head.layouts.begin());
  }
  std::string bytes;
  out_.lay_out(head.styled, layout, bytes);
  head.layouts.emplace_back(layout, std::move(bytes));
  return head.layouts.back().second;
}

void room_view::exits(const character& ch, std::string& out) {
  // (a prompt never waits for a branch to be read: the exits show once it is in memory)
  const std::optional<place> here = rooms_.needs_load(ch.where.branch_id) ? std::nullopt : rooms_.at(ch.where);
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

std::string room_view::room_info_json(const character& viewer) { return room_info_json(rooms_.at(viewer.where)); }

std::string room_view::room_info_json(const std::optional<place>& here) {
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

void room_view::show_room(const character& ch, bool full) {
  if (connection* conn = people_.find_connection(ch.connection)) {
    const std::optional<place> here = rooms_.at(ch.where);  // built once for the text and the Room.Info
    if (!here) {
      out_.send(*conn, room_text(ch, here));
    } else {
      const view v = out_.view_with(*conn, &ch);
      bool brief = false;
      if (people_.find_character(ch.account_id) != nullptr) {
        // (a room seen before, in brief mode: its title and exits only)
        brief = !rooms_seen_[ch.account_id].insert(here->id).second && !full && v.brief;
      }
      const room_mode mode = brief ? room_mode::brief : !rooms_.can_see(ch) ? room_mode::dark : room_mode::full;
      // The room's own part comes laid out from the cache; who and what is in it is laid out each time.
      const std::string& head = laid_out_head(*conn, *here, v.screen_reader, mode);
      out_.send_laid_out(*conn, head,
                         mode == room_mode::full    ? room_tail(ch, *here, v.screen_reader)
                         : mode == room_mode::brief ? brief_tail(ch, *here)
                                                    : std::string());
    }
    hooks_->room_shown(ch);
    // (the interior first: Room.Info stays the last thing a room shown sends, as mappers expect)
    if (ch.where.branch_id != 0 && out_.gmcp_wanted(*conn, "Room.Interior")) {
      out_.send_gmcp(*conn, "Room.Interior", insides_.room_interior_json(ch));
    }
    if (out_.gmcp_wanted(*conn, "Room.Info")) {
      out_.send_gmcp(*conn, "Room.Info", room_info_json(here));
    }
  }
}

void room_view::send_room_info(const character& ch) {
  if (connection* conn = people_.find_connection(ch.connection); conn != nullptr && out_.gmcp_wanted(*conn, "Room.Info")) {
    out_.send_gmcp(*conn, "Room.Info", room_info_json(ch));
  }
}

void room_view::send_room_map(const character& ch) {
  connection* conn = people_.find_connection(ch.connection);
  const auto branch = static_cast<dungeon::branch_id>(ch.where.branch_id);
  const auto info = branch != 0 ? rooms_.dungeon().branch(branch) : std::nullopt;
  if (conn == nullptr || !info || !out_.gmcp_wanted(*conn, "Room.Map")) {
    return;
  }
  rooms_.expect_in_memory(ch.where.branch_id);  // (where `ch` stands: read before it came into play or typed)
  // The rooms within this many steps either way: at most 25 x 25 of them (a few tens of KB at worst), the
  // map pane's useful reach; the branch is wholly in memory, so this reads nothing.
  constexpr int reach = 12;
  json::array rooms;
  const dungeon::coord me{ch.where.x, ch.where.y};
  auto add = [&rooms](std::int64_t num, dungeon::coord at, bool clear, json::object exits) {
    rooms.push_back(json::object{{"num", num}, {"coords", json::array{at.x, at.y}}, {"clear", clear},
                                 {"exits", std::move(exits)}});
  };
  if (std::abs(me.x) <= reach && std::abs(me.y) <= reach) {
    add(start_room_id, {0, 0}, true, json::object{});  // the well, where every branch begins
  }
  rooms_.dungeon().for_each_room_in(branch, {me.x - reach, me.y - reach}, {me.x + reach, me.y + reach},
                             [&](const dungeon::room& r) {
                               json::object exits;
                               for (const exit_dir d : dungeon::all_directions) {
                                 std::int64_t target = 0;
                                 switch (r.exit(d)) {
                                   case dungeon::exit_state::none:
                                     continue;
                                   case dungeon::exit_state::to_start:
                                     target = start_room_id;
                                     break;
                                   case dungeon::exit_state::two_way:
                                   case dungeon::exit_state::one_way:
                                     if (const auto next = dungeon::step(r.pos, d)) {
                                       if (const auto there = rooms_.dungeon().resident_room_at(branch, *next)) {
                                         target = static_cast<std::int64_t>(there->id);
                                       }
                                     }
                                     break;
                                   case dungeon::exit_state::unexplored:
                                     break;
                                 }
                                 exits[exit_letter(d)] = target;
                               }
                               add(static_cast<std::int64_t>(r.id), r.pos, r.clear, std::move(exits));
                             });
  out_.send_gmcp(*conn, "Room.Map",
                 json::serialize(json::object{{"area", branch_name(*info)}, {"rooms", std::move(rooms)}}));
}

void room_view::refresh_room_info(std::int64_t room_id) {
  for (const character* c : people_.characters_in(room_id)) {
    send_room_info(*c);
  }
}

std::pair<int, std::string> room_view::status_of(const location& where) {
  if (where.branch_id == 0) {
    return {0, std::string()};
  }
  const auto info = rooms_.dungeon().branch(static_cast<dungeon::branch_id>(where.branch_id));
  return {static_cast<int>(dungeon::depth_of({where.x, where.y})), info ? branch_name(*info) : std::string()};
}

void room_view::send_status(const character& ch) {
  connection* conn = people_.find_connection(ch.connection);
  if (conn == nullptr || !out_.gmcp_wanted(*conn, "Char.Status")) {
    return;
  }
  auto [depth, branch] = status_of(ch.where);
  json::object o;
  o["name"] = ch.name;
  o["role"] = role_name(ch.account_role);
  o["depth"] = depth;
  o["branch"] = std::move(branch);
  o["silver"] = ch.silver;
  o["deepest"] = ch.deepest;
  if (progress_ != nullptr) {
    const standing s = progress_->standing_of(ch.account_id);
    o["level"] = s.level;
    o["xp"] = s.xp;
    o["xp_next"] = s.xp_next;  // (0 at the top of the table)
  }
  out_.send_gmcp(*conn, "Char.Status", json::serialize(o));
}

}  // namespace dw::game
