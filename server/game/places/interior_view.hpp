#pragma once

// What a person sees of a dungeon room's interior (its tile map, made by place_directory from the room's
// seed): `survey` (drawn with a legend, or said in words in screen-reader mode), `look <part of the room>`
// and GMCP Room.Interior, with the room's monsters and floor items (asked of room_hooks::interior_marks)
// and the people in it on its free tiles. Keeps nothing of its own. World thread only.
#include <optional>
#include <string>
#include <string_view>

#include "server/game/content_source.hpp"
#include "server/game/output/output.hpp"
#include "server/game/places/place_directory.hpp"
#include "server/game/places/room_hooks.hpp"
#include "server/game/roster/roster.hpp"

namespace dw::game {

class interior_view {
 public:
  interior_view(const content_source& content, roster& people, output& out, place_directory& rooms)
      : content_(content), people_(people), out_(out), rooms_(rooms) {}
  interior_view(const interior_view&) = delete;
  interior_view& operator=(const interior_view&) = delete;
  /// What fills the rooms (set once, right after construction).
  void set_hooks(room_hooks& hooks) { hooks_ = &hooks; }

  /// `survey`: the room's interior drawn as text with a legend, or said in words in screen-reader mode.
  std::string survey(const character& ch);
  /// What `look <words>` sees of the room's tiles (water, pillars, walls, doors), if the room has any.
  std::optional<std::string> look_at_interior(const character& ch, std::string_view words);
  /// GMCP Room.Interior for `ch`'s room: the tile rows, their legend, doors, things and where `ch` stands
  /// ("{}" outside the dungeon).
  std::string room_interior_json(const character& ch);

 private:
  const content_source& content_;
  roster& people_;
  output& out_;
  place_directory& rooms_;
  room_hooks* hooks_ = nullptr;
};

}  // namespace dw::game
