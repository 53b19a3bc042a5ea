#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "content/content_tables.hpp"
#include "mapgen/features.hpp"
#include "mapgen/tile_map.hpp"

namespace dw::content {

/// A dungeon room's inside: its tile map (from a script of its depth band), a door on each side with an
/// exit, and the name and description its measured shape gives it. Made from the room's seed alone, so
/// nothing of it is stored: the same seed, tables and exits give the same interior.
struct room_interior {
  std::shared_ptr<const mapgen::generator> script;  ///< what made it
  std::string script_name;                           ///< "flooded_tunnels"
  std::vector<std::string> entities;  ///< the tile values' names: the script's, and "door" if it had none
  mapgen::tile_map map;
  std::array<std::optional<mapgen::point>, 4> doors;  ///< north, east, south, west
  mapgen::interior_features features;                 ///< measured before the doors were cut
  std::string material;                               ///< the band's {material}
  std::string place;                                  ///< the {place} of its words: one of the band's places
  std::string name;                                   ///< "Pillared granite hall"
  std::string description;  ///< sentences from its features, the band's closing one, then a sound or a smell
  std::vector<mapgen::point> spots;  ///< walkable tiles, no doors, in a seeded order: the monsters stand on the
                                     ///< first, what lies on the floor on the next ones
  std::uint64_t seed = 0;            ///< the room's seed it was made from
  int depth = 0;                     ///< the depth it was made for (its band gives `look` its words)

  /// The entity name of the tile at p ("solid", "water", ...).
  [[nodiscard]] std::string_view tile_name(mapgen::point p) const;
};

/// Bit set of the sides a room has exits on, as make_interior takes it.
inline constexpr unsigned side_north = 1U;
inline constexpr unsigned side_east = 2U;
inline constexpr unsigned side_south = 4U;
inline constexpr unsigned side_west = 8U;

/// The index of `name` in `entities`, or nullopt.
std::optional<mapgen::entity_id> entity_named(const std::vector<std::string>& entities, std::string_view name);

/// The interior of the room at `depth` with seed `seed` and exits on `sides`; nullopt only when the band
/// has no scripts (tables loaded by load_content always have).
std::optional<room_interior> make_interior(const content_tables& tables, int depth, std::uint64_t seed, unsigned sides);

/// What `look <words>` says of something in the room's tiles (water, a pillar, the walls, a door), or
/// nullopt when the room holds nothing called that.
std::optional<std::string> look_at_tiles(const content_tables& tables, const room_interior& room,
                                         std::string_view words);

}  // namespace dw::content
