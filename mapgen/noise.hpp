#pragma once

#include <cstdint>

// The `noise` estimator: seeded 2-D gradient noise over the map's tiles, our own (no library, no table
// of permutations to copy), so the same seed gives the same values everywhere.
namespace dw::mapgen {

class noise_field {
 public:
  /// Lattice spacing in tiles: features of the field are about this wide.
  static constexpr int spacing = 4;

  explicit noise_field(std::uint64_t seed) noexcept : seed_(seed) {}

  /// The field at the centre of tile (x, y), in [-1, 1], with features `scale` times as wide (the
  /// `noise<scale>` estimator, Marahel's spelling; `noise` is scale 1).
  [[nodiscard]] double at(int x, int y, int scale = 1) const noexcept;

 private:
  std::uint64_t seed_;
};

}  // namespace dw::mapgen
