#include "mapgen/rule_runtime.hpp"

#include <algorithm>
#include <bit>
#include <limits>

namespace dw::mapgen::detail {

board::board(tile_map& map, const script& s)
    : map_(map),
      script_(s),
      hoods_(s.neighbourhoods, map.width()),
      back_(map.tiles().size(), unknown),
      totals_(s.entities.size() + 2, 0),
      region_counts_(s.entities.size() + 2, 0),
      region_(map.bounds()) {
  out_only_.reserve(s.sets.size());
  for (const std::vector<std::int32_t>& weights : s.sets) {
    const bool out_only = std::all_of(weights.begin() + static_cast<std::ptrdiff_t>(slot(unknown)), weights.end(),
                                      [](std::int32_t w) { return w == 0; });
    out_only_.push_back(out_only ? 1 : 0);
  }
  // Counting costs a pass over the tiles at every explorer pass and every named step, and most scripts
  // read no count: keep totals only for `min`/`max` entities, region counts only for count and dist.
  keeps_totals_ = std::any_of(s.min_count.begin(), s.min_count.end(), [](int n) { return n >= 0; }) ||
                  std::any_of(s.max_count.begin(), s.max_count.end(), [](int n) { return n >= 0; });
  const auto counts = [](const estimator& e) {
    return e.kind == estimator_kind::count || e.kind == estimator_kind::distance;
  };
  counts_regions_ = std::any_of(s.conditions.begin(), s.conditions.end(),
                                [&](const condition& c) { return counts(c.left) || counts(c.right); }) ||
                    std::any_of(s.explorers.begin(), s.explorers.end(), [&](const explorer& x) {
                      return std::any_of(x.heuristics.begin(), x.heuristics.end(), counts);
                    });
  recount();
}

void board::recount() {
  if (!keeps_totals_) {
    return;
  }
  std::fill(totals_.begin(), totals_.end(), 0);
  for (entity_id e : map_.tiles()) {
    ++totals_[slot(e)];
  }
}

void board::begin_pass(rect region, bool buffer) {
  region_ = region;
  buffer_ = buffer;
  if (!counts_regions_ && !buffer_) {
    return;
  }
  std::fill(region_counts_.begin(), region_counts_.end(), 0);
  for (int y = region.y; y < region.y + region.h; ++y) {
    for (int x = region.x; x < region.x + region.w; ++x) {
      const entity_id e = map_.at({x, y});
      ++region_counts_[slot(e)];
      if (buffer_) {
        back_[index({x, y})] = e;
      }
    }
  }
}

void board::end_pass() {
  if (!buffer_) {
    return;
  }
  for (int y = region_.y; y < region_.y + region_.h; ++y) {
    for (int x = region_.x; x < region_.x + region_.w; ++x) {
      map_.set({x, y}, back_[index({x, y})]);
    }
  }
  buffer_ = false;
}

void board::write(point p, entity_id e) noexcept {
  if (!region_.contains(p)) {
    return;
  }
  const std::size_t at = index(p);
  const entity_id old = buffer_ ? back_[at] : map_.at(p);
  if (old == e) {
    return;
  }
  // Marahel's `max`: a write that would pass the entity's count in the map is dropped.
  if (e >= 0 && script_.max_count[static_cast<std::size_t>(e)] >= 0 &&
      totals_[slot(e)] >= script_.max_count[static_cast<std::size_t>(e)]) {
    return;
  }
  if (keeps_totals_) {
    --totals_[slot(old)];
    ++totals_[slot(e)];
  }
  if (buffer_) {
    back_[at] = e;
  } else {
    map_.set(p, e);
    if (counts_regions_) {
      --region_counts_[slot(old)];
      ++region_counts_[slot(e)];
    }
  }
}

bool board::meets_minimums() const noexcept {
  for (std::size_t i = 0; i < script_.entities.size(); ++i) {
    if (totals_[slot(static_cast<entity_id>(i))] < script_.min_count[i]) {
      return false;
    }
  }
  return true;
}

double rule_runner::distance(std::uint16_t set, point p) {
  const std::vector<std::int32_t>& weights = script_.sets[set];
  const rect r = board_.region();
  constexpr int none = std::numeric_limits<int>::max();
  // `out` is every cell outside the region: the nearest is across the nearest edge.
  const int to_out = weights[slot(out_value)] > 0
                         ? std::min({p.x - r.x + 1, r.x + r.w - p.x, p.y - r.y + 1, r.y + r.h - p.y})
                         : none;
  const auto found = [&](int d) { return d == none ? std::numeric_limits<double>::quiet_NaN() : d; };
  // No tile of the set in the region (and no `out`): Marahel's "not found", which makes a condition hold.
  int present = 0;
  for (std::size_t s = slot(unknown); s < weights.size(); ++s) {
    if (weights[s] > 0) {
      present += board_.region_count(static_cast<entity_id>(static_cast<int>(s) - 2));
    }
  }
  if (present == 0) {
    return found(to_out);
  }
  // Rings of growing Manhattan radius around p, clipped to the region: the first match is the nearest.
  const int reach = std::min(std::max(p.x - r.x, r.x + r.w - 1 - p.x) + std::max(p.y - r.y, r.y + r.h - 1 - p.y),
                             to_out == none ? none : to_out - 1);
  for (int radius = 0; radius <= reach; ++radius) {
    if (!budget_.spend(static_cast<std::uint64_t>(4 * radius + 1))) {
      return std::numeric_limits<double>::quiet_NaN();
    }
    for (int dx = -radius; dx <= radius; ++dx) {
      const int rest = radius - (dx < 0 ? -dx : dx);
      for (int dy : {-rest, rest}) {
        const point q{p.x + dx, p.y + dy};
        if (r.contains(q) && weights[slot(board_.read(q))] > 0) {
          return radius;
        }
        if (rest == 0) {
          break;
        }
      }
    }
  }
  return found(to_out);
}

double rule_runner::evaluate(const estimator& e, point p, const progress& at) {
  switch (e.kind) {
    case estimator_kind::number:
      return e.number;
    case estimator_kind::random:
      return random_.unit();
    case estimator_kind::noise:
      return noise_.at(p.x, p.y, static_cast<int>(e.number));
    case estimator_kind::percent:
      return at.tile_share();
    case estimator_kind::cpercent:
      return at.change_share();
    case estimator_kind::rpercent:
      return at.repeats;
    case estimator_kind::count:
      return board_.region_count(e.entity);
    case estimator_kind::neighbourhood:
      return static_cast<double>(board_.weigh(e.hood, e.set, p));
    case estimator_kind::centre:
      return static_cast<double>(script_.sets[e.set][slot(board_.read(p))]);
    case estimator_kind::distance:
      return distance(e.set, p);
  }
  return 0;
}

// The estimators rules read at nearly every tile, here where apply() inlines them (a call into
// evaluate()'s full switch per estimator was a good part of a tile's cost); the rest go to evaluate().
[[gnu::always_inline]] inline double rule_runner::value(const estimator& e, point p, const progress& at) {
  switch (e.kind) {
    case estimator_kind::number:
      return e.number;
    case estimator_kind::centre:
      return static_cast<double>(script_.sets[e.set][slot(board_.read(p))]);
    case estimator_kind::neighbourhood:
      return static_cast<double>(board_.weigh(e.hood, e.set, p));
    default:
      return evaluate(e, p, at);
  }
}

[[gnu::always_inline]] inline double rule_runner::left_value(const condition& c, point p, const progress& at) {
  if (c.memo < 0) {
    return value(c.left, p, at);
  }
  const std::uint32_t bit = 1U << static_cast<unsigned>(c.memo);
  if ((memo_valid_ & bit) == 0) {
    memo_[static_cast<std::size_t>(c.memo)] = value(c.left, p, at);
    memo_valid_ |= bit;
  }
  return memo_[static_cast<std::size_t>(c.memo)];
}

[[gnu::always_inline]] inline bool rule_runner::holds(const condition& c, point p, const progress& at) {
  const double left = left_value(c, p, at);  // (left first: either side may draw a random number)
  const double right = value(c.right, p, at);
  return compare(c.op, left, right);
}

bool rule_runner::apply(const explorer& x, point p, const progress& at) {
  memo_valid_ = 0;  // a new tile, or the map changed since the last apply()
  // Only the rules whose opening test of the tile passes, in order (see explorer::rules_at).
  for (std::uint64_t rules = x.rules_at[slot(board_.read(p))]; rules != 0; rules &= rules - 1) {
    const auto r = static_cast<std::uint32_t>(std::countr_zero(rules));
    const rule& ru = script_.rules[x.first_rule + r];
    bool all = true;
    for (auto c = static_cast<std::uint32_t>((x.first_decided >> r) & 1U); c < ru.condition_count && all; ++c) {
      all = holds(script_.conditions[ru.first_condition + c], p, at);
    }
    if (!all) {
      continue;
    }
    for (std::uint32_t k = 0; k < ru.executer_count; ++k) {
      const executer& ex = script_.executers[ru.first_executer + k];
      const choice_list& choices = script_.choices[ex.choice];
      const std::uint64_t draw = random_.below(choices.total);
      entity_id chosen = choices.cumulative.back().first;
      for (const auto& [entity, running] : choices.cumulative) {
        if (draw < running) {
          chosen = entity;
          break;
        }
      }
      for (const point& o : script_.neighbourhoods[ex.hood]) {
        board_.write({p.x + o.x, p.y + o.y}, chosen);
      }
    }
    return true;
  }
  return false;
}

}  // namespace dw::mapgen::detail
