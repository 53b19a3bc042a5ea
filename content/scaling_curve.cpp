#include "content/scaling_curve.hpp"

#include <algorithm>

namespace dw::content {

scaling_multipliers scaling_curve::at(int depth) const {
  if (bands.empty()) {
    return {};
  }
  depth = std::max(depth, 0);
  // Few bands (about a dozen): a backwards scan beats a binary search and reads plainly.
  auto it = std::find_if(bands.rbegin(), bands.rend(), [depth](const scaling_band& b) { return b.min_depth <= depth; });
  const scaling_band& band = it == bands.rend() ? bands.front() : *it;
  if (&band != &bands.back()) {
    return band.multipliers;
  }
  const double beyond = static_cast<double>(depth - band.min_depth);
  const scaling_multipliers& m = band.multipliers;
  return {m.hp * (1.0 + darkness_growth.hp * beyond), m.damage * (1.0 + darkness_growth.damage * beyond),
          m.count * (1.0 + darkness_growth.count * beyond), m.reward * (1.0 + darkness_growth.reward * beyond)};
}

}  // namespace dw::content
