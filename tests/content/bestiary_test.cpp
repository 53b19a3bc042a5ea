// The bestiary (issue 27, items 1 and 2): enough monster kinds, met where a newcomer plays, something new
// every few depths, each described; named leaders at milestone depths with drop tables of their own.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "content/difficulty.hpp"
#include "content/fight_state.hpp"
#include "content/loot.hpp"
#include "content/monster_group.hpp"
#include "content/room_roll.hpp"
#include "content_test_support.hpp"

namespace dw::content {
namespace {

using testing::real_tables;
using testing::refusal;
using testing::refused;

TEST(Bestiary, HasTwentyFourKindsTenOfThemInTheFirstHourEachDescribed) {
  const content_tables tables = real_tables();
  EXPECT_GE(tables.monsters.size(), 24U);
  const auto shallow = std::count_if(tables.monsters.begin(), tables.monsters.end(),
                                     [](const monster_def& m) { return m.min_depth <= 12; });
  EXPECT_GE(shallow, 10);
  for (const monster_def& m : tables.monsters) {
    // One sentence: a capital, a full stop at the end and none before it.
    ASSERT_FALSE(m.description.empty()) << m.key;
    EXPECT_TRUE(m.description.front() >= 'A' && m.description.front() <= 'Z') << m.key;
    EXPECT_EQ(m.description.back(), '.') << m.key;
    EXPECT_EQ(m.description.find(". "), std::string::npos) << m.key << ": one sentence";
    EXPECT_NE(m.name, m.plural) << m.key;
  }
}

TEST(Bestiary, SomethingNewArrivesAtLeastEverySixDepthsToSixty) {
  const content_tables tables = real_tables();
  std::set<int> arrivals;
  for (const monster_def& m : tables.monsters) {
    arrivals.insert(m.min_depth);
  }
  int last = 0;
  for (const int depth : arrivals) {
    if (last >= 60) {
      break;
    }
    EXPECT_LE(depth - last, 6) << "no new kind between depth " << last << " and " << depth;
    last = depth;
  }
  EXPECT_GE(last, 60);
}

/// The share of monster rooms at `depth` holding each kind (which-monster rolls on a fine grid).
std::map<std::string, double> kinds_met(const content_tables& tables, int depth) {
  std::map<std::string, double> share;
  constexpr int n = 2000;
  for (int i = 0; i < n; ++i) {
    share[make_room_monsters(tables, depth, (i + 0.5) / n, 0.5).monster_key] += 1.0 / n;
  }
  return share;
}

TEST(Bestiary, EveryThemeBandOfTheFirstHourMeetsSeveralKindsAndItsNewOnesOften) {
  const content_tables tables = real_tables();
  // (the room themes' bands in the first hour: rooms.toml)
  for (const auto& [from, to] : {std::pair{0, 2}, {3, 5}, {6, 7}, {8, 11}, {12, 15}}) {
    std::map<std::string, double> band;
    for (int depth = from; depth <= to; ++depth) {
      for (const auto& [key, share] : kinds_met(tables, depth)) {
        band[key] += share / (to - from + 1);
      }
    }
    int common = 0;
    double arrived_here = 0.0;
    for (const auto& [key, share] : band) {
      common += share >= 0.05 ? 1 : 0;
      const monster_def* m = tables.find_monster(key);
      ASSERT_NE(m, nullptr) << key;
      if (m->min_depth >= from && tables.find_leader(key) == nullptr) {
        arrived_here += share;
      }
    }
    EXPECT_GE(common, 3) << "depths " << from << "-" << to;
    if (from > 0) {
      EXPECT_GE(arrived_here, 0.2) << "the kinds new at depths " << from << "-" << to << " are met often";
    }
  }
}

TEST(Bestiary, DeeperTheNewestKindsAreMetAndTheFirstHoursFade) {
  const content_tables tables = real_tables();
  for (int depth = 16; depth <= 70; ++depth) {
    const std::map<std::string, double> met = kinds_met(tables, depth);
    int newest = 0;
    for (const monster_def& m : tables.monsters) {
      newest = m.min_depth <= depth ? std::max(newest, m.min_depth) : newest;
    }
    double first_hour = 0.0;
    for (const auto& [key, share] : met) {
      const monster_def* m = tables.find_monster(key);
      if (tables.find_leader(key) == nullptr && m->min_depth == newest) {
        EXPECT_GE(share, 0.05) << m->key << " at depth " << depth << ": the newest kinds are met";
      }
      first_hour += m->min_depth <= 15 && tables.find_leader(key) == nullptr ? share : 0.0;
    }
    if (depth >= 28) {
      EXPECT_LT(first_hour, 0.5) << "depth " << depth << ": the first hour's kinds are under half the rooms";
    }
  }
}

TEST(Leaders, AreMetAtMilestoneDepthsAndNowhereElse) {
  const content_tables tables = real_tables();
  ASSERT_FALSE(tables.leaders.empty());
  std::set<int> milestones;
  for (const leader_def& l : tables.leaders) {
    EXPECT_EQ(l.depth % 5, 0) << l.kind.key << ": a milestone is every fifth depth";
    milestones.insert(l.depth);
  }
  EXPECT_TRUE(milestones.contains(5) && milestones.contains(10)) << "a newcomer meets the first in the first hour";
  for (int depth = 0; depth <= 70; ++depth) {
    const leader_def* here = tables.leader_at(depth);
    const bool near_milestone = std::any_of(milestones.begin(), milestones.end(), [depth](int m) {
      return std::abs(depth - m) <= 1;
    });
    EXPECT_EQ(here != nullptr, near_milestone) << depth;
    // The top of the which-monster roll is the leader; the rest, and every roll elsewhere, is ordinary.
    const monster_group top = make_room_monsters(tables, depth, 0.999, 0.5);
    const monster_group low = make_room_monsters(tables, depth, 0.001, 0.5);
    EXPECT_EQ(tables.find_leader(low.monster_key), nullptr) << depth;
    if (here != nullptr) {
      EXPECT_EQ(top.monster_key, here->kind.key) << depth;
      EXPECT_EQ(top.count, 1);
      EXPECT_EQ(top.size_key, leader_size_key);
      EXPECT_EQ(make_room_monsters(tables, depth, 0.999 - here->chance, 0.5).monster_key == here->kind.key, false);
    } else {
      EXPECT_EQ(top, make_monster_group(tables, depth, 0.999, 0.5)) << depth;
      EXPECT_EQ(tables.find_leader(top.monster_key), nullptr) << depth;
    }
  }
}

TEST(Leaders, HoldTheirShareOfMonsterRoomsAndAreStrongerThanAnyOrdinaryMonsterThere) {
  const content_tables tables = real_tables();
  for (const leader_def& l : tables.leaders) {
    const std::map<std::string, double> met = kinds_met(tables, l.depth);
    EXPECT_NEAR(met.count(l.kind.key) != 0 ? met.at(l.kind.key) : 0.0, l.chance, 0.002) << l.kind.key;
    const monster_group g = leader_group(tables, l, l.depth);
    const double leader = static_cast<double>(g.total_hp()) * static_cast<double>(g.max_damage());
    EXPECT_GT(leader, 2.0 * expected_difficulty(tables, l.depth)) << l.kind.key;
    for (std::size_t mi = 0; mi < tables.monsters.size(); ++mi) {
      if (tables.monsters[mi].min_depth > l.depth) {
        continue;
      }
      for (std::size_t si = 0; si < tables.sizes.size(); ++si) {
        const monster_group one = scale_monster_group(tables, mi, si, 1, l.depth);
        EXPECT_GT(g.hp_each, one.hp_each) << l.kind.key << " vs " << one.size_key << " " << one.monster_key;
        EXPECT_GT(static_cast<double>(g.hp_each) * g.damage_each,
                  static_cast<double>(one.hp_each) * one.damage_each)
            << l.kind.key << " vs " << one.size_key << " " << one.monster_key;
      }
    }
  }
}

/// The fight in a room of `l`'s milestone depth that holds `l`.
std::optional<fight_state> leader_fight(const content_tables& tables, const leader_def& l) {
  room_contents room;
  room.event = room_event::monster;
  room.depth = l.depth;
  room.monsters = leader_group(tables, l, l.depth);
  return start_fight(room);
}

TEST(Leaders, AreNamedDescribedAndTheirFightsSaveAndResume) {
  const content_tables tables = real_tables();
  const leader_def* gnawbone = tables.find_leader("gnawbone");
  ASSERT_NE(gnawbone, nullptr);
  EXPECT_EQ(gnawbone->title, "Old Gnawbone, the rat-king");
  EXPECT_EQ(tables.find_monster("gnawbone"), &gnawbone->kind) << "fights, look and loot find it as a monster";
  for (const leader_def& l : tables.leaders) {
    EXPECT_FALSE(l.kind.description.empty());
    EXPECT_FALSE(l.arrival.empty());
    EXPECT_EQ(describe_monster_group(tables, leader_group(tables, l, l.depth)), l.title);
    const std::optional<fight_state> fight = leader_fight(tables, l);
    ASSERT_TRUE(fight.has_value());
    EXPECT_EQ(fight_state::decode(fight->encode()), fight) << l.kind.key << ": its key and size travel in the save";
  }
}

TEST(Leaders, TheirDropTableIsRolledFromTheTape) {
  const content_tables tables = real_tables();
  const leader_def* gnawbone = tables.find_leader("gnawbone");
  ASSERT_NE(gnawbone, nullptr);
  std::map<std::string, int> fell;
  constexpr int n = 4000;
  for (int i = 0; i < n; ++i) {
    const tape t(tape_seed(27, 5, i, 0));
    tape_reader first(t);
    tape_reader again(t);
    const loot a = roll_loot(tables, first, 5, &gnawbone->kind);
    EXPECT_EQ(a, roll_loot(tables, again, 5, &gnawbone->kind)) << "same tape, same drop";
    EXPECT_EQ(first.position(), loot_tape_values(tables)) << "a leader reads what any fight's loot reads";
    EXPECT_GE(a.scroll_seeds.size(), static_cast<std::size_t>(gnawbone->scrolls));
    // The drop roll (after the count and the seeds) walks the table's shares.
    const double drop_roll = t.at(1 + static_cast<std::uint64_t>(tables.fights.max_scrolls));
    std::optional<std::string> expected;
    double below = 0.0;
    for (const leader_drop& d : gnawbone->drops) {
      below += d.chance;
      if (drop_roll < below) {
        expected = d.item;
        break;
      }
    }
    EXPECT_EQ(a.item_key, expected);
    fell[a.item_key.value_or("")] += 1;
  }
  for (const leader_drop& d : gnawbone->drops) {
    EXPECT_NEAR(static_cast<double>(fell[d.item]) / n, d.chance, 0.03) << d.item;
  }
}

TEST(Leaders, TheLoaderRefusesAnUnknownDropNamingFileAndKey) {
  const refusal r = refused("leader_unknown_drop", "monsters.toml", "{ item = \"short_sword\", chance = 0.25 }",
                            "{ item = \"moon_sword\", chance = 0.25 }", "leaders[0].drops[0].item",
                            "unknown weapon or armour \"moon_sword\"");
  EXPECT_GT(r.error.line, 0U);
}

TEST(Leaders, TheLoaderRefusesChancesOverOneOverlapsAndTakenKeys) {
  refused("leader_chances", "monsters.toml", "{ item = \"leather_coat\", chance = 0.35 }",
          "{ item = \"leather_coat\", chance = 0.8 }", "leaders[0].drops[1].chance",
          "the drop table's chances add up to more than 1");
  const std::string overlap =
      refused("leader_overlap", "monsters.toml", "depth = 10\nreach = 1", "depth = 7\nreach = 1", "leaders[1].depth")
          .error.reason;
  EXPECT_NE(overlap.find("overlaps"), std::string::npos) << overlap;
  refused("leader_key", "monsters.toml", "key = \"gnawbone\"", "key = \"cave_rat\"", "leaders[0].key");
  // (longer than a saved fight's key may be)
  refused("leader_long_key", "monsters.toml", "key = \"gnawbone\"", "key = \"old_gnawbone_the_rat_king_of_cellars\"",
          "leaders[0].key");
}

TEST(Leaders, CarryTheirBehavioursIntoTheirFightAndAnUnknownOneIsRefused) {
  const content_tables tables = real_tables();
  for (const leader_def& l : tables.leaders) {
    EXPECT_FALSE(l.kind.behaviours.empty()) << l.kind.key << ": a leader fights in its own way";
    const std::optional<fight_state> fight = leader_fight(tables, l);
    ASSERT_TRUE(fight.has_value());
    EXPECT_EQ(fight->behaviours, l.kind.behaviours) << l.kind.key;
  }
  refused("leader_unknown_behaviour", "monsters.toml", "silver = 20\nscrolls = 1\nbehaviours = [\"frenzied\"]",
          "silver = 20\nscrolls = 1\nbehaviours = [\"sulking\"]", "leaders[0].behaviours[0]",
          "unknown behaviour \"sulking\"");
}

}  // namespace
}  // namespace dw::content
