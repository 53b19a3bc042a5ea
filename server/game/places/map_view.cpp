#include "server/game/places/map_view.hpp"

#include <algorithm>
#include <climits>
#include <optional>
#include <unordered_map>
#include <vector>

#include "dungeon/dungeon.hpp"
#include "server/game/output/style.hpp"

namespace dw::game {
namespace {
using dungeon::coord;
using dungeon::direction;
using dungeon::exit_state;

/// The sign between two neighbouring cells a (west or north) and b (east or south).
char connector(const std::optional<dungeon::room>& a, const std::optional<dungeon::room>& b, direction a_to_b,
               char two_way, char a_only, char b_only) {
  const exit_state ab = a ? a->exit(a_to_b) : exit_state::none;
  const exit_state ba = b ? b->exit(dungeon::opposite(a_to_b)) : exit_state::none;
  if (ab == exit_state::two_way || ba == exit_state::two_way || ab == exit_state::to_start ||
      ba == exit_state::to_start) {
    return two_way;  // (the way back to the well is always usable)
  }
  if (ab == exit_state::one_way) {
    return a_only;
  }
  if (ba == exit_state::one_way) {
    return b_only;
  }
  if (ab == exit_state::unexplored || ba == exit_state::unexplored) {
    return '?';
  }
  return ' ';
}

/// Under a branch's map once the well's passage no longer leads into it (its team-up window has closed, or under
/// branches_can_finish it has no way on left): walking that passage opens a new branch now.
std::string way_back_line(const dungeon::branch_info& b, std::int64_t now, bool spoken) {
  if (dungeon::joinable(b, now)) {
    return {};
  }
  return spoken ? "The way back to the well no longer leads back into this branch.\n"
                : " W: the way back no longer leads back in here.\n";
}

constexpr std::string_view legend =
    " @ you  W the well  * not cleared\n"
    " - | two-way  ? unexplored exit\n"
    " > < v ^ one-way, as it leads\n";

/// The rooms of a branch inside a rectangle. The branch is wholly in memory (the caller made sure), so a
/// map costs no read at all.
class room_window {
 public:
  room_window(dungeon::dungeon& d, dungeon::branch_id branch, coord min, coord max) {
    d.for_each_room_in(branch, min, max,
                                 [this](const dungeon::room& r) { rooms_[dungeon::pack(r.pos)] = r; });
  }
  /// The room at (x, y); the start room is drawn as a room without exits of its own.
  std::optional<dungeon::room> at(int x, int y) const {
    if (x == 0 && y == 0) {
      dungeon::room well;
      well.id = static_cast<dungeon::room_id>(start_room_id);
      return well;
    }
    auto it = rooms_.find(dungeon::pack({x, y}));
    return it == rooms_.end() ? std::nullopt : std::optional<dungeon::room>(it->second);
  }
  /// Calls fn(x, y) for every branch room in the window.
  template <typename F>
  void for_each(F&& fn) const {
    for (const auto& [key, room] : rooms_) {
      fn(room.pos.x, room.pos.y);
    }
  }

 private:
  std::unordered_map<std::uint64_t, dungeon::room> rooms_;
};

/// The glyph of the mark at (x, y), or 0.
char mark_at(const std::vector<map_mark>& marks, int x, int y) {
  for (const map_mark& m : marks) {
    if (m.at.x == x && m.at.y == y) {
      return m.glyph;
    }
  }
  return 0;
}

/// Draws the cells x in [min_x, min_x+cols), y in (max_y-rows, max_y] of a branch.
std::string draw(const room_window& rooms, int min_x, int max_y, int cols, int rows, std::optional<coord> me,
                 const std::vector<map_mark>& marks = {}) {
  auto cell = [&](int x, int y) { return rooms.at(x, y); };
  std::string out;
  std::vector<std::optional<dungeon::room>> row(static_cast<std::size_t>(cols) + 1);
  std::vector<std::optional<dungeon::room>> below(static_cast<std::size_t>(cols));
  for (int r = 0; r < rows; ++r) {
    const int y = max_y - r;
    for (int c = 0; c <= cols; ++c) {
      row[static_cast<std::size_t>(c)] = cell(min_x + c, y);
    }
    for (int c = 0; c < cols; ++c) {
      below[static_cast<std::size_t>(c)] = r + 1 < rows ? cell(min_x + c, y - 1) : std::nullopt;
    }
    std::string line = " ";
    std::string under = " ";
    for (int c = 0; c < cols; ++c) {
      const int x = min_x + c;
      const auto& here = row[static_cast<std::size_t>(c)];
      const char marked = mark_at(marks, x, y);
      if (here && here->id == static_cast<dungeon::room_id>(start_room_id)) {
        line += "[W]";
      } else if (here) {
        const bool mine = me && x == me->x && y == me->y;
        const char mark = mine ? '@' : marked != 0 ? marked : (here->clear ? ' ' : '*');
        line += '[';
        line += mark;
        line += ']';
      } else if (marked != 0) {
        line += '(';
        line += marked;
        line += ')';  // no room there yet
      } else {
        line += "   ";
      }
      line +=
          c + 1 < cols ? connector(here, row[static_cast<std::size_t>(c + 1)], direction::east, '-', '>', '<') : ' ';
      under += ' ';
      under += connector(here, below[static_cast<std::size_t>(c)], direction::south, '|', 'v', '^');
      under += "  ";
    }
    while (!line.empty() && line.back() == ' ') {
      line.pop_back();
    }
    while (!under.empty() && under.back() == ' ') {
      under.pop_back();
    }
    out += line + "\n";
    if (r + 1 < rows) {
      out += under + "\n";
    }
  }
  return out;
}

}  // namespace

std::string map_view::map_for(const character& ch, const std::vector<map_mark>& marks) {
  if (out_.view_of(ch).screen_reader) {
    return spoken_map(ch);  // no drawing: each way out said in words (what a mark means is said by the caller)
  }
  const client_abilities fallback;
  const connection* conn = people_.find_connection(ch.connection);
  const client_abilities& client = conn != nullptr && conn->port != nullptr ? conn->port->client() : fallback;
  return map(ch, client.width, client.height, marks);
}

std::string map_view::map(const character& ch, std::uint16_t width, std::uint16_t height,
                          const std::vector<map_mark>& marks) {
  const auto branch = static_cast<dungeon::branch_id>(ch.where.branch_id);
  const auto info = ground_.dungeon().branch(branch);
  if (!info) {
    return "You cannot make out a map here.\n";
  }
  ground_.expect_in_memory(static_cast<std::int64_t>(branch));  // (where `ch` stands)
  // Four columns per room ("[@]" plus the east connector) and two lines per room (cell and south connector).
  const int cols = std::clamp((static_cast<int>(width) - 2) / 4, 3, 61);
  const int rows = std::clamp(height >= 16 ? (static_cast<int>(height) - 8) / 2 : 7, 3, 15);
  const coord me{ch.where.x, ch.where.y};
  const coord min{me.x - cols / 2, me.y - rows / 2};
  const coord max{min.x + cols - 1, min.y + rows - 1};
  const room_window rooms(ground_.dungeon(), branch, min, max);
  // Shrink the window to the rooms actually known inside it, so a young branch is not a page of blanks.
  int lo_x = me.x;
  int hi_x = me.x;
  int lo_y = me.y;
  int hi_y = me.y;
  auto widen = [&](int x, int y) {
    lo_x = std::min(lo_x, x);
    hi_x = std::max(hi_x, x);
    lo_y = std::min(lo_y, y);
    hi_y = std::max(hi_y, y);
  };
  rooms.for_each(widen);
  if (min.x <= 0 && 0 <= max.x && min.y <= 0 && 0 <= max.y) {
    widen(0, 0);  // the well
  }
  for (const map_mark& m : marks) {
    if (min.x <= m.at.x && m.at.x <= max.x && min.y <= m.at.y && m.at.y <= max.y) {
      widen(m.at.x, m.at.y);
    }
  }
  // One cell of margin shows unexplored exits leading out of the known rooms.
  lo_x = std::max(lo_x - 1, me.x - cols / 2);
  hi_x = std::min(hi_x + 1, me.x - cols / 2 + cols - 1);
  lo_y = std::max(lo_y - 1, me.y - rows / 2);
  hi_y = std::min(hi_y + 1, me.y - rows / 2 + rows - 1);
  return branch_name(*info) + ", around (" + std::to_string(me.x) + "," + std::to_string(me.y) + "):\n" +
         draw(rooms, lo_x, hi_y, hi_x - lo_x + 1, hi_y - lo_y + 1, me, marks) + std::string(legend) +
         way_back_line(*info, services_.now(), false);
}

std::string map_view::spoken_map(const character& ch) {
  const auto branch = static_cast<dungeon::branch_id>(ch.where.branch_id);
  const auto info = ground_.dungeon().branch(branch);
  const std::optional<place> here = ground_.at(ch.where);
  if (!info || !here) {
    return "You cannot make out a map here.\n";
  }
  ground_.expect_in_memory(static_cast<std::int64_t>(branch));  // (where `ch` stands)
  const coord me{ch.where.x, ch.where.y};
  std::string out = branch_name(*info) + ". You are at " + std::to_string(me.x) + "," + std::to_string(me.y) +
                    ", depth " + std::to_string(here->depth) + (here->clear ? ", cleared.\n" : ", not cleared.\n");
  for (const place_exit& e : here->exits) {
    std::string way(exit_name(e.dir));
    way[0] = static_cast<char>(way[0] - 'a' + 'A');
    out += way + ": ";
    switch (e.kind) {
      case exit_kind::unexplored:
        append_styled(out, style::exit_unexplored, "unexplored");
        break;
      case exit_kind::to_well:
        append_styled(out, style::exit, e.no_way_back_in ? "back to the well, one-way" : "back to the well");
        break;
      case exit_kind::passage:
        append_styled(out, style::exit, "a passage into the dungeon");
        break;
      case exit_kind::open:
      case exit_kind::one_way: {
        const auto next = dungeon::step(me, e.dir);
        const auto room = next ? ground_.dungeon().room_at(branch, *next) : std::nullopt;
        std::string what = "a passage, explored";
        if (e.kind == exit_kind::one_way) {
          what += ", one-way";
        }
        if (room) {
          what += room->clear ? ", cleared" : ", not cleared";
        }
        append_styled(out, style::exit, what);
        break;
      }
    }
    out += ".\n";
  }
  if (here->exits.empty()) {
    out += "There is no way out of this room.\n";
  }
  int rooms = 0;
  int not_clear = 0;
  ground_.dungeon().for_each_resident_room(branch, [&](const dungeon::room& r) {
    ++rooms;
    not_clear += r.clear ? 0 : 1;
  });
  out += "Known rooms in this branch: " + std::to_string(rooms) + ", " + std::to_string(not_clear) +
         " of them not cleared; unexplored exits: " + std::to_string(info->unexplored) + ".\n";
  return out + way_back_line(*info, services_.now(), true);
}

std::string map_view::branch_map(std::uint64_t branch_id) {
  const auto branch = static_cast<dungeon::branch_id>(branch_id);
  const auto info = ground_.dungeon().branch(branch);
  if (!info) {
    return "There is no such branch.\n";
  }
  ground_.expect_in_memory(static_cast<std::int64_t>(branch));  // (the caller asked needs_load)
  // The bounding box of every stored room (and the well), capped so one command cannot build megabytes.
  int min_x = 0;
  int max_x = 0;
  int min_y = 0;
  int max_y = 0;
  auto widen = [&](int x, int y) {
    min_x = std::min(min_x, x);
    max_x = std::max(max_x, x);
    min_y = std::min(min_y, y);
    max_y = std::max(max_y, y);
  };
  ground_.dungeon().for_each_resident_room(branch, [&](const dungeon::room& r) { widen(r.pos.x, r.pos.y); });
  // One cell of margin all round, so unexplored exits leading out of the outermost rooms show their '?'.
  --min_x;
  ++max_x;
  --min_y;
  ++max_y;
  constexpr int max_cols = 60;
  constexpr int max_rows = 40;
  const int cols = std::min(max_x - min_x + 1, max_cols);
  const int rows = std::min(max_y - min_y + 1, max_rows);
  const room_window rooms(ground_.dungeon(), branch, {min_x, max_y - rows + 1}, {min_x + cols - 1, max_y});
  std::string out = branch_name(*info) + " (id " + std::to_string(branch_id) + "), x " + std::to_string(min_x + 1) +
                    ".." + std::to_string(max_x - 1) + ", y " + std::to_string(min_y + 1) + ".." +
                    std::to_string(max_y - 1) + ":\n" +
                    draw(rooms, min_x, max_y, cols, rows, std::nullopt) + std::string(legend);
  if (cols < max_x - min_x + 1 || rows < max_y - min_y + 1) {
    out += " (cut to " + std::to_string(max_cols) + " x " + std::to_string(max_rows) + " rooms)\n";
  }
  return out;
}

}  // namespace dw::game
