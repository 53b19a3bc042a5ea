#pragma once

// A width and a height, as the steps' "WxH" parameters give them (room sizes, leaf sizes).
namespace dw::mapgen {

/// w × h tiles.
struct extent {
  int w = 0;
  int h = 0;

  bool operator==(const extent&) const = default;
};

}  // namespace dw::mapgen
