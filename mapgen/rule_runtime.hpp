#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "mapgen/hood_table.hpp"
#include "mapgen/noise.hpp"
#include "mapgen/rng.hpp"
#include "mapgen/script_model.hpp"

// Rules at generation time: the board an explorer pass reads and writes (the map, the back buffer of
// `replace: buffer`, entity counts for `max` and for count estimators), and the evaluation of a tile's
// rules. Nothing here parses or allocates per tile.
namespace dw::mapgen::detail {

/// Work units left for one generate() call (see work_budget).
class work {
 public:
  explicit work(std::uint64_t units) noexcept : left_(units) {}
  /// Takes `units`; false (and nothing left) when they are not there.
  bool spend(std::uint64_t units) noexcept {
    if (units > left_) {
      left_ = 0;
      return false;
    }
    left_ -= units;
    return true;
  }
  [[nodiscard]] bool exhausted() const noexcept { return left_ == 0; }

 private:
  std::uint64_t left_;
};

/// The map being generated, as one explorer pass sees it.
class board {
 public:
  board(tile_map& map, const script& s);

  [[nodiscard]] tile_map& map() noexcept { return map_; }
  [[nodiscard]] rect region() const noexcept { return region_; }

  /// Starts a pass over `region`: reads see the map, writes go to the map (same) or to a copy that
  /// end_pass() puts back (buffer); outside the region reads give `out`. (An explorer's `out` parameter
  /// is applied at load, to the entity sets its rules read: see rule_parser::outside_reads_as.)
  void begin_pass(rect region, bool buffer);
  void end_pass();

  /// What a rule reads at p.
  [[nodiscard]] entity_id read(point p) const noexcept {
    // (rect::contains as two unsigned comparisons: a tile left of or above the region wraps to a large value)
    const bool inside = static_cast<unsigned>(p.x - region_.x) < static_cast<unsigned>(region_.w) &&
                        static_cast<unsigned>(p.y - region_.y) < static_cast<unsigned>(region_.h);
    return inside ? map_.tiles()[index(p)] : out_;
  }
  /// The sum of set `set`'s weights (per slot) over what neighbourhood `hood` around p reads.
  [[nodiscard]] std::int64_t weigh(std::size_t hood, std::size_t set, point p) const noexcept {
    const std::int32_t* weights = script_.sets[set].data();
    if (hoods_.fits(hood, p, region_)) {
      // Every cell inside the region: a set that weighs only `out` (all(out) == 0) sums to nothing;
      // otherwise read the tiles directly (reads see the map, buffered or not).
      if (out_only_[set] != 0) {
        return 0;
      }
      const entity_id* centre = map_.tiles().data() + index(p);
      std::int64_t total = 0;
      for (const std::ptrdiff_t o : hoods_.offsets(hood)) {
        total += weights[slot(centre[o])];
      }
      return total;
    }
    // At the region's edge: each cell tested (unsigned comparisons, as read()), read by its offset.
    const std::vector<point>& cells = script_.neighbourhoods[hood];
    const std::span<const std::ptrdiff_t> offsets = hoods_.offsets(hood);
    const entity_id* tiles = map_.tiles().data();
    const auto centre = static_cast<std::ptrdiff_t>(index(p));
    const auto left = static_cast<unsigned>(p.x - region_.x);
    const auto top = static_cast<unsigned>(p.y - region_.y);
    std::int64_t total = 0;
    for (std::size_t k = 0; k < cells.size(); ++k) {
      const bool inside = left + static_cast<unsigned>(cells[k].x) < static_cast<unsigned>(region_.w) &&
                          top + static_cast<unsigned>(cells[k].y) < static_cast<unsigned>(region_.h);
      total += weights[slot(inside ? tiles[centre + offsets[k]] : out_)];
    }
    return total;
  }
  /// Writes e at p if p is in the region and e's `max` allows it.
  void write(point p, entity_id e) noexcept;
  /// Tiles in the region (as reads see them) holding `value` (unknown included); kept only when a rule
  /// or heuristic of the script reads count or dist.
  [[nodiscard]] int region_count(entity_id value) const noexcept { return region_counts_[slot(value)]; }
  /// Counts again after something else (a named step) changed the map.
  void recount();
  /// True when every entity's `min` is met.
  [[nodiscard]] bool meets_minimums() const noexcept;

 private:
  // p's place in the map's row-by-row tiles, and so in back_.
  [[nodiscard]] std::size_t index(point p) const noexcept {
    return static_cast<std::size_t>(p.y) * static_cast<std::size_t>(map_.width()) + static_cast<std::size_t>(p.x);
  }

  tile_map& map_;
  const script& script_;
  hood_table hoods_;
  std::vector<unsigned char> out_only_;  // per set: 1 when it weighs `out` and no value a map holds
  std::vector<entity_id> back_;
  std::vector<int> totals_;         // per slot, in the tiles the map will hold after the pass (if keeps_totals_)
  std::vector<int> region_counts_;  // per slot, in the region as reads see it (if counts_regions_)
  bool keeps_totals_ = true;        // some entity has a `min` or `max`
  bool counts_regions_ = true;      // some rule or heuristic reads count or dist
  rect region_;
  bool buffer_ = false;
  // What a cell outside the region reads as: always `out` (an explorer's `out` parameter is folded into
  // the sets its rules read, at load). A member rather than the constant: measured with callgrind, the
  // constant made the compiled apply() and weigh() about 1% longer to run.
  entity_id out_ = out_value;
};

/// How far the current pass has come, for percent, cpercent and rpercent: kept as counts and divided
/// only when a rule reads a share (few do), not at every tile.
struct progress {
  int tiles = 0;
  int tile_limit = 1;
  int changes = 0;
  int change_limit = 1;
  double repeats = 0;

  [[nodiscard]] double tile_share() const noexcept { return static_cast<double>(tiles) / tile_limit; }
  [[nodiscard]] double change_share() const noexcept { return static_cast<double>(changes) / change_limit; }
};

/// Evaluates estimators and rules for one explorer on a board.
class rule_runner {
 public:
  rule_runner(const script& s, board& b, rng& random, const noise_field& noise, work& budget) noexcept
      : script_(s), board_(b), random_(random), noise_(noise), budget_(budget) {}

  /// Runs the explorer's first rule whose conditions hold at p; true if one did.
  bool apply(const explorer& x, point p, const progress& at);
  /// An estimator's value at p; NaN for a distance to a set with no tile in the region.
  double evaluate(const estimator& e, point p, const progress& at);

 private:
  bool holds(const condition& c, point p, const progress& at);
  /// evaluate() for a condition's left side: a neighbourhood sum that an earlier rule (or condition)
  /// read at the same tile in the same apply() comes from its memo slot (nothing is written until a
  /// rule fires, so it cannot have changed; clay_chambers' four rules all read `all(solid)`).
  double left_value(const condition& c, point p, const progress& at);
  /// evaluate() with the common estimators inlined.
  double value(const estimator& e, point p, const progress& at);
  double distance(std::uint16_t set, point p);

  std::array<double, max_memo_slots> memo_{};
  std::uint32_t memo_valid_ = 0;  // bit i: memo_[i] holds this tile's value
  const script& script_;
  board& board_;
  rng& random_;
  const noise_field& noise_;
  work& budget_;
};

}  // namespace dw::mapgen::detail
