#include "server/game/map_view.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "dungeon/dungeon.hpp"
#include "server/game/dungeon_play.hpp"
#include "server/game/world.hpp"

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

}  // namespace

std::string render_map(world& w, const character& ch, std::uint16_t width, std::uint16_t height) {
  const auto branch = static_cast<dungeon::branch_id>(ch.where.branch_id);
  const auto info = w.dungeon().branch(branch);
  if (!info) {
    return "You cannot make out a map here.\n";
  }
  // Four columns per room ("[@]" plus the east connector) and two lines per room (cell and south connector).
  const int cols = std::clamp((static_cast<int>(width) - 1) / 4, 5, 61);
  const int rows = std::clamp(height >= 16 ? (static_cast<int>(height) - 8) / 2 : 7, 3, 31);
  const coord me{ch.where.x, ch.where.y};
  const int min_x = me.x - cols / 2;
  const int max_y = me.y + rows / 2;
  auto cell = [&](int x, int y) -> std::optional<dungeon::room> {
    if (x == 0 && y == 0) {
      dungeon::room well;  // the start room belongs to no branch: drawn as a room without exits of its own
      well.id = static_cast<dungeon::room_id>(start_room_id);
      return well;
    }
    return w.dungeon().room_at(branch, coord{x, y});
  };

  std::string out = branch_name(*info) + ", around (" + std::to_string(me.x) + "," + std::to_string(me.y) + "):\n";
  std::vector<std::optional<dungeon::room>> row(static_cast<std::size_t>(cols));
  std::vector<std::optional<dungeon::room>> below(static_cast<std::size_t>(cols));
  for (int r = 0; r < rows; ++r) {
    const int y = max_y - r;
    for (int c = 0; c < cols; ++c) {
      row[static_cast<std::size_t>(c)] = cell(min_x + c, y);
      below[static_cast<std::size_t>(c)] = cell(min_x + c, y - 1);
    }
    std::string line = " ";
    std::string under = " ";
    for (int c = 0; c < cols; ++c) {
      const int x = min_x + c;
      const auto& here = row[static_cast<std::size_t>(c)];
      if (here && here->id == static_cast<dungeon::room_id>(start_room_id)) {
        line += "[W]";
      } else if (here) {
        const char mark = (x == me.x && y == me.y) ? '@' : (here->clear ? ' ' : '*');
        line += '[';
        line += mark;
        line += ']';
      } else {
        line += "   ";
      }
      const auto east = c + 1 < cols ? row[static_cast<std::size_t>(c + 1)] : cell(x + 1, y);
      line += connector(here, east, direction::east, '-', '>', '<');
      under += ' ';
      under += connector(here, below[static_cast<std::size_t>(c)], direction::south, '|', 'v', '^');
      under += "  ";
    }
    out += line + "\n" + under + "\n";
  }
  out +=
      " [@] you     [W] the well (start room)\n"
      " [ ] room    [*] room not cleared yet\n"
      " - |  two-way exit     ?  unexplored exit\n"
      " > < v ^  one-way exit, the way it leads\n";
  return out;
}

}  // namespace dw::game
