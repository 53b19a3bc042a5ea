// The interior scripts the game ships (content/interiors/*.json): each loads, and its maps are fit to be
// rooms: within the script's sizes, open enough to walk, one walkable area, the same for the same seed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "mapgen/features.hpp"
#include "mapgen/script.hpp"
#include "script_support.hpp"

namespace dw::mapgen {
namespace {

constexpr int maps_per_script = 200;
constexpr std::pair<int, int> largest_interior{21, 11};

std::vector<std::string> shipped_scripts() {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(DW_INTERIORS_DIR)) {
    if (entry.path().extension() == ".json") {
      names.push_back(entry.path().filename().string());
    }
  }
  std::sort(names.begin(), names.end());
  return names;
}

generator load(const std::string& name) { return testing::load_shipped(name); }

TEST(ShippedScripts, AtLeastSixShipped) { EXPECT_GE(shipped_scripts().size(), 6U); }

class ShippedScript : public ::testing::TestWithParam<std::string> {};

TEST_P(ShippedScript, LoadsAndSpeaksTheInteriorVocabulary) {
  const generator script = load(GetParam());
  const auto vocabulary = interior_vocabulary();
  for (const std::string& name : script.entities()) {
    EXPECT_TRUE(std::any_of(vocabulary.begin(), vocabulary.end(), [&](const vocabulary_entry& v) { return v.name == name; }))
        << name << " is not in the interior vocabulary";
  }
  EXPECT_LE(script.max_size().first, largest_interior.first);
  EXPECT_LE(script.max_size().second, largest_interior.second);
}

TEST_P(ShippedScript, EveryMapIsAWalledWalkableRoomOfItsSize) {
  const generator script = load(GetParam());
  const legend names = make_legend(script.entities());
  const auto [min_w, min_h] = script.min_size();
  const auto [max_w, max_h] = script.max_size();
  std::set<std::vector<entity_id>> distinct;
  for (std::uint64_t seed = 1; seed <= maps_per_script; ++seed) {
    const tile_map map = script.generate(seed);
    ASSERT_GE(map.width(), min_w) << "seed " << seed;
    ASSERT_LE(map.width(), max_w) << "seed " << seed;
    ASSERT_GE(map.height(), min_h) << "seed " << seed;
    ASSERT_LE(map.height(), max_h) << "seed " << seed;
    const interior_features f = measure(map, names);
    EXPECT_GE(f.open_share, 0.25) << "seed " << seed;
    EXPECT_EQ(f.areas, 1) << "seed " << seed;
    ASSERT_TRUE(std::none_of(map.tiles().begin(), map.tiles().end(), [](entity_id e) { return e == unknown; }))
        << "seed " << seed << " left tiles unwritten";
    // The outer wall stays closed: the game cuts the doors it needs (mapgen/doors.hpp).
    for (int x = 0; x < map.width(); ++x) {
      for (int y = 0; y < map.height(); ++y) {
        const bool edge = x == 0 || y == 0 || x == map.width() - 1 || y == map.height() - 1;
        ASSERT_FALSE(edge && names.walkable(map.at({x, y}))) << "seed " << seed << ": open wall at " << x << "," << y;
      }
    }
    distinct.insert(map.tiles());
  }
  // Rooms of one script must read differently from seed to seed.
  EXPECT_GE(distinct.size(), static_cast<std::size_t>(maps_per_script) * 95 / 100);
}

TEST_P(ShippedScript, SameSeedSameMap) {
  const generator script = load(GetParam());
  const generator again = load(GetParam());
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    ASSERT_EQ(script.generate(seed), again.generate(seed)) << "seed " << seed;
    ASSERT_EQ(script.generate(seed, 21, 11), again.generate(seed, 21, 11)) << "seed " << seed;
  }
}

INSTANTIATE_TEST_SUITE_P(Interiors, ShippedScript, ::testing::ValuesIn(shipped_scripts()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = std::filesystem::path(info.param).stem().string();
                           std::replace_if(name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
                           return name;
                         });

}  // namespace
}  // namespace dw::mapgen
