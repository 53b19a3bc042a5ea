#pragma once

#include <cstdint>

namespace dw::dungeon {

/// A position on one branch's grid. The start room sits at (0,0) and belongs to no branch.
struct coord {
  std::int32_t x = 0;
  std::int32_t y = 0;

  friend constexpr bool operator==(coord, coord) = default;
};

/// The start room's position, shared by every branch's grid.
inline constexpr coord start_pos{0, 0};

/// Exact floor(sqrt(n)) by the digit-by-digit method: no floating point, so no rounding at 2^62.
constexpr std::uint64_t isqrt(std::uint64_t n) noexcept {
  std::uint64_t result = 0;
  std::uint64_t bit = std::uint64_t{1} << 62;
  while (bit > n) {
    bit >>= 2;
  }
  while (bit != 0) {
    if (n >= result + bit) {
      n -= result + bit;
      result = (result >> 1) + bit;
    } else {
      result >>= 1;
    }
    bit >>= 2;
  }
  return result;
}

/// Depth of a room: floor(sqrt(x*x + y*y)), exact for every int32 coordinate.
constexpr std::int64_t depth_of(coord c) noexcept {
  // |INT32_MIN|^2 * 2 = 2^63 still fits an unsigned 64-bit sum.
  const auto ax = static_cast<std::uint64_t>(c.x < 0 ? -static_cast<std::int64_t>(c.x) : c.x);
  const auto ay = static_cast<std::uint64_t>(c.y < 0 ? -static_cast<std::int64_t>(c.y) : c.y);
  return static_cast<std::int64_t>(isqrt(ax * ax + ay * ay));
}

/// Packs a coordinate into 64 bits (x high, y low); the start position packs to 0.
constexpr std::uint64_t pack(coord c) noexcept {
  return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(c.x)) << 32) | static_cast<std::uint32_t>(c.y);
}

/// Inverse of pack().
constexpr coord unpack(std::uint64_t key) noexcept {
  return coord{static_cast<std::int32_t>(static_cast<std::uint32_t>(key >> 32)),
               static_cast<std::int32_t>(static_cast<std::uint32_t>(key))};
}

}  // namespace dw::dungeon
