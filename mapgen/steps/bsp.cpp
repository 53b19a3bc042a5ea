#include "mapgen/steps/bsp.hpp"

#include <algorithm>

#include "mapgen/steps/factories.hpp"
#include "mapgen/steps/room_params.hpp"

namespace dw::mapgen {
namespace {

enum class cut { none, across_x, across_y };  // across_x: a vertical line, splitting the width

cut choose_cut(rng& random, const rect& piece, extent min, extent max) {
  const bool split_x = piece.w > max.w && piece.w >= 2 * min.w;
  const bool split_y = piece.h > max.h && piece.h >= 2 * min.h;
  if (split_x && split_y) {
    if (piece.w * 4 >= piece.h * 5) {
      return cut::across_x;
    }
    if (piece.h * 4 >= piece.w * 5) {
      return cut::across_y;
    }
    return random.chance(0.5) ? cut::across_x : cut::across_y;
  }
  if (split_x) {
    return cut::across_x;
  }
  return split_y ? cut::across_y : cut::none;
}

// An explicit stack instead of recursion: a huge area with a tiny max must not overflow the call stack.
void partition(rng& random, rect area, extent min, extent max, std::vector<rect>& leaves) {
  std::vector<rect> pending{area};
  while (!pending.empty()) {
    const rect piece = pending.back();
    pending.pop_back();
    switch (choose_cut(random, piece, min, max)) {
      case cut::none:
        leaves.push_back(piece);
        break;
      case cut::across_x: {
        const int left = random.between(min.w, piece.w - min.w);
        pending.push_back({piece.x + left, piece.y, piece.w - left, piece.h});  // popped second
        pending.push_back({piece.x, piece.y, left, piece.h});
        break;
      }
      case cut::across_y: {
        const int top = random.between(min.h, piece.h - min.h);
        pending.push_back({piece.x, piece.y + top, piece.w, piece.h - top});
        pending.push_back({piece.x, piece.y, piece.w, top});
        break;
      }
    }
  }
}

class bsp_rooms_step final : public step {
 public:
  explicit bsp_rooms_step(const param_reader& params)
      : margin_(params.integer("margin", 1, 0, 1'000)),
        floor_(params.entity("floor", "empty")),
        sizes_(read_size_range(params, {4, 4}, {10, 8})) {}

  void run(tile_map& map, rect area, rng& random) const override {
    for (const rect& leaf : bsp_leaves(random, area, sizes_.min, sizes_.max)) {
      const rect inner{leaf.x + margin_, leaf.y + margin_, leaf.w - 2 * margin_, leaf.h - 2 * margin_};
      if (inner.w <= 0 || inner.h <= 0) {
        continue;  // the margin eats the whole leaf
      }
      // At least half the room the leaf allows, so rooms vary without shrinking to slivers.
      const int w = random.between((inner.w + 1) / 2, inner.w);
      const int h = random.between((inner.h + 1) / 2, inner.h);
      const int x0 = random.between(inner.x, inner.x + inner.w - w);
      const int y0 = random.between(inner.y, inner.y + inner.h - h);
      fill_room(map, {x0, y0, w, h}, floor_);
    }
  }

 private:
  int margin_;
  entity_id floor_;
  size_range sizes_;
};

}  // namespace

std::vector<rect> bsp_leaves(rng& random, rect area, extent min, extent max) {
  std::vector<rect> leaves;
  if (area.w <= 0 || area.h <= 0) {
    return leaves;
  }
  partition(random, area, {std::max(min.w, 1), std::max(min.h, 1)}, max, leaves);
  return leaves;
}

std::unique_ptr<step> make_bsp_rooms_step(const param_reader& params) {
  params.only({"min", "max", "margin", "floor"});
  return std::make_unique<bsp_rooms_step>(params);
}

}  // namespace dw::mapgen
