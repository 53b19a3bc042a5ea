#include "mapgen/noise.hpp"

#include <algorithm>
#include <cmath>

#include "seed/mix64.hpp"

namespace dw::mapgen {

namespace {

struct gradient {
  double x;
  double y;
};

// Eight unit gradients, the axes and the diagonals (1/sqrt 2 written out: no libm call, no rounding
// that could differ between machines).
constexpr double d = 0.70710678118654752440;
constexpr gradient gradients[8] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {d, d}, {-d, d}, {d, -d}, {-d, -d}};

// The quintic fade: smooth to the second derivative at the lattice lines, so no creases.
double fade(double t) { return t * t * t * (t * (t * 6 - 15) + 10); }

}  // namespace

double noise_field::at(int x, int y, int scale) const noexcept {
  const int cell = spacing * scale;  // (scale 1: the same divisions, so the same values, as before scales)
  const double fx = (x + 0.5) / cell;
  const double fy = (y + 0.5) / cell;
  const double cx = std::floor(fx);
  const double cy = std::floor(fy);
  const auto ix = static_cast<std::int64_t>(cx);
  const auto iy = static_cast<std::int64_t>(cy);
  const double tx = fx - cx;
  const double ty = fy - cy;
  auto corner = [&](std::int64_t gx, std::int64_t gy, double dx, double dy) {
    const std::uint64_t h = seed::mix64(seed_ ^ seed::mix64(static_cast<std::uint64_t>(gx) * seed::golden_gamma +
                                                            static_cast<std::uint64_t>(gy) * 0xC2B2AE3D27D4EB4FULL + 1));
    const gradient& g = gradients[h >> 61U];
    return g.x * dx + g.y * dy;
  };
  const double n00 = corner(ix, iy, tx, ty);
  const double n10 = corner(ix + 1, iy, tx - 1, ty);
  const double n01 = corner(ix, iy + 1, tx, ty - 1);
  const double n11 = corner(ix + 1, iy + 1, tx - 1, ty - 1);
  const double u = fade(tx);
  const double v = fade(ty);
  const double top = n00 + u * (n10 - n00);
  const double bottom = n01 + u * (n11 - n01);
  // Unit gradients keep 2-D gradient noise within +-sqrt(1/2); scaled up to fill [-1, 1].
  const double value = (top + v * (bottom - top)) * 1.41421356237309504880;
  return std::clamp(value, -1.0, 1.0);
}

}  // namespace dw::mapgen
