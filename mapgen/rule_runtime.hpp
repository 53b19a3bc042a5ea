#pragma once

#include <cstdint>
#include <vector>

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
  /// end_pass() puts back (buffer); outside the region reads give `out`.
  void begin_pass(rect region, bool buffer, entity_id out);
  void end_pass();

  /// What a rule reads at p.
  [[nodiscard]] entity_id read(point p) const noexcept { return region_.contains(p) ? map_.at(p) : out_; }
  /// Writes e at p if p is in the region and e's `max` allows it.
  void write(point p, entity_id e) noexcept;
  /// Tiles in the region (as reads see them) holding `value` (unknown included).
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
  std::vector<entity_id> back_;
  std::vector<int> totals_;         // per slot, in the tiles the map will hold after the pass
  std::vector<int> region_counts_;  // per slot, in the region as reads see it
  rect region_;
  bool buffer_ = false;
  entity_id out_ = out_value;
};

/// How far the current pass has come, for percent, cpercent and rpercent.
struct progress {
  double tiles = 0;
  double changes = 0;
  double repeats = 0;
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
  double distance(std::uint16_t set, point p);

  const script& script_;
  board& board_;
  rng& random_;
  const noise_field& noise_;
  work& budget_;
};

}  // namespace dw::mapgen::detail
