#pragma once

#include <compare>

// A link between two points of a list, by index; what Delaunay and the spanning tree trade.
namespace dw::mapgen {

/// Points a and b of some list, a < b.
struct edge {
  int a = 0;
  int b = 0;

  auto operator<=>(const edge&) const = default;
};

}  // namespace dw::mapgen
