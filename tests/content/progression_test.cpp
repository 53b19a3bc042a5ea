// levels.toml: the levels, what they give, what earns experience, and the blows a level makes surer.
#include <gtest/gtest.h>

#include <algorithm>

#include "content/content_loader.hpp"
#include "content/fight_round.hpp"
#include "content/fight_state.hpp"
#include "content/room_roll.hpp"
#include "content/tape.hpp"
#include "content_test_support.hpp"

namespace dw::content {
namespace {

using testing::content_copy;
using testing::real_tables;

TEST(Progression, TheRealTableStartsAtLevelOneAndEveryLevelGivesAtLeastTheOneBefore) {
  const progression_rules rules = real_tables().progression;
  ASSERT_GE(rules.levels.size(), 10U);
  EXPECT_EQ(rules.levels.front().level, 1);
  EXPECT_EQ(rules.levels.front().xp, 0);
  EXPECT_EQ(rules.levels.front().hp, 0);
  EXPECT_EQ(rules.levels.front().hit, 0.0);
  EXPECT_EQ(rules.levels.front().damage, 0);
  for (std::size_t i = 1; i < rules.levels.size(); ++i) {
    EXPECT_GT(rules.levels[i].xp, rules.levels[i - 1].xp);
    EXPECT_GE(rules.levels[i].hp, rules.levels[i - 1].hp);
  }
  EXPECT_EQ(rules.level_for(0).level, 1);
  EXPECT_EQ(rules.level_for(rules.levels[1].xp - 1).level, 1);
  EXPECT_EQ(rules.level_for(rules.levels[1].xp).level, 2);
  EXPECT_EQ(rules.level_for(1'000'000'000).level, rules.levels.back().level);
  EXPECT_EQ(rules.next_after(1)->level, 2);
  EXPECT_EQ(rules.next_after(rules.levels.back().level), nullptr);
}

TEST(Progression, AFightIsWorthMoreDeeperAndANewDepthByItsDepth) {
  const progression_rules rules = real_tables().progression;
  EXPECT_EQ(rules.fight_xp(0, 1), rules.per_monster);
  EXPECT_EQ(rules.fight_xp(5, 3), 3 * (rules.per_monster + 5 * rules.per_depth));
  EXPECT_GT(rules.fight_xp(10, 1), rules.fight_xp(2, 1));
  EXPECT_EQ(rules.depth_xp(7), 7 * rules.per_new_depth);
}

TEST(Progression, ABadLevelTableIsNamedWithFileKeyAndLine) {
  {
    content_copy copy("levels_gap");
    copy.replace("levels.toml", "level = 3\n", "level = 4\n");
    const std::string e = copy.load_error().to_string();
    EXPECT_NE(e.find("levels.toml:"), std::string::npos) << e;
    EXPECT_NE(e.find("levels[2].level: must be 3"), std::string::npos) << e;
  }
  {
    content_copy copy("levels_falling_xp");
    copy.replace("levels.toml", "xp = 300\n", "xp = 50\n");
    EXPECT_NE(copy.load_error().to_string().find("levels[2].xp: must be more than level 2's 100"), std::string::npos);
  }
  {
    content_copy copy("levels_hit");
    copy.replace("levels.toml", "hit = 0.03\n", "hit = 0.9\n");
    EXPECT_NE(copy.load_error().to_string().find("levels[1].hit"), std::string::npos);
  }
  {
    content_copy copy("levels_unknown_key");
    copy.replace("levels.toml", "per_depth = 4\n", "per_depth = 4\nper_kill = 3\n");
    EXPECT_NE(copy.load_error().to_string().find("per_kill"), std::string::npos);
  }
}

/// Every blow dealt in a long fight, for one fighter.
std::vector<int> blows(const content_tables& tables, const fighter& f) {
  const tape t(tape_seed(42, 1, 3, 4));
  fight_state state;
  state.monster_key = tables.monsters.front().key;
  state.depth = 3;
  state.hp_each = 100000;
  state.damage_each = 0;
  state.monster_hp = {100000};
  std::vector<int> out;
  for (int i = 0; i < 400; ++i) {
    const round_result r = fight_round(tables, t, state, std::vector<fighter>{f});
    out.push_back(r.fighters.front().damage_dealt);
  }
  return out;
}

TEST(Progression, ALevelMakesEveryBlowOfTheSameTapeAtLeastAsHardAndLevelOneChangesNothing) {
  const content_tables tables = real_tables();
  fighter plain{1, 100, 100, std::nullopt, std::nullopt};
  fighter trained = plain;
  trained.hit = 0.2;
  trained.extra_damage = 4;
  const std::vector<int> a = blows(tables, plain);
  const std::vector<int> b = blows(tables, trained);
  int misses_plain = 0;
  int misses_trained = 0;
  long total_plain = 0;
  long total_trained = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_GE(b[i], a[i]) << "round " << i;
    misses_plain += a[i] == 0;
    misses_trained += b[i] == 0;
    total_plain += a[i];
    total_trained += b[i];
  }
  EXPECT_LT(misses_trained, misses_plain);
  EXPECT_GT(total_trained, total_plain * 2);
  // A level-1 fighter (no bonus) fights exactly as before levels existed: the same tape, the same blows.
  fighter level_one = plain;
  level_one.hit = 0.0;
  level_one.extra_damage = 0;
  EXPECT_EQ(blows(tables, level_one), a);
}

}  // namespace
}  // namespace dw::content
