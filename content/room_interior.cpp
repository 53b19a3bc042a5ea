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
enum class stream : std::uint64_t { script = 1, map, doors, words, spots };

std::uint64_t seed_for(std::uint64_t room_seed, stream s) {
  return seed::mix64(room_seed ^ (static_cast<std::uint64_t>(s) * 0x9E3779B97F4A7C15ULL) ^ 0x1A7E1210ULL);
}

double value_of(const mapgen::interior_features& f, interior_feature which) {
  switch (which) {
    case interior_feature::width:
      return f.width;
    case interior_feature::height:
      return f.height;
    case interior_feature::open:
      return f.open_share;
    case interior_feature::chambers:
      return f.chambers;
    case interior_feature::pillars:
      return f.pillars;
    case interior_feature::water:
      return f.water_share;
    case interior_feature::alcoves:
      return f.dead_ends;
    case interior_feature::corridor:
      return f.longest_corridor;
    case interior_feature::areas:
      return f.areas;
    case interior_feature::roots:
      return f.roots;
    case interior_feature::rubble:
      return f.rubble;
  }
  return 0;
}

bool holds(const std::vector<feature_test>& tests, const mapgen::interior_features& f) {
  return std::all_of(tests.begin(), tests.end(), [&](const feature_test& t) {
    const double v = value_of(f, t.feature);
    switch (t.compare) {
      case feature_test::op::lt:
        return v < t.value;
      case feature_test::op::le:
        return v <= t.value;
      case feature_test::op::gt:
        return v > t.value;
      case feature_test::op::ge:
        return v >= t.value;
      case feature_test::op::eq:
        return v == t.value;
      case feature_test::op::ne:
        return v != t.value;
    }
    return false;
  });
}

/// The text with {material} and {feature} filled in: shares as whole percentages, counts in words.
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
    } else if (const auto f = interior_feature_named(name)) {
      const double v = value_of(room.features, *f);
      if (*f == interior_feature::open || *f == interior_feature::water) {
        out += std::to_string(static_cast<int>(std::lround(v * 100)));  // a share, as a percentage
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

void name_and_describe(const content_tables& tables, int depth, room_interior& room, std::uint64_t seed) {
  mapgen::rng words(seed_for(seed, stream::words));
  const interior_tables& t = tables.interiors;
  for (const interior_shape& shape : t.shapes) {
    if (holds(shape.when, room.features)) {
      room.name = capitalise(fill(pick(shape.names, words), room));
      break;
    }
  }
  int told = 0;
  for (const interior_detail& detail : t.details) {
    if (told >= t.max_details) {
      break;
    }
    // (a draw for every detail, whether it holds or not, so one room's words do not shift another's)
    const std::string& sentence = pick(detail.sentences, words);
    if (holds(detail.when, room.features)) {
      room.description += (room.description.empty() ? "" : " ") + capitalise(fill(sentence, room));
      ++told;
    }
  }
  // The band's own closing sentence, chosen as the band's words always were.
  const std::string closing = describe_room(tables, depth, seed).description;
  if (!closing.empty()) {
    room.description += (room.description.empty() ? "" : " ") + closing;
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
  room.script = script.script;
  room.script_name = script.name;
  room.material = band->material;
  room.map = script.script->generate(seed_for(seed, stream::map));
  // Scripts need not know doors (a Marahel script has no exits): the game adds the entity when missing.
  room.entities = script.script->entities();
  if (!entity_named(room.entities, "door")) {
    room.entities.emplace_back("door");
  }
  const mapgen::legend legend = mapgen::make_legend(room.entities);
  room.features = mapgen::measure(room.map, legend);  // (before the doors: new exits never rename a room)
  name_and_describe(tables, depth, room, seed);

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
  for (const interior_look& look : tables.interiors.looks) {
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
    return capitalise(fill(pick(look.texts, random), room));
  }
  return std::nullopt;
}

}  // namespace dw::content
