#pragma once

#include <cstdint>
#include <string>

namespace dw::game {

/// An item in play: a weapon or armour from the tables (by key) or a generated artefact (by seed).
/// Everything a player sees of it is derived from these fields and the content tables.
struct item {
  std::int64_t id = 0;
  std::string kind;        ///< "weapon", "armour" or an artefact type such as "scroll"
  std::string key;         ///< table key for weapons and armour
  std::uint64_t seed = 0;  ///< identity of a generated artefact
  bool equipped = false;   ///< wielded or worn
};

}  // namespace dw::game
