#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "mapgen/step.hpp"

namespace dw::mapgen {
namespace {

const std::vector<std::string> entities{"solid", "empty", "water"};
using params = std::vector<std::pair<std::string, std::string>>;

// The key a step's maker refuses, or "" when it accepts the parameters.
std::string refused_key(const char* name, params given) {
  try {
    (void)find_step(name)->make(param_reader(std::move(given), entities));
  } catch (const param_error& e) {
    return e.key;
  }
  return "";
}

TEST(StepTable, ListsEveryStepWithASummary) {
  for (const char* name :
       {"place_rooms", "bsp_rooms", "delaunay_corridors", "astar_corridors", "cellular", "drunkard"}) {
    const step_kind* kind = find_step(name);
    ASSERT_NE(kind, nullptr) << name;
    EXPECT_EQ(kind->name, name);
    EXPECT_FALSE(kind->summary.empty());
    EXPECT_EQ(refused_key(name, {}), "") << name << " must work with its defaults";
    EXPECT_EQ(refused_key(name, {{"flor", "empty"}}), "flor") << name << " must refuse a misspelt key";
    EXPECT_EQ(refused_key(name, {{"floor", "lava"}}), "floor") << name << " must refuse an unknown entity";
  }
  EXPECT_EQ(step_kinds().size(), 6U);
  EXPECT_EQ(find_step("no_such_step"), nullptr);
}

TEST(StepTable, EachStepRefusesBadValuesNamingTheKey) {
  const std::vector<std::tuple<const char*, params, std::string>> cases{
      {"place_rooms", {{"rooms", "-1"}}, "rooms"},
      {"place_rooms", {{"min", "3by3"}}, "min"},
      {"place_rooms", {{"min", "5x5"}, {"max", "4x9"}}, "max"},
      {"place_rooms", {{"tries", "0"}}, "tries"},
      {"place_rooms", {{"gap", "x"}}, "gap"},
      {"bsp_rooms", {{"margin", "-2"}}, "margin"},
      {"bsp_rooms", {{"max", "0x4"}}, "max"},
      {"delaunay_corridors", {{"loops", "1.5"}}, "loops"},
      {"delaunay_corridors", {{"dig", "0"}}, "dig"},
      {"delaunay_corridors", {{"corridor", "hall"}}, "corridor"},
      {"astar_corridors", {{"loops", "0.2"}}, "loops"},
      {"cellular", {{"birth", "10"}}, "birth"},
      {"cellular", {{"survive", "-1"}}, "survive"},
      {"cellular", {{"fill", "1.5"}}, "fill"},
      {"cellular", {{"passes", "many"}}, "passes"},
      {"cellular", {{"wall", "lava"}}, "wall"},
      {"drunkard", {{"share", "1.2"}}, "share"},
      {"drunkard", {{"walkers", "0"}}, "walkers"},
      {"drunkard", {{"start", "middle"}}, "start"},
      {"drunkard", {{"border", "-1"}}, "border"},
      {"drunkard", {{"steps", "0"}}, "steps"},
  };
  for (const auto& [name, given, key] : cases) {
    EXPECT_EQ(refused_key(name, given), key) << name;
  }
}

// Every step, run twice from the same seed on the same map, writes the same map; another seed differs.
TEST(StepTable, SameSeedSameMap) {
  const std::vector<std::pair<const char*, params>> pipeline{
      {"cellular", {{"fill", "0.45"}}},
      {"drunkard", {{"share", "0.2"}, {"walkers", "2"}, {"start", "random"}}},
      {"place_rooms", {{"rooms", "5"}}},
      {"bsp_rooms", {{"floor", "water"}}},
      {"delaunay_corridors", {{"loops", "0.3"}}},
      {"astar_corridors", {{"floor", "water"}}},
  };
  auto generate = [&](std::uint64_t seed) {
    tile_map map(48, 32, 0);
    rng random(seed);
    for (const auto& [name, given] : pipeline) {
      find_step(name)->make(param_reader(given, entities))->run(map, {1, 1, 46, 30}, random);
    }
    return map;
  };
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    EXPECT_EQ(generate(seed), generate(seed)) << "seed " << seed;
    EXPECT_NE(generate(seed), generate(seed + 1000)) << "seed " << seed;
  }
}

}  // namespace
}  // namespace dw::mapgen
