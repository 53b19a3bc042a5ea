#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "mapgen/tile_map.hpp"

// A script's neighbourhoods laid onto one map's rows: each cell's offset as a distance in the map's
// row-by-row tiles, and each neighbourhood's extent. Rules read a neighbourhood at every tile they
// visit; when the extent around the tile stays inside the pass's region (most tiles of a room), the
// cells are read straight from the tiles by these offsets, with no bounds test per cell. Built once
// per map (one allocation), never per tile.
namespace dw::mapgen::detail {

class hood_table {
 public:
  /// How far a neighbourhood's cells reach from its centre (negative to the left and up).
  struct extent {
    int left = 0;
    int top = 0;
    int right = 0;
    int bottom = 0;
  };

  hood_table(const std::vector<std::vector<point>>& hoods, int map_width) {
    std::size_t cells = 0;
    for (const std::vector<point>& h : hoods) {
      cells += h.size();
    }
    offsets_.reserve(cells);
    ranges_.reserve(hoods.size());
    extents_.reserve(hoods.size());
    for (const std::vector<point>& h : hoods) {
      extent e;
      const auto first = static_cast<std::uint32_t>(offsets_.size());
      for (const point& o : h) {
        offsets_.push_back(static_cast<std::ptrdiff_t>(o.y) * map_width + o.x);
        e.left = std::min(e.left, o.x);
        e.top = std::min(e.top, o.y);
        e.right = std::max(e.right, o.x);
        e.bottom = std::max(e.bottom, o.y);
      }
      ranges_.push_back({first, static_cast<std::uint32_t>(h.size())});
      extents_.push_back(e);
    }
  }

  /// Neighbourhood h's cells as offsets into the map's tiles, in the script's order.
  [[nodiscard]] std::span<const std::ptrdiff_t> offsets(std::size_t h) const noexcept {
    return {offsets_.data() + ranges_[h].first, ranges_[h].count};
  }
  /// True when every cell of neighbourhood h around p lies inside r.
  [[nodiscard]] bool fits(std::size_t h, point p, const rect& r) const noexcept {
    const extent& e = extents_[h];
    return p.x + e.left >= r.x && p.y + e.top >= r.y && p.x + e.right < r.x + r.w && p.y + e.bottom < r.y + r.h;
  }

 private:
  struct range {
    std::uint32_t first;
    std::uint32_t count;
  };
  std::vector<std::ptrdiff_t> offsets_;
  std::vector<range> ranges_;
  std::vector<extent> extents_;
};

}  // namespace dw::mapgen::detail
