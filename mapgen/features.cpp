#include "mapgen/features.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <vector>

namespace dw::mapgen {

namespace {

// The interior vocabulary, with the glyph render.cpp draws each word with. A new word is a new row;
// a name not listed here is blocking scenery.
constexpr std::array<vocabulary_entry, 7> vocabulary{{
    {"solid", tile_kind::wall, '#'},
    {"empty", tile_kind::floor, '.'},
    {"water", tile_kind::water, '~'},
    {"pillar", tile_kind::pillar, 'o'},
    {"rubble", tile_kind::rubble, '%'},
    {"roots", tile_kind::roots, '"'},
    {"door", tile_kind::door, '+'},
}};

// The map with a one-tile frame of blocking tiles around it, as flags, row by row: the passes below read
// a byte per tile, step to a neighbour by adding an offset, and never test the map's bounds, because
// the frame stands for "outside the map is blocking" (an interior's edge is its wall).
class grid {
 public:
  grid(const tile_map& map, const legend& names)
      : w_(map.width()), h_(map.height()), stride_(w_ + 2), cells_(static_cast<std::size_t>(stride_ * (h_ + 2))),
        open_(cells_, 0), roomy_(cells_, 0), mark_(cells_, 0) {
    for (int y = 0; y < h_; ++y) {
      for (int x = 0; x < w_; ++x) {
        open_[at(x, y)] = names.walkable(map.at({x, y})) ? 1 : 0;
      }
    }
    roomy_ = open_;
    stack_.reserve(cells_);
  }

  [[nodiscard]] int width() const noexcept { return w_; }
  [[nodiscard]] int height() const noexcept { return h_; }
  [[nodiscard]] std::size_t at(int x, int y) const noexcept {
    return static_cast<std::size_t>((y + 1) * stride_ + x + 1);
  }
  /// Offsets of the 4 sides and of the 8 tiles around a cell.
  [[nodiscard]] std::array<std::ptrdiff_t, 4> side_offsets() const noexcept { return {-stride_, -1, 1, stride_}; }
  [[nodiscard]] std::array<std::ptrdiff_t, 8> around_offsets() const noexcept {
    return {-stride_ - 1, -stride_, -stride_ + 1, -1, 1, stride_ - 1, stride_, stride_ + 1};
  }

  [[nodiscard]] bool open(std::size_t i) const noexcept { return open_[i] != 0; }
  [[nodiscard]] bool roomy(std::size_t i) const noexcept { return roomy_[i] != 0; }
  /// The walkable flags (0 or 1 per cell, the frame 0), for passes that combine them with `&`.
  [[nodiscard]] const std::vector<unsigned char>& open_cells() const noexcept { return open_; }
  /// The roomy flags, likewise.
  [[nodiscard]] const std::vector<unsigned char>& roomy_cells() const noexcept { return roomy_; }
  void make_roomy(std::size_t i) noexcept { roomy_[i] = 1; }

  /// Scratch flags, one per cell, for one pass at a time.
  [[nodiscard]] std::vector<unsigned char>& marks() noexcept { return mark_; }

  // Flood fills the cells flagged `1` in `member` from `start` (4-connected), clearing each flag it
  // reaches so no cell is filled twice; returns the size of the component.
  std::size_t fill(std::vector<unsigned char>& member, std::size_t start) {
    const auto steps = side_offsets();
    stack_.clear();
    stack_.push_back(start);
    member[start] = 0;
    std::size_t size = 0;
    while (!stack_.empty()) {
      const std::size_t i = stack_.back();
      stack_.pop_back();
      ++size;
      for (const std::ptrdiff_t d : steps) {
        const std::size_t n = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(i) + d);
        if (member[n] != 0) {
          member[n] = 0;
          stack_.push_back(n);
        }
      }
    }
    return size;
  }

 private:
  int w_;
  int h_;
  int stride_;
  std::size_t cells_;
  std::vector<unsigned char> open_;   // 1 = walkable; the frame is 0
  std::vector<unsigned char> roomy_;  // 1 = walkable or a free-standing pillar
  std::vector<unsigned char> mark_;
  std::vector<std::size_t> stack_;
};

// Walkable areas (4-connected): how many, and the largest.
void measure_areas(grid& g, interior_features& f) {
  std::vector<unsigned char>& left = g.marks();
  left = g.open_cells();  // (the same size: a copy, no allocation)
  for (int y = 0; y < g.height(); ++y) {
    for (int x = 0; x < g.width(); ++x) {
      if (left[g.at(x, y)] != 0) {
        ++f.areas;
        f.largest_area = std::max(f.largest_area, static_cast<int>(g.fill(left, g.at(x, y))));
      }
    }
  }
}

// Free-standing blocking clusters of one or two tiles (8-connected, walkable on every side, so none
// touches a wall or the edge) read as pillars even when drawn as rubble or scenery; they are made
// roomy. Pillar tiles are counted one by one elsewhere, so a cluster holding one is not counted here.
// A cluster of one has no blocking tile around it; a cluster of two is a pair of tiles inside the map
// each of which has the other as its only blocking neighbour (the frame counts as blocking).
int mark_free_standing(grid& g, const tile_map& map, const legend& names) {
  const auto steps = g.around_offsets();
  const auto stride = static_cast<std::size_t>(g.width()) + 2;
  // The tile of grid cell i (inside the frame).
  const auto tile_of = [&](std::size_t i) {
    return point{static_cast<int>(i % stride) - 1, static_cast<int>(i / stride) - 1};
  };
  const auto is_pillar = [&](std::size_t i) { return names.kind(map.at(tile_of(i))) == tile_kind::pillar; };
  // How many blocking cells are around cell i (summed without a branch per cell: most tiles have some).
  const unsigned char* open = g.open_cells().data();
  const auto blocking_around = [&](std::size_t i) {
    int count = 0;
    for (const std::ptrdiff_t d : steps) {
      count += open[static_cast<std::ptrdiff_t>(i) + d] ^ 1;
    }
    return count;
  };
  // The one blocking cell around cell i, when blocking_around(i) == 1.
  const auto only_blocking = [&](std::size_t i) {
    for (const std::ptrdiff_t d : steps) {
      const auto n = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(i) + d);
      if (open[n] == 0) {
        return n;
      }
    }
    return i;
  };
  int counted = 0;
  for (int y = 0; y < g.height(); ++y) {
    for (int x = 0; x < g.width(); ++x) {
      const std::size_t i = g.at(x, y);
      if (g.open(i)) {
        continue;
      }
      const int blocking = blocking_around(i);
      if (blocking == 0) {
        g.make_roomy(i);
        counted += is_pillar(i) ? 0 : 1;
        continue;
      }
      if (blocking != 1) {
        continue;
      }
      // A pair is looked at from its first tile in reading order only.
      const std::size_t partner = only_blocking(i);
      if (partner < i) {
        continue;
      }
      const point q = tile_of(partner);
      const bool partner_inside = q.x >= 0 && q.y >= 0 && q.x < g.width() && q.y < g.height();
      if (partner_inside && blocking_around(partner) == 1) {
        g.make_roomy(i);
        g.make_roomy(partner);
        counted += is_pillar(i) || is_pillar(partner) ? 0 : 1;
      }
    }
  }
  return counted;
}

// Chambers: clusters of "core" tiles (the whole 3x3 block roomy) big enough to stand in, so a 4x4
// hall counts, a 3-wide gallery only from 6 tiles long (its core is the middle row), a narrow cave not.
int count_chambers(grid& g) {
  constexpr std::size_t min_core_tiles = 4;
  std::vector<unsigned char>& core = g.marks();
  std::fill(core.begin(), core.end(), 0);
  // The nine flags (0 or 1) and-ed together, without a branch per cell.
  const unsigned char* r = g.roomy_cells().data();
  const auto stride = static_cast<std::size_t>(g.width()) + 2;
  for (int y = 0; y < g.height(); ++y) {
    for (int x = 0; x < g.width(); ++x) {
      const std::size_t i = g.at(x, y);
      const std::size_t up = i - stride;
      const std::size_t down = i + stride;
      core[i] = static_cast<unsigned char>(r[up - 1] & r[up] & r[up + 1] & r[i - 1] & r[i] & r[i + 1] & r[down - 1] &
                                           r[down] & r[down + 1]);
    }
  }
  int chambers = 0;
  for (int y = 0; y < g.height(); ++y) {
    for (int x = 0; x < g.width(); ++x) {
      if (core[g.at(x, y)] != 0 && g.fill(core, g.at(x, y)) >= min_core_tiles) {
        ++chambers;
      }
    }
  }
  return chambers;
}

// The side of the largest all-walkable square (classic dynamic programme over one row).
int widest_span(const grid& g) {
  std::vector<int> row(static_cast<std::size_t>(g.width()), 0);
  int best = 0;
  for (int y = 0; y < g.height(); ++y) {
    int diagonal = 0;  // the previous row's value one column to the left
    for (int x = 0; x < g.width(); ++x) {
      const std::size_t ux = static_cast<std::size_t>(x);
      const int above = row[ux];
      const int left = x > 0 ? row[ux - 1] : 0;
      row[ux] = g.open(g.at(x, y)) ? 1 + std::min({above, left, diagonal}) : 0;
      diagonal = above;
      best = std::max(best, row[ux]);
    }
  }
  return best;
}

// 1-wide tiles: walkable and in no roomy 2x2 block. A corridor's tiles, its junctions and the mouth
// where it meets a room are thin; a room's tiles are not, nor the gap between a pillar and a wall.
int longest_corridor(grid& g) {
  constexpr unsigned char roomy_block = 1;  // the 2x2 block with this cell at its top-left is all roomy
  constexpr unsigned char thin_tile = 2;
  std::vector<unsigned char>& flags = g.marks();
  std::fill(flags.begin(), flags.end(), 0);
  const auto stride = static_cast<std::size_t>(g.width()) + 2;
  // Blocks first (top-left cells from the frame's top row and left column on), then each tile reads
  // the four blocks it is part of.
  // (Flags are 0 or 1, combined with & and | rather than tested one by one.)
  const unsigned char* roomy = g.roomy_cells().data();
  const unsigned char* open = g.open_cells().data();
  for (int y = -1; y < g.height(); ++y) {
    for (int x = -1; x < g.width(); ++x) {
      const std::size_t i = g.at(x, y);
      flags[i] = static_cast<unsigned char>(roomy[i] & roomy[i + 1] & roomy[i + stride] & roomy[i + stride + 1]);
    }
  }
  for (int y = 0; y < g.height(); ++y) {
    for (int x = 0; x < g.width(); ++x) {
      const std::size_t i = g.at(x, y);
      const unsigned blocks = flags[i - stride - 1] | flags[i - stride] | flags[i - 1] | flags[i];
      flags[i] |= static_cast<unsigned char>((open[i] & ~blocks & roomy_block) != 0 ? thin_tile : 0);
    }
  }
  int best = 0;
  for (int y = 0; y < g.height(); ++y) {
    int run = 0;
    for (int x = 0; x < g.width(); ++x) {
      run = (flags[g.at(x, y)] & thin_tile) != 0 ? run + 1 : 0;
      best = std::max(best, run);
    }
  }
  for (int x = 0; x < g.width(); ++x) {
    int run = 0;
    for (int y = 0; y < g.height(); ++y) {
      run = (flags[g.at(x, y)] & thin_tile) != 0 ? run + 1 : 0;
      best = std::max(best, run);
    }
  }
  return best;
}

// Alcoves: a walkable tile reached from one side only. A door is not one: it leads on out of the room.
int count_dead_ends(const grid& g, const tile_map& map, const legend& names) {
  const auto steps = g.side_offsets();
  int dead_ends = 0;
  for (int y = 0; y < g.height(); ++y) {
    for (int x = 0; x < g.width(); ++x) {
      const std::size_t i = g.at(x, y);
      if (!g.open(i) || names.kind(map.at({x, y})) == tile_kind::door) {
        continue;
      }
      int ways = 0;
      for (const std::ptrdiff_t d : steps) {
        ways += g.open(static_cast<std::size_t>(static_cast<std::ptrdiff_t>(i) + d)) ? 1 : 0;
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

  int pillar_tiles = 0;
  for (const entity_id e : map.tiles()) {
    const tile_kind k = names.kind(e);
    f.walkable += is_walkable(k) ? 1 : 0;
    f.water += k == tile_kind::water ? 1 : 0;
    f.rubble += k == tile_kind::rubble ? 1 : 0;
    f.roots += k == tile_kind::roots ? 1 : 0;
    f.doors += k == tile_kind::door ? 1 : 0;
    f.scenery += k == tile_kind::scenery ? 1 : 0;
    pillar_tiles += k == tile_kind::pillar ? 1 : 0;
  }
  f.open_share = static_cast<double>(f.walkable) / static_cast<double>(area);
  f.water_share = f.walkable == 0 ? 0.0 : static_cast<double>(f.water) / static_cast<double>(f.walkable);

  grid g(map, names);
  measure_areas(g, f);
  // Pillars first: the passes after them see free-standing pillars as part of the room around them.
  f.pillars = pillar_tiles + mark_free_standing(g, map, names);
  f.chambers = count_chambers(g);
  f.widest_span = widest_span(g);
  f.longest_corridor = longest_corridor(g);
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
