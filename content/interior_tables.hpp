#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace dw::mapgen {
class generator;
}

namespace dw::content {

/// A measured feature of an interior that interiors.toml's conditions and placeholders name.
enum class interior_feature : std::uint8_t {
  width,      ///< tiles across
  height,     ///< tiles down
  open,       ///< share of tiles one can stand on, 0..1
  chambers,   ///< room-like open areas
  pillars,    ///< free-standing pillars and stumps
  water,      ///< share of the walkable tiles that are water, 0..1
  alcoves,    ///< dead-end tiles
  corridor,   ///< the longest straight one-wide run, in tiles
  areas,      ///< separate walkable areas before the doors joined them
  roots,      ///< tiles of roots
  rubble,     ///< tiles of rubble
};

/// "water >= 0.3": one test of a condition.
struct feature_test {
  interior_feature feature = interior_feature::open;
  enum class op : std::uint8_t { lt, le, gt, ge, eq, ne } compare = op::ge;
  double value = 0;

  bool operator==(const feature_test&) const = default;
};

/// A generator script from content/interiors/, by the name the bands use.
struct interior_script {
  std::string name;                                  ///< "flooded_tunnels" (file flooded_tunnels.json)
  std::shared_ptr<const mapgen::generator> script;  ///< loaded and checked
  std::string source;                                ///< the script's text, what made `script`

  /// Two loads of the same text are the same script (the generators themselves are not compared).
  bool operator==(const interior_script& o) const { return name == o.name && source == o.source; }
};

/// A kind of room: the first whose conditions hold names the room.
struct interior_shape {
  std::string key;                 ///< "flooded": how a theme gives this shape its own names ("" = it cannot)
  std::vector<feature_test> when;  ///< all must hold; empty = always (the last shape)
  std::vector<std::string> names;  ///< "Pillared {place}"; one is chosen per room (unless the theme has its own)

  bool operator==(const interior_shape&) const = default;
};

/// A sentence a room's description may hold: every detail whose conditions hold adds one of its sentences.
struct interior_detail {
  std::string key;  ///< "water": how a theme tells this detail in its own words ("" = it cannot)
  std::vector<feature_test> when;
  std::vector<std::string> sentences;  ///< one chosen per room (unless the theme has its own)

  bool operator==(const interior_detail&) const = default;
};

/// What `look <word>` says of a kind of tile found in the room.
struct interior_look {
  std::string entity;               ///< the tile kind ("water", "pillar", "solid", "door")
  std::vector<std::string> words;   ///< what players may call it ("water", "pool")
  std::vector<std::string> texts;   ///< one chosen per room; placeholders as in descriptions

  bool operator==(const interior_look&) const = default;
};

/// interiors.toml and the scripts it names.
struct interior_tables {
  std::vector<interior_script> scripts;
  std::vector<interior_shape> shapes;    ///< the last has no conditions
  std::vector<interior_detail> details;  ///< in the order their sentences are told
  int max_details = 3;                   ///< sentences of detail at most per room
  std::vector<interior_look> looks;

  bool operator==(const interior_tables&) const = default;
};

}  // namespace dw::content
