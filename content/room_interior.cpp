#include "content/room_interior.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "content/interior_text.hpp"
#include "content/room_description.hpp"
#include "content/text_helpers.hpp"
#include "content/weighted_pick.hpp"
#include "mapgen/doors.hpp"
#include "mapgen/rng.hpp"
#include "mapgen/script.hpp"
#include "seed/mix64.hpp"

namespace dw::content {
namespace {

/// Each use of the room's seed gets its own stream, so that, say, a new door leaves the words alone.
enum class stream : std::uint64_t { script = 1, map, doors, words, spots, place };

std::uint64_t seed_for(std::uint64_t room_seed, stream s) {
  return seed::mix64(room_seed ^ (static_cast<std::uint64_t>(s) * 0x9E3779B97F4A7C15ULL) ^ 0x1A7E1210ULL);
}

/// The text with {material}, {place} and {feature} filled in: shares in words ("a third"), sizes as figures,
/// counts in words.
std::string fill(std::string_view text, const room_interior& room) {
  std::string out;
  out.reserve(text.size() + 16);
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t open = text.find('{', at);
    if (open == std::string_view::npos) {
      break;
    }
    const std::size_t close = text.find('}', open);
    if (close == std::string_view::npos) {
      break;  // (the loader refuses these)
    }
    out.append(text.substr(at, open - at));
    const std::string_view name = text.substr(open + 1, close - open - 1);
    if (name == "material") {
      out += room.material;
    } else if (name == "place") {
      out += room.place;
    } else if (const auto f = interior_feature_named(name)) {
      const double v = feature_value(room.features, *f);
      if (*f == interior_feature::open || *f == interior_feature::water) {
        out += share_words(v);  // "a third": never "33 percent"
      } else if (*f == interior_feature::width || *f == interior_feature::height) {
        out += std::to_string(static_cast<int>(v));  // (sizes read better as figures: "17 by 9 paces")
      } else {
        out += count_word(static_cast<int>(v));
      }
    }
    at = close + 1;
  }
  out.append(text.substr(at));
  return out;
}

const std::string& pick(const std::vector<std::string>& from, mapgen::rng& random) {
  return from[static_cast<std::size_t>(random.below(from.size()))];
}

/// The theme's own words when it has some, else interiors.toml's.
const std::vector<std::string>& own_or(const std::vector<std::vector<std::string>>& theme, std::size_t i,
                                       const std::vector<std::string>& fallback) {
  return i < theme.size() && !theme[i].empty() ? theme[i] : fallback;
}

// Appends `sentence` to `description`, a space between. (By append, not `"" + string&&`: GCC 12 at -O3
// reports a false -Wrestrict overlap in that operator+, which stopped the Release build.)
void add_sentence(std::string& description, const std::string& sentence) {
  if (!description.empty()) {
    description += ' ';
  }
  description += sentence;
}

void name_and_describe(const content_tables& tables, const room_band& band, int depth, room_interior& room,
                       std::uint64_t seed) {
  mapgen::rng words(seed_for(seed, stream::words));
  const interior_tables& t = tables.interiors;
  for (std::size_t i = 0; i < t.shapes.size(); ++i) {
    if (conditions_hold(t.shapes[i].when, room.features)) {
      room.name = capitalise(fill(pick(own_or(band.shape_names, i, t.shapes[i].names), words), room));
      break;
    }
  }
  int told = 0;
  for (std::size_t i = 0; i < t.details.size(); ++i) {
    if (told >= t.max_details) {
      break;
    }
    // (a draw for every detail, whether it holds or not, so one room's words do not shift another's)
    const std::string& sentence = pick(own_or(band.detail_sentences, i, t.details[i].sentences), words);
    if (conditions_hold(t.details[i].when, room.features)) {
      add_sentence(room.description, capitalise(fill(sentence, room)));
      ++told;
    }
  }
  // The band's own closing sentence, chosen as the band's words always were.
  const std::string closing = describe_room(tables, depth, seed).description;
  if (!closing.empty()) {
    add_sentence(room.description, closing);
  }
  // Then one of the theme's sounds or smells.
  const std::size_t senses = band.sounds.size() + band.smells.size();
  if (senses > 0) {
    const auto i = static_cast<std::size_t>(words.below(senses));
    const std::string& sense = i < band.sounds.size() ? band.sounds[i] : band.smells[i - band.sounds.size()];
    add_sentence(room.description, capitalise(fill(sense, room)));
  }
}

}  // namespace

std::string_view room_interior::tile_name(mapgen::point p) const {
  const mapgen::entity_id e = map.inside(p) ? map.at(p) : mapgen::unknown;
  if (e < 0 || static_cast<std::size_t>(e) >= entities.size()) {
    return "unknown";
  }
  return entities[static_cast<std::size_t>(e)];
}

std::optional<mapgen::entity_id> entity_named(const std::vector<std::string>& entities, std::string_view name) {
  const auto it = std::find(entities.begin(), entities.end(), name);
  return it == entities.end() ? std::nullopt
                              : std::optional<mapgen::entity_id>(static_cast<mapgen::entity_id>(it - entities.begin()));
}

std::optional<room_interior> make_interior(const content_tables& tables, int depth, std::uint64_t seed,
                                           unsigned sides) {
  const room_band* band = band_at(tables, depth);
  if (band == nullptr || band->interiors.empty()) {
    return std::nullopt;
  }
  mapgen::rng choose(seed_for(seed, stream::script));
  const std::size_t which = pick_weighted_any(std::span<const band_interior>(band->interiors), choose.unit());
  const interior_script& script = tables.interiors.scripts[band->interiors[which].script];

  room_interior room;
  room.seed = seed;
  room.depth = depth;
  room.script = script.script;
  room.script_name = script.name;
  room.material = band->material;
  if (!band->places.empty()) {
    mapgen::rng place(seed_for(seed, stream::place));
    room.place = pick(band->places, place);
  }
  room.map = script.script->generate(seed_for(seed, stream::map));
  // Scripts need not know doors (a Marahel script has no exits): the game adds the entity when missing.
  room.entities = script.script->entities();
  if (!entity_named(room.entities, "door")) {
    room.entities.emplace_back("door");
  }
  const mapgen::legend legend = mapgen::make_legend(room.entities);
  room.features = mapgen::measure(room.map, legend);  // (before the doors: new exits never rename a room)
  name_and_describe(tables, *band, depth, room, seed);

  std::vector<mapgen::entity_id> walkable;
  for (std::size_t e = 0; e < room.entities.size(); ++e) {
    if (legend.walkable(static_cast<mapgen::entity_id>(e))) {
      walkable.push_back(static_cast<mapgen::entity_id>(e));
    }
  }
  mapgen::rng door_random(seed_for(seed, stream::doors));
  const mapgen::entity_id floor = *entity_named(room.entities, "empty");
  const mapgen::entity_id door = *entity_named(room.entities, "door");
  const mapgen::door_plan plan = mapgen::place_doors(room.map, sides & 15U, walkable, floor, door, door_random);
  room.doors = plan.doors;

  for (int y = 0; y < room.map.height(); ++y) {
    for (int x = 0; x < room.map.width(); ++x) {
      const mapgen::entity_id e = room.map.at({x, y});
      if (e != door && std::find(walkable.begin(), walkable.end(), e) != walkable.end()) {
        room.spots.push_back({x, y});
      }
    }
  }
  mapgen::rng shuffle(seed_for(seed, stream::spots));
  for (std::size_t i = room.spots.size(); i > 1; --i) {
    std::swap(room.spots[i - 1], room.spots[static_cast<std::size_t>(shuffle.below(i))]);
  }
  return room;
}

std::optional<std::string> look_at_tiles(const content_tables& tables, const room_interior& room,
                                         std::string_view words) {
  const room_band* band = band_at(tables, room.depth);
  for (std::size_t l = 0; l < tables.interiors.looks.size(); ++l) {
    const interior_look& look = tables.interiors.looks[l];
    const bool called = std::any_of(look.words.begin(), look.words.end(), [&](const std::string& w) {
      return w.size() == words.size() && std::equal(w.begin(), w.end(), words.begin(), [](char a, char b) {
               return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
             });
    });
    if (!called) {
      continue;
    }
    const auto id = entity_named(room.entities, look.entity);
    if (!id || std::find(room.map.tiles().begin(), room.map.tiles().end(), *id) == room.map.tiles().end()) {
      continue;  // (nothing of that kind in this room: another look may use the same word)
    }
    mapgen::rng random(seed_for(room.seed ^ static_cast<std::uint64_t>(*id), stream::words));
    const std::vector<std::string>& texts = band != nullptr ? own_or(band->look_texts, l, look.texts) : look.texts;
    return capitalise(fill(pick(texts, random), room));
  }
  return std::nullopt;
}

}  // namespace dw::content
