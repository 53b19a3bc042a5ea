#include <gtest/gtest.h>

#include <array>
#include <map>
#include <set>

#include "content/room_roll.hpp"
#include "content_test_support.hpp"

namespace dw::content {
namespace {

using testing::real_tables;

/// Event shares over 100,000 rooms of a deterministic world (every room its own tape).
std::array<double, 4> event_shares(const content_tables& tables, carrier who) {
  std::array<int, 4> counts{};
  int n = 0;
  for (int x = 0; x < 400; ++x) {
    for (int y = 0; y < 250; ++y, ++n) {
      const room_contents room = roll_room(tables, tape(tape_seed(777, 3, x, y)), 10, who);
      ++counts[static_cast<std::size_t>(room.event)];
    }
  }
  std::array<double, 4> shares{};
  for (std::size_t i = 0; i < 4; ++i) {
    shares[i] = static_cast<double>(counts[i]) / n;
  }
  return shares;
}

// Standard deviation of a 25% share over 100,000 rooms is 0.14%; 1% is about 7 of them.
constexpr double tolerance = 0.01;

TEST(RollRoom, EventsAreAQuarterEachForACharacterCarryingNothing) {
  const content_tables tables = real_tables();
  const auto s = event_shares(tables, {});
  EXPECT_NEAR(s[0], 0.25, tolerance);
  EXPECT_NEAR(s[1], 0.25, tolerance);
  EXPECT_NEAR(s[2], 0.25, tolerance);
  EXPECT_NEAR(s[3], 0.25, tolerance);
}

TEST(RollRoom, ACharacterWithAWeaponMeetsNoWeaponAndNoneDoubles) {
  const content_tables tables = real_tables();
  const auto s = event_shares(tables, {.has_weapon = true, .has_armour = false});
  EXPECT_NEAR(s[static_cast<std::size_t>(room_event::none)], 0.50, tolerance);
  EXPECT_NEAR(s[static_cast<std::size_t>(room_event::monster)], 0.25, tolerance);
  EXPECT_EQ(s[static_cast<std::size_t>(room_event::weapon)], 0.0);
  EXPECT_NEAR(s[static_cast<std::size_t>(room_event::armour)], 0.25, tolerance);
}

TEST(RollRoom, ACharacterWithArmourMeetsNoArmourAndMonstersDouble) {
  const content_tables tables = real_tables();
  const auto s = event_shares(tables, {.has_weapon = false, .has_armour = true});
  EXPECT_NEAR(s[static_cast<std::size_t>(room_event::none)], 0.25, tolerance);
  EXPECT_NEAR(s[static_cast<std::size_t>(room_event::monster)], 0.50, tolerance);
  EXPECT_NEAR(s[static_cast<std::size_t>(room_event::weapon)], 0.25, tolerance);
  EXPECT_EQ(s[static_cast<std::size_t>(room_event::armour)], 0.0);
}

TEST(RollRoom, ACharacterCarryingBothMeetsOnlyNothingOrMonsters) {
  const content_tables tables = real_tables();
  const auto s = event_shares(tables, {.has_weapon = true, .has_armour = true});
  EXPECT_NEAR(s[0], 0.50, tolerance);
  EXPECT_NEAR(s[1], 0.50, tolerance);
  EXPECT_EQ(s[2] + s[3], 0.0);
}

TEST(RollEvent, QuartersOfTheRollMapToEventsAndCarriedItemsShiftThem) {
  EXPECT_EQ(roll_event(0.0, {}), room_event::none);
  EXPECT_EQ(roll_event(0.2499, {}), room_event::none);
  EXPECT_EQ(roll_event(0.25, {}), room_event::monster);
  EXPECT_EQ(roll_event(0.5, {}), room_event::weapon);
  EXPECT_EQ(roll_event(0.75, {}), room_event::armour);
  EXPECT_EQ(roll_event(0.9999, {}), room_event::armour);
  EXPECT_EQ(roll_event(0.6, {.has_weapon = true, .has_armour = false}), room_event::none);
  EXPECT_EQ(roll_event(0.8, {.has_weapon = false, .has_armour = true}), room_event::monster);
  EXPECT_EQ(roll_event(0.8, {.has_weapon = true, .has_armour = false}), room_event::armour);
  EXPECT_EQ(to_string(room_event::armour), "armour");
}

TEST(RollRoom, TheSameTapeGivesTheSameRoom) {
  const content_tables tables = real_tables();
  for (int i = 0; i < 500; ++i) {
    const tape t(tape_seed(5, 1, i, -i));
    EXPECT_EQ(roll_room(tables, t, i % 130, {}), roll_room(tables, t, i % 130, {}));
  }
}

TEST(RollRoom, ContentsMatchTheEventAndTheFightStartsAfterFourValues) {
  const content_tables tables = real_tables();
  std::set<room_event> seen;
  for (int i = 0; i < 400; ++i) {
    const room_contents room = roll_room(tables, tape(tape_seed(8, 2, i, 0)), 30, {});
    seen.insert(room.event);
    EXPECT_EQ(room.tape_position, 4U);
    EXPECT_EQ(room.depth, 30);
    EXPECT_EQ(room.monsters.has_value(), room.event == room_event::monster);
    EXPECT_EQ(room.find_key.has_value(), room.event == room_event::weapon || room.event == room_event::armour);
    if (room.event == room_event::weapon) {
      EXPECT_NE(tables.find_weapon(*room.find_key), nullptr);
    }
    if (room.event == room_event::armour) {
      EXPECT_NE(tables.find_armour(*room.find_key), nullptr);
    }
    EXPECT_EQ(is_clear_at_start(room), room.event != room_event::monster);
  }
  EXPECT_EQ(seen.size(), 4U);
}

TEST(RollRoom, TheFindIsReadFromTheSecondTapeValue) {
  const content_tables tables = real_tables();
  for (int i = 0; i < 200; ++i) {
    const tape t(tape_seed(3, 3, i, 1));
    const room_contents room = roll_room(tables, t, 40, {});
    if (room.event == room_event::weapon) {
      EXPECT_EQ(*room.find_key, roll_find(tables, item_kind::weapon, 40, t.at(1)).key);
    }
    if (room.event == room_event::monster) {
      EXPECT_EQ(*room.monsters, make_room_monsters(tables, 40, t.at(2), t.at(3)));
    }
  }
}

TEST(RollFind, OnlyItemsWhoseMinDepthAllowsTheDepth) {
  const content_tables tables = real_tables();
  std::set<std::string> shallow;
  std::set<std::string> deep;
  for (int i = 0; i < 2000; ++i) {
    const double v = (i + 0.5) / 2000.0;
    for (const item_kind kind : {item_kind::weapon, item_kind::armour}) {
      const item_def& at_top = roll_find(tables, kind, 0, v);
      EXPECT_EQ(&roll_find(tables, kind, -5, v), &at_top);
      EXPECT_EQ(at_top.min_depth, 0) << at_top.key;
      EXPECT_EQ(at_top.kind, kind);
      shallow.insert(at_top.key);
      const item_def& below = roll_find(tables, kind, 20, v);
      EXPECT_LE(below.min_depth, 20) << below.key;
      deep.insert(roll_find(tables, kind, 500, v).key);
    }
  }
  EXPECT_EQ(deep.size(), tables.weapons.size() + tables.armour.size());
  EXPECT_LT(shallow.size(), deep.size());
}

/// Hand-made tables for exact checks: one monster, sizes 40/60 with counts 1..4 and 2..2.
content_tables small_tables() {
  content_tables t;
  t.monsters = {monster_def{"rat", "rat", "rats", "A rat.", 10, 3, 0, 1, {}},
                monster_def{"ogre", "ogre", "ogres", "An ogre.", 50, 9, 10, 1, {}}};
  t.sizes = {size_class{"small", "small", 40, 1, 4, 0.5, 0.5}, size_class{"big", "big", 60, 2, 2, 2.0, 2.0}};
  t.scaling.bands = {scaling_band{0, {1.0, 1.0, 1.0, 1.0}}, scaling_band{10, {2.0, 3.0, 2.0, 1.0}}};
  t.scaling.max_count = 5;
  return t;
}

TEST(MonsterGroup, OneRollChoosesTheSizeClassAndWhereItFellChoosesTheCount) {
  const content_tables t = small_tables();
  // Small covers [0, 0.4): quarters of it give counts 1, 2, 3, 4.
  EXPECT_EQ(make_monster_group(t, 0, 0.5, 0.05).count, 1);
  EXPECT_EQ(make_monster_group(t, 0, 0.5, 0.15).count, 2);
  EXPECT_EQ(make_monster_group(t, 0, 0.5, 0.25).count, 3);
  EXPECT_EQ(make_monster_group(t, 0, 0.5, 0.35).count, 4);
  const monster_group big = make_monster_group(t, 0, 0.5, 0.7);
  EXPECT_EQ(big.size_key, "big");
  EXPECT_EQ(big.count, 2);
  EXPECT_EQ(big.hp_each, 20);
  EXPECT_EQ(big.damage_each, 6);
  EXPECT_EQ(big.total_hp(), 40);
  EXPECT_EQ(big.max_damage(), 12);
  const monster_group small = make_monster_group(t, 0, 0.5, 0.0);
  EXPECT_EQ(small.hp_each, 5);
  EXPECT_EQ(small.damage_each, 2);  // 1.5 rounds half away from zero
}

TEST(MonsterGroup, DepthScalesAndRestrictsTheMonsterAndCapsTheCount) {
  const content_tables t = small_tables();
  for (int i = 0; i < 100; ++i) {
    EXPECT_EQ(make_monster_group(t, 9, i / 100.0, 0.5).monster_key, "rat");
  }
  const monster_group deep_rat = make_monster_group(t, 10, 0.2, 0.7);
  EXPECT_EQ(deep_rat.monster_key, "rat");
  EXPECT_EQ(deep_rat.count, 4);
  EXPECT_EQ(deep_rat.hp_each, 40);
  EXPECT_EQ(deep_rat.damage_each, 18);
  EXPECT_EQ(make_monster_group(t, 10, 0.7, 0.7).monster_key, "ogre");
  EXPECT_EQ(make_monster_group(t, 10, 0.5, 0.35).count, 5);  // 4 x 2 = 8, capped at max_count 5
}

TEST(MonsterGroup, RealTablesRespectMinDepth) {
  const content_tables tables = real_tables();
  std::set<std::string> at_top;
  std::set<std::string> deepest;
  for (int i = 0; i < 1000; ++i) {
    const double v = (i + 0.5) / 1000.0;
    const monster_group g = make_monster_group(tables, 0, v, v);
    EXPECT_EQ(tables.find_monster(g.monster_key)->min_depth, 0);
    EXPECT_EQ(make_monster_group(tables, -5, v, v), g);  // above the top counts as the top
    at_top.insert(g.monster_key);
    deepest.insert(make_monster_group(tables, 1000, v, 1.0 - v).monster_key);
    EXPECT_LE(make_monster_group(tables, 1000, v, v).count, tables.scaling.max_count);
  }
  EXPECT_EQ(deepest.size(), tables.monsters.size());
  EXPECT_LT(at_top.size(), deepest.size());
}

TEST(MonsterGroup, DescribesTheGroupInEnglish) {
  const content_tables t = small_tables();
  EXPECT_EQ(describe_monster_group(t, make_monster_group(t, 0, 0.5, 0.05)), "a small rat");
  EXPECT_EQ(describe_monster_group(t, make_monster_group(t, 0, 0.5, 0.25)), "three small rats");
  EXPECT_EQ(describe_monster_group(t, make_monster_group(t, 10, 0.9, 0.9)), "four big ogres");
  content_tables plain = t;
  plain.sizes[0].adjective = "";
  EXPECT_EQ(describe_monster_group(plain, make_monster_group(plain, 10, 0.9, 0.05)), "two ogres");
  monster_group lone = make_monster_group(plain, 10, 0.9, 0.05);
  lone.count = 1;
  EXPECT_EQ(describe_monster_group(plain, lone), "an ogre");
}

}  // namespace
}  // namespace dw::content
