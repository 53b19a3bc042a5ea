#include "mapgen/features.hpp"

#include <algorithm>
#include <array>
#include <cstddef>

namespace dw::mapgen {

namespace {

// The interior vocabulary. A new word is a new row; a name not listed here is blocking scenery.
constexpr std::array<vocabulary_entry, 7> vocabulary{{
    {"solid", tile_kind::wall},
    {"empty", tile_kind::floor},
    {"water", tile_kind::water},
    {"pillar", tile_kind::pillar},
    {"rubble", tile_kind::rubble},
    {"roots", tile_kind::roots},
    {"door", tile_kind::door},
}};

constexpr std::array<point, 4> sides{{{0, -1}, {-1, 0}, {1, 0}, {0, 1}}};
constexpr std::array<point, 8> around{{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}};

// The map as flags, row by row, so the passes below read a byte per tile instead of a legend lookup.
// `roomy` is walkable or a free-standing pillar: a hall with pillars in it is still one hall.
struct grid {
  int w;
  int h;
  std::vector<unsigned char> open;   // 1 = walkable
  std::vector<unsigned char> roomy;  // 1 = walkable, or in a free-standing blocking cluster

  [[nodiscard]] bool inside(int x, int y) const noexcept { return x >= 0 && y >= 0 && x < w && y < h; }
  [[nodiscard]] std::size_t at(int x, int y) const noexcept {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x);
  }
  // Outside the map is blocking: an interior's edge is its wall.
  [[nodiscard]] bool walk(int x, int y) const noexcept { return inside(x, y) && open[at(x, y)] != 0; }
  [[nodiscard]] bool room(int x, int y) const noexcept { return inside(x, y) && roomy[at(x, y)] != 0; }
};

// Flood fills over tiles whose flag in `member` is set. The buffers live for one measure() call, so
// labelling every component costs no allocation per component or tile.
class components {
 public:
  explicit components(std::size_t area) : label_(area, -1) { stack_.reserve(area); }

  // Labels the component of `start` (a member not yet labelled) and returns its tiles, in fill order;
  // the span lasts until the next fill.
  template <std::size_t N>
  std::span<const int> fill(const grid& g, const std::vector<unsigned char>& member, std::size_t start,
                            const std::array<point, N>& steps, int id) {
    stack_.clear();
    stack_.push_back(static_cast<int>(start));
    label_[start] = id;
    for (std::size_t next = 0; next < stack_.size(); ++next) {
      const int i = stack_[next];
      const int x = i % g.w;
      const int y = i / g.w;
      for (const point d : steps) {
        const int nx = x + d.x;
        const int ny = y + d.y;
        if (!g.inside(nx, ny)) {
          continue;
        }
        const std::size_t n = g.at(nx, ny);
        if (member[n] != 0 && label_[n] < 0) {
          label_[n] = id;
          stack_.push_back(static_cast<int>(n));
        }
      }
    }
    return stack_;
  }

  [[nodiscard]] bool labelled(std::size_t i) const noexcept { return label_[i] >= 0; }
  void reset() { std::fill(label_.begin(), label_.end(), -1); }

 private:
  std::vector<int> label_;
  std::vector<int> stack_;  // also the fill queue: a component's tiles end up here in order
};

// Walkable areas (4-connected): how many, and the largest.
void measure_areas(const grid& g, components& c, interior_features& f) {
  int id = 0;
  for (std::size_t i = 0; i < g.open.size(); ++i) {
    if (g.open[i] != 0 && !c.labelled(i)) {
      const auto tiles = c.fill(g, g.open, i, sides, id++);
      f.largest_area = std::max(f.largest_area, static_cast<int>(tiles.size()));
    }
  }
  f.areas = id;
}

// Free-standing blocking clusters of one or two tiles (8-connected, walkable on every side, so none
// touches a wall or the edge) read as pillars even when drawn as rubble or scenery; they are marked
// roomy. Pillar tiles are counted one by one elsewhere, so a cluster holding one is not counted here.
int mark_free_standing(grid& g, const tile_map& map, const legend& names, components& c,
                       std::vector<unsigned char>& blocking) {
  for (std::size_t i = 0; i < blocking.size(); ++i) {
    blocking[i] = g.open[i] != 0 ? 0 : 1;
  }
  int counted = 0;
  int id = 0;
  for (std::size_t i = 0; i < blocking.size(); ++i) {
    if (blocking[i] == 0 || c.labelled(i)) {
      continue;
    }
    const auto tiles = c.fill(g, blocking, i, around, id++);
    if (tiles.size() > 2) {
      continue;
    }
    bool standing = true;
    bool has_pillar = false;
    for (const int t : tiles) {
      const int x = t % g.w;
      const int y = t / g.w;
      has_pillar = has_pillar || names.kind(map.at({x, y})) == tile_kind::pillar;
      for (const point d : around) {
        const int nx = x + d.x;
        const int ny = y + d.y;
        // A blocking neighbour inside the map is the cluster's other tile (8-connected clusters).
        standing = standing && (g.walk(nx, ny) || (g.inside(nx, ny) && blocking[g.at(nx, ny)] != 0));
      }
    }
    if (standing) {
      for (const int t : tiles) {
        g.roomy[static_cast<std::size_t>(t)] = 1;
      }
      counted += has_pillar ? 0 : 1;
    }
  }
  return counted;
}

// Chambers: clusters of "core" tiles (the whole 3x3 block roomy) big enough to stand in, so a 4x4
// hall counts and a 3-wide gallery or a narrow cave does not.
int count_chambers(const grid& g, components& c, std::vector<unsigned char>& core) {
  constexpr std::size_t min_core_tiles = 4;
  for (int y = 0; y < g.h; ++y) {
    for (int x = 0; x < g.w; ++x) {
      bool all = g.room(x, y);
      for (std::size_t k = 0; all && k < around.size(); ++k) {
        all = g.room(x + around[k].x, y + around[k].y);
      }
      core[g.at(x, y)] = all ? 1 : 0;
    }
  }
  int chambers = 0;
  int id = 0;
  for (std::size_t i = 0; i < core.size(); ++i) {
    if (core[i] != 0 && !c.labelled(i)) {
      if (c.fill(g, core, i, sides, id++).size() >= min_core_tiles) {
        ++chambers;
      }
    }
  }
  return chambers;
}

// The side of the largest all-walkable square (classic dynamic programme over one row).
int widest_span(const grid& g, std::vector<int>& row) {
  std::fill(row.begin(), row.end(), 0);
  int best = 0;
  for (int y = 0; y < g.h; ++y) {
    int diagonal = 0;  // the previous row's value one column to the left
    for (int x = 0; x < g.w; ++x) {
      const std::size_t ux = static_cast<std::size_t>(x);
      const int above = row[ux];
      const int left = x > 0 ? row[ux - 1] : 0;
      row[ux] = g.walk(x, y) ? 1 + std::min({above, left, diagonal}) : 0;
      diagonal = above;
      best = std::max(best, row[ux]);
    }
  }
  return best;
}

// 1-wide tiles: walkable and in no roomy 2x2 block. A corridor's tiles, its junctions and the mouth
// where it meets a room are thin; a room's tiles are not, nor the gap between a pillar and a wall.
bool thin(const grid& g, int x, int y) {
  if (!g.walk(x, y)) {
    return false;
  }
  for (int top = y - 1; top <= y; ++top) {
    for (int left = x - 1; left <= x; ++left) {
      if (g.room(left, top) && g.room(left + 1, top) && g.room(left, top + 1) && g.room(left + 1, top + 1)) {
        return false;
      }
    }
  }
  return true;
}

int longest_corridor(const grid& g, std::vector<unsigned char>& thin_tiles) {
  for (int y = 0; y < g.h; ++y) {
    for (int x = 0; x < g.w; ++x) {
      thin_tiles[g.at(x, y)] = thin(g, x, y) ? 1 : 0;
    }
  }
  int best = 0;
  for (int y = 0; y < g.h; ++y) {
    int run = 0;
    for (int x = 0; x < g.w; ++x) {
      run = thin_tiles[g.at(x, y)] != 0 ? run + 1 : 0;
      best = std::max(best, run);
    }
  }
  for (int x = 0; x < g.w; ++x) {
    int run = 0;
    for (int y = 0; y < g.h; ++y) {
      run = thin_tiles[g.at(x, y)] != 0 ? run + 1 : 0;
      best = std::max(best, run);
    }
  }
  return best;
}

// Alcoves: a walkable tile reached from one side only. A door is not one: it leads on out of the room.
int count_dead_ends(const grid& g, const tile_map& map, const legend& names) {
  int dead_ends = 0;
  for (int y = 0; y < g.h; ++y) {
    for (int x = 0; x < g.w; ++x) {
      if (!g.walk(x, y) || names.kind(map.at({x, y})) == tile_kind::door) {
        continue;
      }
      int ways = 0;
      for (const point d : sides) {
        ways += g.walk(x + d.x, y + d.y) ? 1 : 0;
      }
      dead_ends += ways == 1 ? 1 : 0;
    }
  }
  return dead_ends;
}

}  // namespace

std::span<const vocabulary_entry> interior_vocabulary() noexcept { return vocabulary; }

legend make_legend(const std::vector<std::string>& entity_names) {
  std::vector<tile_kind> kinds;
  kinds.reserve(entity_names.size());
  for (const std::string& name : entity_names) {
    const auto it = std::find_if(vocabulary.begin(), vocabulary.end(),
                                 [&](const vocabulary_entry& v) { return v.name == name; });
    kinds.push_back(it == vocabulary.end() ? tile_kind::scenery : it->kind);
  }
  return legend(std::move(kinds));
}

interior_features measure(const tile_map& map, const legend& names) {
  interior_features f;
  f.width = map.width();
  f.height = map.height();
  const std::size_t area = map.tiles().size();
  if (area == 0) {
    return f;
  }

  grid g{map.width(), map.height(), std::vector<unsigned char>(area, 0), {}};
  int pillar_tiles = 0;
  for (std::size_t i = 0; i < area; ++i) {
    const tile_kind k = names.kind(map.tiles()[i]);
    g.open[i] = is_walkable(k) ? 1 : 0;
    f.walkable += g.open[i];
    f.water += k == tile_kind::water ? 1 : 0;
    f.rubble += k == tile_kind::rubble ? 1 : 0;
    f.roots += k == tile_kind::roots ? 1 : 0;
    f.doors += k == tile_kind::door ? 1 : 0;
    f.scenery += k == tile_kind::scenery ? 1 : 0;
    pillar_tiles += k == tile_kind::pillar ? 1 : 0;
  }
  g.roomy = g.open;
  f.open_share = static_cast<double>(f.walkable) / static_cast<double>(area);
  f.water_share = f.walkable == 0 ? 0.0 : static_cast<double>(f.water) / static_cast<double>(f.walkable);

  components c(area);
  std::vector<unsigned char> flags(area, 0);  // scratch: blocking tiles, core tiles, thin tiles in turn
  std::vector<int> row(static_cast<std::size_t>(map.width()), 0);

  measure_areas(g, c, f);
  c.reset();
  f.pillars = pillar_tiles + mark_free_standing(g, map, names, c, flags);
  c.reset();
  f.chambers = count_chambers(g, c, flags);
  f.widest_span = widest_span(g, row);
  f.longest_corridor = longest_corridor(g, flags);
  f.dead_ends = count_dead_ends(g, map, names);
  return f;
}

std::vector<feature_value> feature_values(const interior_features& f) {
  return {
      {"width", static_cast<double>(f.width)},
      {"height", static_cast<double>(f.height)},
      {"walkable", static_cast<double>(f.walkable)},
      {"open_share", f.open_share},
      {"areas", static_cast<double>(f.areas)},
      {"largest_area", static_cast<double>(f.largest_area)},
      {"chambers", static_cast<double>(f.chambers)},
      {"widest_span", static_cast<double>(f.widest_span)},
      {"longest_corridor", static_cast<double>(f.longest_corridor)},
      {"dead_ends", static_cast<double>(f.dead_ends)},
      {"pillars", static_cast<double>(f.pillars)},
      {"water_share", f.water_share},
      {"water", static_cast<double>(f.water)},
      {"rubble", static_cast<double>(f.rubble)},
      {"roots", static_cast<double>(f.roots)},
      {"doors", static_cast<double>(f.doors)},
      {"scenery", static_cast<double>(f.scenery)},
  };
}

}  // namespace dw::mapgen
