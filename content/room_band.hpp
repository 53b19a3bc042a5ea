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

/// rooms.toml: what the rooms look like from one depth down to the next band. The words (from `name` on)
/// are the band's theme: themes/<theme>.toml, or the band's own keys when it names no theme.
struct room_band {
  int min_depth = 0;
  std::vector<band_interior> interiors;  ///< the scripts that build this band's rooms (at least one)
  bool dark = false;  ///< without a lantern, look shows only the exits and survey refuses
  std::string theme;  ///< "water_logged" (themes/water_logged.toml), or "" for words kept in rooms.toml

  std::string name;                     ///< "Water-logged passage": the environment (GMCP, `map`)
  std::vector<std::string> variants;    ///< a closing sentence of the description, one chosen per room
  std::string material;                 ///< "muddy": fills {material} in interiors.toml's words
  std::vector<std::string> places;      ///< "sump", "culvert": fills {place}, one chosen per room
  std::vector<std::string> sounds;      ///< a room's description ends with one of its sounds or smells
  std::vector<std::string> smells;
  /// The theme's own words for interiors.toml's shapes, details and looks, by their index there (an empty
  /// list: interiors.toml's words).
  std::vector<std::vector<std::string>> shape_names;
  std::vector<std::vector<std::string>> detail_sentences;
  std::vector<std::vector<std::string>> look_texts;

  bool operator==(const room_band&) const = default;
};

}  // namespace dw::content
