#pragma once

#include <vector>

namespace dw::content {

/// Multipliers applied to monsters and rewards at one depth.
struct scaling_multipliers {
  double hp = 1.0;
  double damage = 1.0;
  double count = 1.0;
  double reward = 1.0;

  bool operator==(const scaling_multipliers&) const = default;
};

/// Multipliers from this depth down to the next band.
struct scaling_band {
  int min_depth = 0;
  scaling_multipliers multipliers;

  bool operator==(const scaling_band&) const = default;
};

/// scaling.toml: how depth makes encounters harder and rewards richer. Data, so balance is tuned
/// without a rebuild.
struct scaling_curve {
  std::vector<scaling_band> bands;  ///< ascending min_depth, the first at 0, multipliers never falling
  /// Beyond the last band's start (the darkness) each multiplier grows by this fraction of its
  /// last-band value per level of depth, so the deep never levels off.
  scaling_multipliers darkness_growth{0.0, 0.0, 0.0, 0.0};
  int max_count = 12;  ///< no encounter has more monsters than this, however deep

  /// The multipliers at `depth` (negative depths count as 0).
  scaling_multipliers at(int depth) const;

  bool operator==(const scaling_curve&) const = default;
};

}  // namespace dw::content
