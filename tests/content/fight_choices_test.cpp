// The round rules for fight choices, wards, fleeing, aggression, consider and silver (issue 12).
#include <gtest/gtest.h>

#include "content/fight_judgement.hpp"
#include "content/fight_odds.hpp"
#include "content/fight_round.hpp"
#include "content_test_support.hpp"

namespace dw::content {
namespace {

using testing::real_tables;

/// A fight against one monster whose blows are big enough to matter.
fight_state one_monster(int hp = 1000, int damage = 10, int depth = 1) {
  fight_state s;
  s.monster_key = "cave_rat";
  s.size_key = "ordinary";
  s.depth = depth;
  s.hp_each = hp;
  s.damage_each = damage;
  s.monster_hp = {hp};
  return s;
}

fighter me(fight_choice choice = fight_choice::attack) {
  fighter f{1, 1000, 1000, "short_sword", std::nullopt};
  f.choice = choice;
  return f;
}

/// `me()` with a ward of `points` lasting `rounds` rounds.
fighter warded(int points, int rounds) {
  fighter f = me();
  f.ward_points = points;
  f.ward_rounds = rounds;
  return f;
}

/// What one round against `s` did to `f`, fighting alone.
fighter_outcome alone(const content_tables& tables, const tape& t, fight_state& s, const fighter& f) {
  return fight_round(tables, t, s, std::span(&f, 1)).fighters[0];
}

/// The same against a fresh `one_monster()`.
fighter_outcome alone(const content_tables& tables, const tape& t, const fighter& f) {
  fight_state s = one_monster();
  return alone(tables, t, s, f);
}

/// A tape on which the first round's two values give a monster blow of at least `least` and a fighter
/// blow of at least 2 (so halving shows).
tape tape_with_blows(const content_tables& tables, int least) {
  for (std::uint64_t seed = 1; seed < 100'000; ++seed) {
    const tape t(seed);
    const fight_state s = one_monster();
    if (blow(t.at(s.tape_position), s.damage_each) >= least &&
        blow(t.at(s.tape_position + 1), tables.find_weapon("short_sword")->damage) >= 2) {
      return t;
    }
  }
  ADD_FAILURE() << "no tape found";
  return tape(0);
}

TEST(FightChoices, EveryChoiceReadsTheSameTwoTapeValues) {
  const content_tables tables = real_tables();
  const tape t(77);
  for (fight_choice c : {fight_choice::attack, fight_choice::defend, fight_choice::flee, fight_choice::busy}) {
    fight_state s = one_monster();
    const std::uint64_t start = s.tape_position;
    (void)alone(tables, t, s, me(c));
    EXPECT_EQ(s.tape_position, start + 2) << static_cast<int>(c);
  }
}

TEST(FightChoices, DefendHalvesWhatIsTakenAndDealt) {
  const content_tables tables = real_tables();
  const tape t = tape_with_blows(tables, 4);
  const fighter_outcome ra = alone(tables, t, me(fight_choice::attack));
  const fighter_outcome rd = alone(tables, t, me(fight_choice::defend));
  EXPECT_EQ(rd.damage_taken, static_cast<int>(ra.damage_taken * tables.combat.defend_taken));
  EXPECT_EQ(rd.damage_dealt, static_cast<int>(ra.damage_dealt * tables.combat.defend_dealt));
  EXPECT_LT(rd.damage_taken, ra.damage_taken);
}

TEST(FightChoices, TheWardAbsorbsFirstThenArmourAndWearsOut) {
  const content_tables tables = real_tables();
  const tape t = tape_with_blows(tables, 6);
  const int raw = alone(tables, t, me()).damage_taken;
  const fighter_outcome o = alone(tables, t, warded(3, 1));
  EXPECT_EQ(o.warded, 3);
  EXPECT_EQ(o.damage_taken, raw - 3);
  EXPECT_EQ(o.ward_rounds, 0) << "a one-round ward is spent";
  EXPECT_EQ(o.ward_points, 0);

  const fighter_outcome all = alone(tables, t, warded(1000, 3));
  EXPECT_EQ(all.damage_taken, 0);
  EXPECT_EQ(all.ward_points, 1000 - all.blow);
  EXPECT_EQ(all.ward_rounds, 2);
}

TEST(FightChoices, AMissIsABlowOfNothing) {
  const content_tables tables = real_tables();
  for (std::uint64_t seed = 1; seed < 10'000; ++seed) {
    const tape t(seed);
    const fighter_outcome o = alone(tables, t, me());
    if (o.blow == 0) {
      EXPECT_EQ(o.damage_taken, 0);
      EXPECT_EQ(o.armoured, 0);
      return;
    }
  }
  FAIL() << "no missing blow found";
}

TEST(FightChoices, FleeSucceedsWhenTheRollIsBelowTheDepthsChance) {
  const content_tables tables = real_tables();
  EXPECT_GT(flee_chance(tables, 0), flee_chance(tables, 8)) << "deeper is harder to escape";
  EXPECT_GE(flee_chance(tables, 1000), tables.combat.flee_min);
  int fled = 0;
  int failed = 0;
  for (std::uint64_t seed = 1; seed < 200; ++seed) {
    const tape t(seed);
    fight_state s = one_monster(1000, 10, 5);
    const fighter_outcome o = alone(tables, t, s, me(fight_choice::flee));
    const bool below = t.at(s.tape_position - 1) < flee_chance(tables, 5);
    EXPECT_EQ(o.fled, below);
    EXPECT_EQ(o.flee_failed, !below);
    EXPECT_FALSE(o.struck) << "fleeing never strikes";
    if (o.fled) {
      EXPECT_EQ(o.damage_taken, 0) << "gone before the blow";
      ++fled;
    } else {
      ++failed;
    }
  }
  EXPECT_GT(fled, 0);
  EXPECT_GT(failed, 0);
}

TEST(FightChoices, BusyTakesTheBlowButDoesNotStrike) {
  const content_tables tables = real_tables();
  const tape t = tape_with_blows(tables, 4);
  fight_state s = one_monster();
  const fighter_outcome o = alone(tables, t, s, me(fight_choice::busy));
  EXPECT_GT(o.damage_taken, 0);
  EXPECT_FALSE(o.struck);
  EXPECT_EQ(s.monster_hp[0], 1000);
}

TEST(FightChoices, SameChoicesGiveTheSameFight) {
  const content_tables tables = real_tables();
  const tape t(4242);
  auto run = [&] {
    fight_state s = one_monster(40, 4);
    std::vector<fighter> fs{me(fight_choice::attack), me(fight_choice::defend)};
    fs[1].id = 2;
    std::vector<round_result> rounds;
    for (int i = 0; i < 20 && !s.won(); ++i) {
      fs[0].choice = i % 3 == 2 ? fight_choice::defend : fight_choice::attack;
      rounds.push_back(fight_round(tables, t, s, fs));
      for (std::size_t k = 0; k < fs.size(); ++k) {
        fs[k].hp = rounds.back().fighters[k].hp_after;
      }
    }
    return rounds;
  };
  EXPECT_EQ(run(), run());
}

TEST(FightChoices, APinnedRound) {
  const content_tables tables = real_tables();
  const tape t(12345);
  fight_state s = one_monster(30, 6);
  const fighter f = me();
  const round_result r = fight_round(tables, t, s, std::span(&f, 1));
  const int sword = tables.find_weapon("short_sword")->damage;
  EXPECT_EQ(r.fighters[0].blow, blow(t.at(room_tape_values), 6));
  EXPECT_EQ(r.fighters[0].damage_dealt, blow(t.at(room_tape_values + 1), sword));
  EXPECT_EQ(s.monster_hp[0], 30 - r.fighters[0].damage_dealt);
  EXPECT_EQ(r.fighters[0].kills, 0);
}

TEST(FightChoices, AggressionIsDecidedByTheRoomsTapeFromADepth) {
  const content_tables tables = real_tables();
  const int from = tables.combat.aggression_from_depth;
  EXPECT_EQ(aggression_chance(tables, from - 1), 0.0);
  EXPECT_GT(aggression_chance(tables, from), 0.0);
  int angry = 0;
  for (std::uint64_t seed = 1; seed < 400; ++seed) {
    const tape t(seed);
    EXPECT_FALSE(aggressive(tables, t, from - 1));
    EXPECT_EQ(aggressive(tables, t, from + 2), aggressive(tables, tape(seed), from + 2)) << "deterministic";
    EXPECT_EQ(aggressive(tables, t, from + 2), t.at(aggression_tape_index) < aggression_chance(tables, from + 2));
    angry += aggressive(tables, t, from + 2) ? 1 : 0;
  }
  EXPECT_GT(angry, 0);
  EXPECT_LT(angry, 399);
  EXPECT_GT(aggression_tape_index, std::uint64_t{1} << 32) << "far beyond any fight's reach";
}

TEST(FightChoices, HealthWordsByShareLeft) {
  const content_tables tables = real_tables();
  EXPECT_EQ(health_word(tables, 100, 100), "unhurt");
  EXPECT_EQ(health_word(tables, 80, 100), "scratched");
  EXPECT_EQ(health_word(tables, 50, 100), "wounded");
  EXPECT_EQ(health_word(tables, 20, 100), "badly wounded");
  EXPECT_EQ(health_word(tables, 5, 100), "near death");
  EXPECT_EQ(health_word(tables, 0, 100), "dead");
}

TEST(FightChoices, ConsiderWeighsTheGroupAgainstYou) {
  const content_tables tables = real_tables();
  const fighter strong{1, 100000, 100000, "short_sword", std::nullopt};
  const fighter weak{1, 1, 1, std::nullopt, std::nullopt};
  EXPECT_EQ(verdict(tables, weigh_fight(tables, one_monster(10, 2), strong)), odds::easy);
  EXPECT_EQ(verdict(tables, weigh_fight(tables, one_monster(1000, 20), weak)), odds::hopeless);
}

TEST(FightChoices, SilverGrowsWithMonstersAndDepth) {
  const content_tables tables = real_tables();
  EXPECT_EQ(silver_for(tables, 0, 2), static_cast<std::int64_t>(tables.combat.silver_per_monster * 2 *
                                                                 tables.scaling.at(0).reward));
  EXPECT_GE(silver_for(tables, 10, 2), silver_for(tables, 0, 2));
}

}  // namespace
}  // namespace dw::content
