#pragma once

// Maps of the dungeon: the drawn map around a character (fitted to its client's window), the same said in
// words for a screen reader, and a whole branch for administrators. Reads the rooms through `ground` (the
// places part implements it) and keeps no state of its own. World thread only.
#include <cstdint>
#include <string>
#include <vector>

#include "dungeon/coord.hpp"
#include "server/game/output/output.hpp"
#include "server/game/places/ground.hpp"
#include "server/game/roster/roster.hpp"
#include "server/game/services.hpp"

namespace dw::game {

/// Something a map marks at a grid position besides the rooms, whether or not a room is there yet (a map
/// scroll's sealed door, and where its order is written): drawn "[R]" on a room, "(R)" where none is yet.
struct map_mark {
  dungeon::coord at{};
  char glyph = '?';
};

class map_view {
 public:
  map_view(roster& people, output& out, services& svc, ground& where)
      : people_(people), out_(out), services_(svc), ground_(where) {}
  map_view(const map_view&) = delete;
  map_view& operator=(const map_view&) = delete;

  /// The map `ch` reads (the `map` command, a map scroll): spoken_map in screen-reader mode, else map
  /// fitted to its client's window.
  std::string map_for(const character& ch, const std::vector<map_mark>& marks = {});
  /// The explored rooms around `ch`, fitted to a window, with `marks` drawn where they fall inside it.
  std::string map(const character& ch, std::uint16_t width, std::uint16_t height,
                  const std::vector<map_mark>& marks = {});
  /// The same for a screen reader: no drawing, each way out of the room said in words.
  std::string spoken_map(const character& ch);
  /// A whole branch, for administrators. The branch must be in memory (the caller asks ground::needs_load).
  std::string branch_map(std::uint64_t branch);

 private:
  roster& people_;
  output& out_;
  services& services_;
  ground& ground_;
};

}  // namespace dw::game
