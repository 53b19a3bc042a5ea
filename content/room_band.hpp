#pragma once

#include <string>
#include <vector>

namespace dw::content {

/// rooms.toml: what the rooms look like from one depth down to the next band.
struct room_band {
  int min_depth = 0;
  std::string name;                   ///< "Water-logged passage"
  std::vector<std::string> variants;  ///< description variants, one chosen per room

  bool operator==(const room_band&) const = default;
};

}  // namespace dw::content
