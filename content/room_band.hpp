#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace dw::content {

/// One script a band builds its rooms' interiors with, and how often.
struct band_interior {
  std::size_t script = 0;  ///< index into interior_tables::scripts
  int weight = 1;

  bool operator==(const band_interior&) const = default;
};

/// rooms.toml: what the rooms look like from one depth down to the next band.
struct room_band {
  int min_depth = 0;
  std::string name;                     ///< "Water-logged passage": the environment (GMCP, `map`)
  std::vector<std::string> variants;    ///< a closing sentence of the description, one chosen per room
  std::string material;                 ///< "muddy": fills {material} in interiors.toml's words
  std::vector<band_interior> interiors;  ///< the scripts that build this band's rooms (at least one)
  bool dark = false;  ///< without a lantern, look shows only the exits and survey refuses

  bool operator==(const room_band&) const = default;
};

}  // namespace dw::content
