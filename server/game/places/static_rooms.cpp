#include "server/game/places/static_rooms.hpp"

namespace dw::game {

std::string_view arrival_from(exit_dir walked) {
  static constexpr std::array<std::string_view, 6> from{"from the south", "from the west", "from the north",
                                                        "from the east",  "from below",    "from above"};
  return from[static_cast<std::size_t>(walked)];
}

static_rooms::static_rooms() {
  static_room& square = rooms_[0];
  square.id = village_square_id;
  square.name = "The Village Square";
  square.area = "Deepwell Village";
  square.environment = "Village";
  square.description =
      "Cobbles worn smooth by generations of market days ring a squat stone well. Its iron ladder, "
      "slick with moss, drops into a cold dark that breathes up at you. The villagers keep their "
      "distance from it, and from those who climb down. A merchant has set up her stall beside the "
      "well; type 'list' to see her wares. Bounty notices are pinned to her stall; type 'bounties' "
      "to read them. A board by the well lists the deepest delvers; type 'deepest' to read it.";
  square.exits[static_cast<std::size_t>(exit_dir::down)] = start_room_id;

  static_room& start = rooms_[1];
  start.id = start_room_id;
  start.name = "The Bottom of the Well";
  start.area = "The Well";
  start.environment = "Well";
  start.has_coords = true;
  start.description =
      "You stand ankle-deep in black water at the foot of the ladder. A circle of daylight hangs far "
      "above. Four dark passages open in the walls, to the north, east, south and west, each "
      "breathing its own cold draught.";
  start.exits[static_cast<std::size_t>(exit_dir::up)] = village_square_id;
  for (exit_dir d : {exit_dir::north, exit_dir::east, exit_dir::south, exit_dir::west}) {
    start.exits[static_cast<std::size_t>(d)] = dungeon_passage;
  }
}

const static_room* static_rooms::find(std::int64_t id) const {
  for (const static_room& r : rooms_) {
    if (r.id == id) {
      return &r;
    }
  }
  return nullptr;
}

}  // namespace dw::game
