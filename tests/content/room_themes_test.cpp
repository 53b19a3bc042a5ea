// The dungeon's themes (rooms.toml's bands, their words in themes/*.toml), held to what issue 27 asks:
// at least four themes in the first hour's depths and a new one every few depths after; each theme its own
// names, sentences, sounds and smells, and words for what its interiors hold; over a hundred rooms of one
// theme at least 70% of the descriptions differ once numbers are ignored and no name covers more than 10%;
// shares read as words, and nothing read without a light speaks of one.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "content/interior_text.hpp"
#include "content/room_description.hpp"
#include "content/room_interior.hpp"
#include "content/text_helpers.hpp"
#include "content_test_support.hpp"
#include "dungeon/random.hpp"

namespace dw::content {
namespace {

using testing::content_copy;

const content_tables& tables() {
  static const content_tables loaded = testing::real_tables();
  return loaded;
}

/// The first depth past band i (the last band, which never ends: twenty depths of it).
int band_end(std::size_t i) {
  const auto& bands = tables().rooms;
  return i + 1 < bands.size() ? bands[i + 1].min_depth : bands[i].min_depth + 20;
}

/// `count` rooms of band i as the server makes them: each seed from a branch's seed and the room's place,
/// at every depth of the band in turn, in as many branches as it takes.
std::vector<room_interior> rooms_of(std::size_t band, int count, unsigned sides = side_west | side_east) {
  const int first = tables().rooms[band].min_depth;
  const int span = band_end(band) - first;
  std::vector<room_interior> out;
  for (int i = 0; i < count; ++i) {
    const int depth = first + i % span;
    const std::uint64_t branch = dungeon::branch_seed(2027, static_cast<std::uint64_t>(1 + i / span));
    const dungeon::coord pos{depth, 0};  // (depth_of is the distance from the well)
    auto room = make_interior(tables(), depth, dungeon::interior_seed(branch, pos), sides);
    if (!room) {
      ADD_FAILURE() << "no interior at depth " << depth;
      return out;
    }
    out.push_back(std::move(*room));
  }
  return out;
}

std::string without_digits(const std::string& text) {
  std::string out;
  std::copy_if(text.begin(), text.end(), std::back_inserter(out), [](char c) { return c < '0' || c > '9'; });
  return out;
}

/// Every text a look may give in the room (for each kind of tile it holds, each of the texts).
std::vector<std::string> every_look(const room_interior& room) {
  std::vector<std::string> out;
  for (const interior_look& look : tables().interiors.looks) {
    if (auto seen = look_at_tiles(tables(), room, look.words.front())) {
      out.push_back(*seen);
    }
  }
  return out;
}

TEST(RoomThemes, TheFirstHourHoldsFourThemesAndLaterOnesChangeEveryFewDepths) {
  const auto& bands = tables().rooms;
  std::set<std::string> first_hour;
  for (int depth = 0; depth <= 12; ++depth) {
    first_hour.insert(band_at(tables(), depth)->name);
  }
  EXPECT_GE(first_hour.size(), 4U) << "a newcomer reaches depth 6-10 in half an hour, about 12 in an hour";
  // Every few depths a new theme, to 40 and beyond: no band but the last (the darkness) is longer than six.
  ASSERT_GE(bands.size(), 12U);
  for (std::size_t i = 0; i + 1 < bands.size(); ++i) {
    EXPECT_LE(bands[i + 1].min_depth - bands[i].min_depth, 6) << bands[i].name;
  }
  EXPECT_GE(bands.back().min_depth, 40);
  std::set<std::string> names;
  for (const room_band& band : bands) {
    EXPECT_FALSE(band.theme.empty()) << band.name << ": the shipped bands keep their words in themes/";
    EXPECT_TRUE(names.insert(band.name).second) << band.name << " names two bands";
  }
}

TEST(RoomThemes, OverAHundredRoomsOfOneThemeTheDescriptionsDifferAndNoNameIsCommon) {
  for (std::size_t b = 0; b < tables().rooms.size(); ++b) {
    const room_band& band = tables().rooms[b];
    const std::vector<room_interior> rooms = rooms_of(b, 120);
    std::set<std::string> descriptions;
    std::map<std::string, int> names;
    for (const room_interior& room : rooms) {
      descriptions.insert(without_digits(room.description));
      ++names[room.name];
    }
    const auto commonest =
        std::max_element(names.begin(), names.end(), [](const auto& a, const auto& c) { return a.second < c.second; });
    EXPECT_GE(descriptions.size() * 10, rooms.size() * 7)
        << band.name << ": " << descriptions.size() << " of " << rooms.size() << " descriptions differ";
    EXPECT_LE(commonest->second * 10, static_cast<int>(rooms.size()))
        << band.name << ": \"" << commonest->first << "\" names " << commonest->second << " of " << rooms.size();
  }
}

TEST(RoomThemes, EachThemeHasItsOwnWordsForWhatItsRoomsHold) {
  const interior_tables& t = tables().interiors;
  // What the interiors produce, which every theme tells in its own words where its rooms have it.
  const std::set<std::string> features = {"water", "roots", "pillars", "rubble", "chambers", "alcoves", "corridor"};
  std::map<std::string, std::string> said_by;  // every sound, smell and closing sentence, and its theme
  for (std::size_t b = 0; b < tables().rooms.size(); ++b) {
    const room_band& band = tables().rooms[b];
    EXPECT_GE(band.places.size(), 5U) << band.name;
    EXPECT_GE(band.sounds.size(), 3U) << band.name;
    EXPECT_GE(band.smells.size(), 3U) << band.name;
    EXPECT_GE(band.variants.size(), 3U) << band.name;
    for (const auto* list : {&band.sounds, &band.smells, &band.variants}) {
      for (const std::string& s : *list) {
        const auto [at, fresh] = said_by.emplace(s, band.name);
        EXPECT_TRUE(fresh) << "\"" << s << "\": " << band.name << " and " << at->second;
      }
    }
    const std::vector<room_interior> rooms = rooms_of(b, 200);
    std::vector<int> named(t.shapes.size());
    std::vector<bool> told(t.details.size());
    std::vector<bool> held(t.looks.size());
    for (const room_interior& room : rooms) {
      for (std::size_t s = 0; s < t.shapes.size(); ++s) {
        if (conditions_hold(t.shapes[s].when, room.features)) {
          ++named[s];
          break;
        }
      }
      for (std::size_t d = 0; d < t.details.size(); ++d) {
        told[d] = told[d] || conditions_hold(t.details[d].when, room.features);
      }
      for (std::size_t l = 0; l < t.looks.size(); ++l) {
        const auto id = entity_named(room.entities, t.looks[l].entity);
        held[l] = held[l] ||
                  (id && std::find(room.map.tiles().begin(), room.map.tiles().end(), *id) != room.map.tiles().end());
      }
    }
    for (std::size_t d = 0; d < t.details.size(); ++d) {
      if (told[d] && features.count(t.details[d].key) != 0) {
        EXPECT_FALSE(band.detail_sentences[d].empty())
            << band.name << ": its rooms have " << t.details[d].key << " but it has no [details] " << t.details[d].key;
      }
    }
    for (std::size_t s = 0; s < t.shapes.size(); ++s) {
      if (named[s] * 10 >= static_cast<int>(rooms.size())) {
        EXPECT_FALSE(band.shape_names[s].empty())
            << band.name << ": " << named[s] << " of " << rooms.size() << " rooms are " << t.shapes[s].key
            << " but it has no [names] " << t.shapes[s].key;
      }
    }
    for (std::size_t l = 0; l < t.looks.size(); ++l) {
      if (held[l]) {
        EXPECT_FALSE(band.look_texts[l].empty())
            << band.name << ": its rooms hold " << t.looks[l].entity << " but it has no [looks] " << t.looks[l].entity;
      }
    }
  }
}

TEST(RoomThemes, APlaceThatNamesMoreThanOneTakesAPlainS) {
  // "Twin {place}s": a theme whose words say so has places that make their plural with an s.
  for (const room_band& band : tables().rooms) {
    bool plural = false;
    for (const auto* lists : {&band.shape_names, &band.detail_sentences, &band.look_texts}) {
      for (const auto& list : *lists) {
        for (const std::string& s : list) {
          plural = plural || s.find("{place}s") != std::string::npos;
        }
      }
    }
    for (const interior_shape& shape : tables().interiors.shapes) {
      for (const std::string& s : shape.names) {
        plural = plural || s.find("{place}s") != std::string::npos;
      }
    }
    if (!plural) {
      continue;
    }
    for (const std::string& place : band.places) {
      const char last = place.back();
      const char before = place.size() > 1 ? place[place.size() - 2] : ' ';
      const bool plain = last != 's' && last != 'x' && !(last == 'h' && (before == 'c' || before == 's')) &&
                         !(last == 'y' && std::string_view("aeiou").find(before) == std::string_view::npos) &&
                         place.find(" of ") == std::string::npos;
      EXPECT_TRUE(plain) << band.name << ": \"" << place << "\" would read \"" << place << "s\"";
    }
  }
}

// ---------------------------------------------------------------- grammar

TEST(RoomGrammar, SharesReadAsWords) {
  EXPECT_EQ(share_words(0.33), "a third");
  EXPECT_EQ(share_words(1.0 / 3.0), "a third");
  EXPECT_EQ(share_words(0.5), "half");
  EXPECT_EQ(share_words(0.27), "a quarter");
  EXPECT_EQ(share_words(0.64), "two thirds");
  EXPECT_EQ(share_words(0.74), "three quarters");
  EXPECT_EQ(share_words(0.0), "none");
  EXPECT_EQ(share_words(0.02), "hardly any");
  EXPECT_EQ(share_words(0.97), "nearly all");
  EXPECT_EQ(share_words(1.0), "all");
  // Rooms as players read them: no percentage anywhere, in a description or a look.
  int shares_said = 0;
  for (std::size_t b = 0; b < tables().rooms.size(); ++b) {
    for (const room_interior& room : rooms_of(b, 60)) {
      std::vector<std::string> texts = every_look(room);
      texts.push_back(room.description);
      for (const std::string& text : texts) {
        EXPECT_EQ(text.find("percent"), std::string::npos) << text;
        EXPECT_EQ(text.find('%'), std::string::npos) << text;
        shares_said += text.find(" of the floor") != std::string::npos ? 1 : 0;
      }
    }
  }
  EXPECT_GT(shares_said, 0) << "no room said what share of its floor is water";
}

TEST(RoomGrammar, APercentAfterAShareIsRefused) {
  content_copy copy("percent_after_share");
  copy.replace("interiors.toml", "Standing water covers {water} of the floor.", "Water covers {water} percent of it.");
  const content_error e = copy.load_error();
  EXPECT_NE(e.file.find("interiors.toml"), std::string::npos);
  EXPECT_EQ(e.key.rfind("details[", 0), 0U) << e.key;
  EXPECT_NE(e.reason.find("{water} of the floor"), std::string::npos) << e.reason;
  EXPECT_GT(e.line, 0U);
}

TEST(RoomGrammar, NoRoomReadWithoutALightSpeaksOfOne) {
  // A band that is not dark is read without a lantern: its descriptions may not speak of the reader's
  // light, and neither may any look (look works in the dark). A dark band's description is only read
  // with a light, so it may: the check is seen to find such words there.
  const std::regex light("your (light|lamp|lantern|torch)", std::regex::icase);
  int in_the_dark = 0;
  for (std::size_t b = 0; b < tables().rooms.size(); ++b) {
    const room_band& band = tables().rooms[b];
    for (const room_interior& room : rooms_of(b, 80)) {
      for (const std::string& look : every_look(room)) {
        EXPECT_FALSE(std::regex_search(look, light)) << band.name << ": " << look;
      }
      if (band.dark) {
        in_the_dark += std::regex_search(room.description, light) ? 1 : 0;
      } else {
        EXPECT_FALSE(std::regex_search(room.description, light)) << band.name << ": " << room.description;
      }
    }
  }
  EXPECT_GT(in_the_dark, 0);
}

// ---------------------------------------------------------------- the files

TEST(RoomThemeFiles, MistakesAreRefusedNamingFileAndKey) {
  {
    content_copy copy("theme_missing");
    copy.replace("rooms.toml", "theme = \"sunken_cellars\"", "theme = \"sunken_celars\"");
    const content_error e = copy.load_error();
    EXPECT_NE(e.file.find("rooms.toml"), std::string::npos);
    EXPECT_EQ(e.key, "bands[1].theme");
    EXPECT_NE(e.reason.find("themes/sunken_celars.toml is missing"), std::string::npos) << e.reason;
    EXPECT_GT(e.line, 0U);
  }
  {
    content_copy copy("theme_unknown_shape");
    copy.replace("themes/water_logged.toml", "\nflooded = [", "\nfloded = [");
    const content_error e = copy.load_error();
    EXPECT_NE(e.file.find("themes/water_logged.toml"), std::string::npos) << e.to_string();
    EXPECT_EQ(e.key, "names.floded");
    EXPECT_NE(e.reason.find("flooded"), std::string::npos) << "the known keys are listed: " << e.reason;
  }
  {
    content_copy copy("theme_and_own_words");
    copy.replace("rooms.toml", "theme = \"water_logged\"", "theme = \"water_logged\"\nname = \"Puddles\"");
    const content_error e = copy.load_error();
    EXPECT_EQ(e.key, "bands[0].name");
    EXPECT_NE(e.reason.find("themes/water_logged.toml"), std::string::npos) << e.reason;
  }
  {
    content_copy copy("theme_place_without_places");
    const std::string text = copy.read("themes/water_logged.toml");
    const std::size_t at = text.find("places = [");
    ASSERT_NE(at, std::string::npos);
    copy.write("themes/water_logged.toml", text.substr(0, at) + text.substr(text.find('\n', at) + 1));
    const content_error e = copy.load_error();
    EXPECT_NE(e.file.find("themes/water_logged.toml"), std::string::npos);
    EXPECT_EQ(e.key, "places");
    EXPECT_NE(e.reason.find("{place}"), std::string::npos) << e.reason;
  }
  {
    content_copy copy("theme_bad_placeholder");
    copy.replace("themes/water_logged.toml", "Drowned {place}", "Drowned {plaice}");
    const content_error e = copy.load_error();
    EXPECT_EQ(e.key, "names.flooded[1]");
    EXPECT_NE(e.reason.find("{plaice}"), std::string::npos) << e.reason;
  }
}

TEST(RoomThemeFiles, ABandMayKeepItsWordsInRoomsToml) {
  content_copy copy("band_own_words");
  copy.replace("rooms.toml", "theme = \"water_logged\"",
               "name = \"Puddles\"\nmaterial = \"wet\"\nplaces = [\"puddle\"]\nvariants = [\"Wet.\"]\n"
               "sounds = [\"Drip.\"]\ndetails = { water = [\"Water, {water} of it.\"] }");
  const auto loaded = load_content(copy.dir());
  ASSERT_TRUE(std::holds_alternative<content_tables>(loaded)) << std::get<content_error>(loaded).to_string();
  const content_tables& t = std::get<content_tables>(loaded);
  const room_band& band = t.rooms.front();
  EXPECT_EQ(band.name, "Puddles");
  EXPECT_TRUE(band.theme.empty());
  EXPECT_TRUE(band.smells.empty());
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const auto room = make_interior(t, 1, seed, side_north);
    ASSERT_TRUE(room);
    EXPECT_NE(room->description.find("Wet. Drip."), std::string::npos) << room->description;
    if (room->features.water_share >= 0.15) {
      EXPECT_NE(room->description.find("Water, "), std::string::npos) << room->description;
    }
  }
}

}  // namespace
}  // namespace dw::content
