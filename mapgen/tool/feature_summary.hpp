#pragma once

#include <cstddef>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "mapgen/features.hpp"
#include "mapgen/tile_map.hpp"

// What `deepwell-mapgen --stats` prints over a run of maps: each feature's spread, and how many of the
// maps differ, so a content author sees at a glance whether a script varies between seeds.
namespace dw::mapgen {

/// One feature over a run: its smallest, median and largest value.
struct feature_spread {
  std::string_view name;
  double min = 0;
  double median = 0;
  double max = 0;
};

/// Collects the maps of a run and their features.
class run_summary {
 public:
  /// Adds one generated map and what was measured of it.
  void add(const tile_map& map, const interior_features& features);

  [[nodiscard]] std::size_t maps() const noexcept { return maps_; }
  /// How many different maps the run holds (maps of the same size and tiles count as one).
  [[nodiscard]] std::size_t distinct() const noexcept { return distinct_.size(); }
  /// Every feature in feature_values() order; the median of an even count is the mean of the middle two.
  [[nodiscard]] std::vector<feature_spread> spreads() const;

 private:
  std::vector<std::string_view> names_;  // the features, in feature_values() order
  std::vector<double> values_;           // map by map, names_.size() values each
  std::size_t maps_ = 0;
  std::set<std::vector<entity_id>> distinct_;  // width, height, then the tiles
};

/// A feature value as printed: whole numbers without decimals, others with two.
[[nodiscard]] std::string format_value(double value);

/// Every feature of one map as "name value" pairs, e.g. "width 21  height 11  walkable 120  open_share 0.52",
/// in lines of at most `width` characters.
[[nodiscard]] std::vector<std::string> features_lines(const interior_features& features, std::size_t width = 100);

/// The run as a table: a heading, one row per feature (min, median, max), and the distinct share
/// (a whole percentage rounded down, so 100% only when no map repeats).
[[nodiscard]] std::vector<std::string> summary_table(const run_summary& run);

}  // namespace dw::mapgen
