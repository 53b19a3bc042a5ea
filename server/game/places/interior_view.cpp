// Room interiors as people see them: `survey`, `look <thing>` and GMCP Room.Interior (the interiors
// themselves are made and kept by place_directory).
#include "server/game/places/interior_view.hpp"

#include <algorithm>

#include <boost/json.hpp>

#include "content/text_helpers.hpp"
#include "dungeon/random.hpp"
#include "mapgen/render.hpp"
#include "mapgen/script.hpp"
#include "server/game/output/style.hpp"

namespace dw::game {
namespace json = boost::json;
namespace {

constexpr std::array<std::string_view, 4> side_words = {"north", "east", "south", "west"};

/// Where a tile lies in the room, in words: "in the north-west corner", "in the middle", "by the east wall".
std::string part_of_room(const mapgen::tile_map& map, mapgen::point p) {
  const int col = p.x * 3 / std::max(1, map.width());
  const int row = p.y * 3 / std::max(1, map.height());
  static constexpr std::array<std::array<std::string_view, 3>, 3> parts = {{
      {"in the north-west corner", "by the north wall", "in the north-east corner"},
      {"by the west wall", "in the middle", "by the east wall"},
      {"in the south-west corner", "by the south wall", "in the south-east corner"},
  }};
  return std::string(parts[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)]);
}

/// Where someone stands: by the door it came in through (`arrived_side`), else on one of the last free tiles.
mapgen::point standing_point(const content::room_interior& room, int arrived_side, std::size_t nth_person) {
  if (arrived_side >= 0 && arrived_side < 4) {
    if (const auto& door = room.doors[static_cast<std::size_t>(arrived_side)]) {
      return *door;
    }
  }
  if (room.spots.empty()) {
    return {room.map.width() / 2, room.map.height() / 2};
  }
  return room.spots[room.spots.size() - 1 - (nth_person % room.spots.size())];
}

/// What stands where: the monsters on the first free tile, each thing on the floor on the next ones.
struct placed_mark {
  mapgen::point at;
  char glyph = '*';
  std::string name;
};

std::vector<placed_mark> place_marks(const content::room_interior& room, const std::vector<interior_mark>& marks) {
  std::vector<placed_mark> out;
  std::size_t next = 0;
  for (const interior_mark& m : marks) {
    if (room.spots.empty()) {
      break;
    }
    const mapgen::point at = room.spots[std::min(next, room.spots.size() - 1)];
    ++next;
    out.push_back({at, m.what == interior_mark::kind::monster ? 'M' : '*', m.name});
  }
  return out;
}

}  // namespace

std::string interior_view::survey(const character& ch) {
  const auto room = rooms_.interior(ch.where);
  if (!room) {
    return "There is nothing here to survey: the village and the well are plain to see. Try it below, in the "
           "dungeon.\n";
  }
  if (!rooms_.can_see(ch)) {
    return "It is too dark to make out the shape of this place.\n";
  }
  const std::optional<place> here = rooms_.at(ch.where);
  const std::vector<placed_mark> marks = place_marks(*room, hooks_->interior_marks(ch.where.room_id, ch));
  std::vector<std::pair<const character*, mapgen::point>> people;
  for (const character* other : people_.characters_in(ch.where.room_id)) {
    people.emplace_back(other, standing_point(*room, rooms_.arrived_side(other->account_id), people.size()));
  }
  const mapgen::point you = standing_point(*room, rooms_.arrived_side(ch.account_id), 0);
  if (out_.view_of(ch).screen_reader) {
    // In words: the size and openness, the doors, where you are, what stands where.
    const mapgen::interior_features& f = room->features;
    std::string text = (here ? here->name : std::string("This room")) + ": " + std::to_string(room->map.width()) +
                       " paces across and " + std::to_string(room->map.height()) + " deep, about " +
                       content::share_words(f.open_share) + " of it open floor.\n";
    std::string doors;
    for (std::size_t s = 0; s < 4; ++s) {
      if (room->doors[s]) {
        doors += (doors.empty() ? "" : "; ") + std::string(side_words[s]);
      }
    }
    text += doors.empty() ? "There are no doors.\n" : "Doors: " + doors + ".\n";
    text += "You stand " + part_of_room(room->map, you) + ".\n";
    for (const placed_mark& m : marks) {
      text += content::capitalise(m.name) + (m.glyph == 'M' ? ", " : ", on the floor ") +
              part_of_room(room->map, m.at) + ".\n";
    }
    for (const auto& [other, at] : people) {
      if (other->account_id != ch.account_id) {
        text += other->name + " is " + part_of_room(room->map, at) + ".\n";
      }
    }
    if (f.water > 0) {
      text += "Water covers " + content::share_words(f.water_share) + " of the walkable floor.\n";
    }
    if (f.pillars > 0) {
      text += content::capitalise(content::count_word(f.pillars)) + (f.pillars == 1 ? " pillar stands" : " pillars stand") +
              " in the room.\n";
    }
    if (f.chambers > 1) {
      text += "It is split into " + content::count_word(f.chambers) + " chambers.\n";
    }
    return text;
  }
  const mapgen::glyph_set glyphs = mapgen::make_glyphs(room->entities);
  std::vector<std::string> rows = mapgen::render(room->map, glyphs);
  auto put = [&rows](mapgen::point p, char c) {
    if (p.y >= 0 && static_cast<std::size_t>(p.y) < rows.size() && p.x >= 0 &&
        static_cast<std::size_t>(p.x) < rows[static_cast<std::size_t>(p.y)].size()) {
      rows[static_cast<std::size_t>(p.y)][static_cast<std::size_t>(p.x)] = c;
    }
  };
  for (const placed_mark& m : marks) {
    put(m.at, m.glyph);
  }
  bool others = false;
  for (const auto& [other, at] : people) {
    if (other->account_id != ch.account_id) {
      put(at, 'p');
      others = true;
    }
  }
  put(you, '@');
  std::string text = (here ? here->name : std::string("The room")) + " (" + std::to_string(room->map.width()) + " x " +
                     std::to_string(room->map.height()) + "):\n";
  for (const std::string& row : rows) {
    text += "  " + row + "\n";
  }
  text += "Legend: @ you";
  if (others) {
    text += "  p someone else";
  }
  // The map's own glyphs, as the tool prints them, but in the room's words.
  for (std::size_t e = 0; e < glyphs.names().size(); ++e) {
    const auto id = static_cast<mapgen::entity_id>(e);
    if (std::find(room->map.tiles().begin(), room->map.tiles().end(), id) == room->map.tiles().end()) {
      continue;
    }
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 4> words = {
        {{"solid", "rock"}, {"empty", "floor"}, {"door", "door"}, {"water", "water"}}};
    std::string_view name = glyphs.names()[e];
    for (const auto& [entity, word] : words) {
      if (entity == name) {
        name = word;
      }
    }
    text += "  ";
    text += glyphs.glyph(id);
    text += ' ';
    text += name;
  }
  text += "\n";
  for (const placed_mark& m : marks) {
    text += "  ";
    text += m.glyph;
    text += ' ' + m.name + "\n";
  }
  return text;
}

std::optional<std::string> interior_view::look_at_interior(const character& ch, std::string_view words) {
  const auto room = rooms_.interior(ch.where);
  if (!room) {
    return std::nullopt;
  }
  auto seen = content::look_at_tiles(content_.get(), *room, words);
  return seen ? std::optional<std::string>(*seen + "\n") : std::nullopt;
}

std::string interior_view::room_interior_json(const character& ch) {
  const auto room = rooms_.interior(ch.where);
  if (!room) {
    return "{}";
  }
  const mapgen::glyph_set glyphs = mapgen::make_glyphs(room->entities);
  json::object o;
  o["num"] = ch.where.room_id;
  o["width"] = room->map.width();
  o["height"] = room->map.height();
  json::array rows;
  for (std::string& row : mapgen::render(room->map, glyphs)) {
    rows.emplace_back(std::move(row));
  }
  o["rows"] = std::move(rows);
  json::object legend;
  for (std::size_t e = 0; e < glyphs.names().size(); ++e) {
    legend[std::string(1, glyphs.glyph(static_cast<mapgen::entity_id>(e)))] = glyphs.names()[e];
  }
  o["legend"] = std::move(legend);
  json::object doors;
  static constexpr std::array<std::string_view, 4> letters = {"n", "e", "s", "w"};
  for (std::size_t s = 0; s < 4; ++s) {
    if (room->doors[s]) {
      doors[letters[s]] = json::array{room->doors[s]->x, room->doors[s]->y};
    }
  }
  o["doors"] = std::move(doors);
  json::array things;
  for (const placed_mark& m : place_marks(*room, hooks_->interior_marks(ch.where.room_id, ch))) {
    things.push_back(json::object{{"x", m.at.x}, {"y", m.at.y}, {"kind", m.glyph == 'M' ? "monster" : "item"},
                                  {"name", m.name}});
  }
  o["things"] = std::move(things);
  const mapgen::point you = standing_point(*room, rooms_.arrived_side(ch.account_id), 0);
  o["you"] = json::array{you.x, you.y};
  return json::serialize(o);
}

}  // namespace dw::game
