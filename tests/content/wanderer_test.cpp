#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "content/content_loader.hpp"
#include "content/room_roll.hpp"
#include "content/wander_rate.hpp"
#include "content/wanderers.hpp"
#include "content_test_support.hpp"

namespace dw::content {
namespace {

using testing::content_copy;
using testing::real_tables;

/// A room with an exit each way: open to explored rooms east and west, unexplored north, to the start south.
std::vector<wander_exit> mixed_exits(wander_pos at) {
  return {
      {0, wander_exit_kind::unexplored, {at.x, at.y + 1}, false, false},
      {1, wander_exit_kind::open, {at.x + 1, at.y}, true, false},
      {2, wander_exit_kind::to_start, {0, 0}, true, false},
      {3, wander_exit_kind::open, {at.x - 1, at.y}, true, false},
  };
}

/// Walks wanderer `id` `steps` steps on an endless east-west corridor at y = 1, from (0,1).
std::vector<wander_pos> walk(const wander_rules& rules, std::uint64_t seed, std::uint32_t id, int steps) {
  std::vector<wander_pos> path;
  wander_pos at{0, 1};
  for (int t = 0; t < steps; ++t) {
    const auto exits = mixed_exits(at);
    if (const auto step = next_step(rules, seed, id, static_cast<std::uint64_t>(t), exits)) {
      at = step->to;
    }
    path.push_back(at);
  }
  return path;
}

TEST(Wanderers, TheSameSeedAndStepsGiveTheSameWalk) {
  const wander_rules rules;
  EXPECT_EQ(walk(rules, 42, 0, 200), walk(rules, 42, 0, 200));
  EXPECT_NE(walk(rules, 42, 0, 200), walk(rules, 43, 0, 200));
  EXPECT_NE(walk(rules, 42, 0, 200), walk(rules, 42, 1, 200));
  // It does move, and it also stays now and then (stay_chance).
  const auto path = walk(rules, 42, 0, 200);
  int moves = 0;
  for (std::size_t i = 1; i < path.size(); ++i) {
    moves += path[i] == path[i - 1] ? 0 : 1;
  }
  EXPECT_GT(moves, 100);
  EXPECT_LT(moves, 199);
}

TEST(Wanderers, NeverStepsThroughAnUnexploredExitOrIntoTheStartRoom) {
  wander_rules rules;
  rules.stay_chance = 0.0;
  for (std::uint64_t seed = 1; seed < 50; ++seed) {
    for (std::uint64_t t = 0; t < 100; ++t) {
      const auto exits = mixed_exits({0, 1});
      const auto step = next_step(rules, seed, 2, t, exits);
      ASSERT_TRUE(step);
      EXPECT_TRUE(step->dir == 1 || step->dir == 3) << int(step->dir);
    }
  }
  // Only ways it may not take: it stays.
  const std::vector<wander_exit> closed{
      {0, wander_exit_kind::unexplored, {0, 2}, true, false},
      {1, wander_exit_kind::open, {1, 1}, false, false},   // no room there
      {2, wander_exit_kind::open, {0, 0}, true, false},    // the start room
      {3, wander_exit_kind::open, {-1, 1}, true, true},    // blocked (monsters there)
  };
  for (std::uint64_t t = 0; t < 100; ++t) {
    EXPECT_FALSE(next_step(rules, 7, 0, t, closed));
  }
}

TEST(Wanderers, CountGrowsWithExploredRoomsUpToTheCap) {
  wander_rules rules;
  rules.min_rooms = 4;
  rules.rooms_per_wanderer = 6;
  rules.max_per_branch = 3;
  EXPECT_EQ(wanderer_count(rules, 0), 0);
  EXPECT_EQ(wanderer_count(rules, 3), 0);
  EXPECT_EQ(wanderer_count(rules, 4), 1);
  EXPECT_EQ(wanderer_count(rules, 11), 1);
  EXPECT_EQ(wanderer_count(rules, 12), 2);
  EXPECT_EQ(wanderer_count(rules, 1000), 3);
  rules.max_per_branch = 0;
  EXPECT_EQ(wanderer_count(rules, 1000), 0);
}

TEST(Wanderers, AboutOneClearedRoomInTwelveWalkedBackThroughHasAnAttack) {
  // (issue 27: about a third of the cleared rooms walked back through had an attack.) The rate is the tables':
  // a grid branch of cleared rooms crossed at a room every 5 s while the wanderers step every 20 s.
  const content_tables tables = real_tables();
  double sum = 0;
  for (const auto& [w, h] : {std::pair{4, 3}, std::pair{5, 4}, std::pair{6, 5}}) {  // 12, 20 and 30 rooms
    walk_model model;
    model.width = w;
    model.height = h;
    const double rate = wanderer_attack_rate(tables.wanderers, model);
    EXPECT_LE(rate, 0.10) << w * h << " rooms: at most one room in ten";
    EXPECT_GE(rate, 0.03) << w * h << " rooms: wanderers are still met";
    sum += rate;
  }
  EXPECT_NEAR(sum / 3, 1.0 / 12, 0.02) << "about one room in twelve";
  walk_model small;
  small.width = 3;
  small.height = 2;
  EXPECT_EQ(wanderer_attack_rate(tables.wanderers, small), 0.0) << "a branch of six rooms is left in peace";
  walk_model again;
  EXPECT_EQ(wanderer_attack_rate(tables.wanderers, again), wanderer_attack_rate(tables.wanderers, again));
  // The model sees what the old tables did: one wanderer for every six rooms from four on.
  wander_rules old = tables.wanderers;
  old.min_rooms = 4;
  old.rooms_per_wanderer = 6;
  walk_model twelve;
  EXPECT_GT(wanderer_attack_rate(old, twelve), 0.15);
}

TEST(Wanderers, GroupsComeFromTheMonsterTablesCutToMaxGroup) {
  const content_tables tables = real_tables();
  for (std::uint32_t id = 0; id < 20; ++id) {
    const monster_group g = wanderer_group(tables, 99, id, 5);
    EXPECT_NE(tables.find_monster(g.monster_key), nullptr);
    EXPECT_GE(g.count, 1);
    EXPECT_LE(g.count, tables.wanderers.max_group);
    EXPECT_EQ(g, wanderer_group(tables, 99, id, 5));
  }
  EXPECT_LT(spawn_index(5, 1, 7), 7U);
  EXPECT_EQ(spawn_index(5, 1, 7), spawn_index(5, 1, 7));
}

TEST(Wanderers, TheirFightTapeIsFarFromTheRoomsAndNamesThem) {
  const std::uint64_t pos = wanderer_tape_position(5, 1234);
  EXPECT_GT(pos, std::uint64_t{1} << 40);
  EXPECT_EQ(wanderer_of_tape(pos), 5U);
  EXPECT_EQ(wanderer_of_tape(pos + 300), 5U);  // rounds move the position on
  EXPECT_FALSE(wanderer_of_tape(room_tape_values));
}

TEST(Wanderers, BadTableValuesAreRefusedWithFileKeyAndLine) {
  content_copy copy("wanderers_bad");
  copy.replace("wanderers.toml", "rooms_per_wanderer = 10", "rooms_per_wanderer = 0");
  auto loaded = load_content(copy.dir());
  ASSERT_TRUE(std::holds_alternative<content_error>(loaded));
  const content_error& e = std::get<content_error>(loaded);
  EXPECT_EQ(e.file, (copy.dir() / "wanderers.toml").generic_string());
  EXPECT_EQ(e.key, "wanderers.rooms_per_wanderer");
  const std::string text = copy.read("wanderers.toml");
  const auto at = text.find("rooms_per_wanderer = 0");
  EXPECT_EQ(e.line, static_cast<std::uint32_t>(1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n')));

  content_copy chance("wanderers_chance");
  chance.replace("wanderers.toml", "stay_chance = 0.25", "stay_chance = 1.5");
  loaded = load_content(chance.dir());
  ASSERT_TRUE(std::holds_alternative<content_error>(loaded));
  EXPECT_EQ(std::get<content_error>(loaded).key, "wanderers.stay_chance");

  content_copy typo("wanderers_typo");
  typo.replace("wanderers.toml", "max_group", "max_grope");
  loaded = load_content(typo.dir());
  ASSERT_TRUE(std::holds_alternative<content_error>(loaded));
}

TEST(Wanderers, TheRealTablesLoad) {
  const content_tables tables = real_tables();
  EXPECT_EQ(tables.wanderers.verb_one, "prowls");
  EXPECT_GE(tables.wanderers.max_per_branch, 1);
}

}  // namespace
}  // namespace dw::content
