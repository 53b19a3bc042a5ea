#pragma once

#include <cstdint>
#include <vector>

// The map a generator writes: a rectangle of entity indices. Index i names the script's i-th entity;
// `unknown` is what every tile holds before an explorer writes it.
namespace dw::mapgen {

using entity_id = std::int16_t;

/// The value of a tile no explorer has written (Marahel's reserved `unknown`).
inline constexpr entity_id unknown = -1;

struct point {
  int x = 0;
  int y = 0;

  bool operator==(const point&) const = default;
};

/// A rectangle of tiles: x, y of its top-left tile, and its size.
struct rect {
  int x = 0;
  int y = 0;
  int w = 0;
  int h = 0;

  bool operator==(const rect&) const = default;
  [[nodiscard]] bool contains(point p) const noexcept { return p.x >= x && p.y >= y && p.x < x + w && p.y < y + h; }
  [[nodiscard]] int area() const noexcept { return w * h; }
  [[nodiscard]] bool overlaps(const rect& o) const noexcept {
    return x < o.x + o.w && o.x < x + w && y < o.y + o.h && o.y < y + h;
  }
};

/// width × height tiles, row by row; (0,0) is the top-left corner, y grows downwards.
class tile_map {
 public:
  tile_map() = default;
  tile_map(int width, int height, entity_id fill = unknown)
      : width_(width), height_(height), tiles_(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), fill) {}

  [[nodiscard]] int width() const noexcept { return width_; }
  [[nodiscard]] int height() const noexcept { return height_; }
  [[nodiscard]] rect bounds() const noexcept { return {0, 0, width_, height_}; }
  [[nodiscard]] bool inside(point p) const noexcept { return p.x >= 0 && p.y >= 0 && p.x < width_ && p.y < height_; }

  /// The tile at p; p must be inside.
  [[nodiscard]] entity_id at(point p) const noexcept { return tiles_[index(p)]; }
  void set(point p, entity_id e) noexcept { tiles_[index(p)] = e; }

  /// Every tile, row by row.
  [[nodiscard]] const std::vector<entity_id>& tiles() const noexcept { return tiles_; }

  bool operator==(const tile_map&) const = default;

 private:
  [[nodiscard]] std::size_t index(point p) const noexcept {
    return static_cast<std::size_t>(p.y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(p.x);
  }

  int width_ = 0;
  int height_ = 0;
  std::vector<entity_id> tiles_;
};

}  // namespace dw::mapgen
