#include "content/wander_rate.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "content/wanderers.hpp"

namespace dw::content {
namespace {

struct roamer {
  std::uint32_t id = 0;
  wander_pos at{};
  bool alive = true;
};

/// The model's branch: rooms at x in [1, width], y in [0, height), indexed row by row (the order the server
/// keeps its rooms in, by id, as they were explored outward).
class grid {
 public:
  grid(int width, int height) : width_(std::max(1, width)), height_(std::max(1, height)) {}
  std::size_t size() const { return static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_); }
  wander_pos at(std::size_t i) const {
    return {static_cast<std::int32_t>(1 + static_cast<int>(i) % width_), static_cast<std::int32_t>(static_cast<int>(i) / width_)};
  }
  bool inside(wander_pos p) const { return p.x >= 1 && p.x <= width_ && p.y >= 0 && p.y < height_; }
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  int width_;
  int height_;
};

bool taken(const std::vector<roamer>& all, wander_pos p) {
  return std::any_of(all.begin(), all.end(), [p](const roamer& r) { return r.alive && r.at == p; });
}

/// One step of every wanderer, as the server steps a branch.
void step_all(const wander_rules& rules, const grid& g, std::uint64_t seed, std::uint64_t tick,
              std::vector<roamer>& all) {
  constexpr std::array<std::array<int, 2>, 4> shifts{{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}};  // n e s w
  for (roamer& r : all) {
    if (!r.alive) {
      continue;
    }
    std::array<wander_exit, 4> exits{};
    std::size_t n = 0;
    for (std::uint8_t d = 0; d < 4; ++d) {
      const wander_pos to{r.at.x + shifts[d][0], r.at.y + shifts[d][1]};
      const bool start = to == wander_pos{0, 0};
      if (!g.inside(to) && !start) {
        continue;
      }
      wander_exit& e = exits[n++];
      e.dir = d;
      e.kind = start ? wander_exit_kind::to_start : wander_exit_kind::open;
      e.to = to;
      e.exists = !start;
      e.blocked = taken(all, to);
    }
    if (const auto chosen = next_step(rules, seed, r.id, tick, std::span<const wander_exit>(exits.data(), n))) {
      r.at = chosen->to;
    }
  }
}

}  // namespace

double wanderer_attack_rate(const wander_rules& rules, const walk_model& model) {
  const grid g(model.width, model.height);
  // The walk back: from the far corner along the top row to x = 1, then down to (1,0).
  std::vector<wander_pos> path;
  for (int x = g.width(); x >= 1; --x) {
    path.push_back({x, g.height() - 1});
  }
  for (int y = g.height() - 2; y >= 0; --y) {
    path.push_back({1, y});
  }
  const int pace = std::max(1, model.pace);
  std::uint64_t entered = 0;
  std::uint64_t attacked = 0;
  for (int b = 1; b <= model.branches; ++b) {
    const auto seed = static_cast<std::uint64_t>(b);
    std::vector<roamer> all;
    const int count = wanderer_count(rules, static_cast<std::uint32_t>(g.size()));
    for (int i = 0; i < count; ++i) {
      // Each appears in a free room, drawn among the free rooms in order, as the server draws it.
      std::vector<wander_pos> free;
      for (std::size_t k = 0; k < g.size(); ++k) {
        if (!taken(all, g.at(k))) {
          free.push_back(g.at(k));
        }
      }
      if (free.empty()) {
        break;
      }
      const auto id = static_cast<std::uint32_t>(i);
      all.push_back({id, free[spawn_index(seed, id, free.size())], true});
    }
    std::uint64_t tick = 0;
    for (int w = 0; w < model.warm_steps; ++w) {
      step_all(rules, g, seed, tick++, all);
    }
    std::size_t next = 0;
    while (next < path.size()) {
      for (int k = 0; k < pace && next < path.size(); ++k) {
        const wander_pos here = path[next++];
        ++entered;
        for (roamer& r : all) {
          if (r.alive && r.at == here) {
            r.alive = false;  // it attacks as the walker comes in, and is beaten
            ++attacked;
          }
        }
      }
      step_all(rules, g, seed, tick++, all);
      const wander_pos here = path[next - 1];
      for (roamer& r : all) {
        if (r.alive && r.at == here) {
          r.alive = false;  // it steps in on the walker
          ++attacked;
        }
      }
    }
  }
  return entered == 0 ? 0.0 : static_cast<double>(attacked) / static_cast<double>(entered);
}

}  // namespace dw::content
