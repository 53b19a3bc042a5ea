#pragma once

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mapgen/tile_map.hpp"

// What a room interior is made of, measured: the game names and describes a room from these numbers, so
// two rooms of one depth read differently when their shapes differ. Interiors speak a fixed vocabulary of
// entity names (the table in features.cpp); the legend turns a script's entity list into tile kinds.
namespace dw::mapgen {

/// What a tile is to someone walking the room.
enum class tile_kind : unsigned char {
  wall,     ///< `solid`
  floor,    ///< `empty`
  water,    ///< `water`: walkable
  pillar,   ///< `pillar`: blocking
  rubble,   ///< `rubble`: blocking
  roots,    ///< `roots`: blocking
  door,     ///< `door`: walkable
  scenery,  ///< any other name: blocking
  unknown,  ///< a tile no explorer wrote: blocking
};

/// Whether a tile of this kind can be walked on.
[[nodiscard]] constexpr bool is_walkable(tile_kind k) noexcept {
  return k == tile_kind::floor || k == tile_kind::water || k == tile_kind::door;
}

/// One word of the interior vocabulary.
struct vocabulary_entry {
  std::string_view name;
  tile_kind kind;
  char glyph;  ///< how render() and deepwell-mapgen draw it
};

/// The interior vocabulary: every entity name with a meaning of its own.
[[nodiscard]] std::span<const vocabulary_entry> interior_vocabulary() noexcept;

/// The kind of each entity of a script, by entity index.
class legend {
 public:
  explicit legend(std::vector<tile_kind> kinds) : kinds_(std::move(kinds)) {}

  /// The kind of a tile value; `unknown` (and any index the script does not have) reads as blocking.
  [[nodiscard]] tile_kind kind(entity_id e) const noexcept {
    if (e < 0 || static_cast<std::size_t>(e) >= kinds_.size()) {
      return e == unknown ? tile_kind::unknown : tile_kind::scenery;
    }
    return kinds_[static_cast<std::size_t>(e)];
  }
  [[nodiscard]] bool walkable(entity_id e) const noexcept { return is_walkable(kind(e)); }
  /// The kinds by entity index.
  [[nodiscard]] const std::vector<tile_kind>& kinds() const noexcept { return kinds_; }

 private:
  std::vector<tile_kind> kinds_;
};

/// The legend of a script's entity list, read through the interior vocabulary.
[[nodiscard]] legend make_legend(const std::vector<std::string>& entity_names);

/// The measured shape of an interior. Walkable means floor, water or door; "4-neighbour" is up, down,
/// left, right; tiles outside the map count as blocking. A free-standing pillar is a blocking cluster of
/// 1-2 tiles (8-connected) with walkable tiles all round; "roomy" tiles are walkable or such pillars,
/// so pillars standing in a hall neither split it nor make corridors of the gaps beside them.
struct interior_features {
  int width = 0;
  int height = 0;
  int walkable = 0;             ///< walkable tiles
  double open_share = 0;        ///< walkable / area
  int areas = 0;                ///< separate walkable areas (4-connected)
  int largest_area = 0;         ///< walkable tiles in the largest of them
  int chambers = 0;             ///< room-like open areas: 4-connected clusters of at least 4 tiles whose 3x3 block is all roomy
  int widest_span = 0;          ///< side of the largest all-walkable square
  int longest_corridor = 0;     ///< longest straight run of 1-wide walkable tiles (in no roomy 2x2 block)
  int dead_ends = 0;            ///< walkable tiles but doors with exactly one walkable 4-neighbour
  int pillars = 0;              ///< pillar tiles, plus free-standing pillars holding no pillar tile
  double water_share = 0;       ///< water / walkable (0 when nothing is walkable)
  int water = 0;                ///< water tiles
  int rubble = 0;               ///< rubble tiles
  int roots = 0;                ///< roots tiles
  int doors = 0;                ///< door tiles
  int scenery = 0;              ///< tiles of other blocking names

  bool operator==(const interior_features&) const = default;
};

/// Measures `map` through `names`. Deterministic; a few allocations sized to the map, none per tile.
[[nodiscard]] interior_features measure(const tile_map& map, const legend& names);

/// The features in a fixed order, as (name, value) pairs: for tables, statistics and tests.
struct feature_value {
  std::string_view name;
  double value;
};
[[nodiscard]] std::vector<feature_value> feature_values(const interior_features& f);

}  // namespace dw::mapgen
