#include <gtest/gtest.h>

#include <set>

#include "content/fight_round.hpp"
#include "content/room_roll.hpp"
#include "content/scroll.hpp"
#include "content_test_support.hpp"

namespace dw::content {
namespace {

using testing::real_tables;

struct fight_log {
  std::vector<round_result> rounds;
  fight_state state;
  std::vector<fighter> fighters;
  bool operator==(const fight_log&) const = default;
};

/// Fights up to `max_rounds` rounds (fewer if the fight ends), applying each round's hp as the
/// server would; stopping early is fleeing.
fight_log run_fight(const content_tables& tables, const tape& t, fight_state state, std::vector<fighter> fighters,
                    int max_rounds) {
  fight_log log;
  for (int i = 0; i < max_rounds; ++i) {
    round_result r = fight_round(tables, t, state, fighters);
    for (std::size_t f = 0; f < fighters.size(); ++f) {
      fighters[f].hp = r.fighters[f].hp_after;
    }
    const bool over = r.won || r.lost;
    log.rounds.push_back(std::move(r));
    if (over) {
      break;
    }
  }
  log.state = std::move(state);
  log.fighters = std::move(fighters);
  return log;
}

std::vector<fighter> party() {
  return {fighter{1, 60, 60, "short_sword", "leather_coat"}, fighter{2, 40, 40, std::nullopt, std::nullopt}};
}

/// A monster room at `depth` whose fight against party() lasts at least `min_rounds` rounds.
std::pair<tape, room_contents> long_fight_room(const content_tables& tables, int depth, int min_rounds) {
  for (int x = 0; x < 10'000; ++x) {
    const tape t(tape_seed(4242, 1, x, depth));
    room_contents room = roll_room(tables, t, depth, {});
    if (room.event != room_event::monster) {
      continue;
    }
    const fight_log log = run_fight(tables, t, *start_fight(room), party(), 500);
    if (static_cast<int>(log.rounds.size()) >= min_rounds) {
      return {t, room};
    }
  }
  ADD_FAILURE() << "no long enough fight found";
  return {tape(0), room_contents{}};
}

TEST(Fight, ReplayingARoomWithTheSameChoicesGivesTheSameRoundsDamageAndLoot) {
  const content_tables tables = real_tables();
  int won_with_loot = 0;
  for (int x = 0; x < 300; ++x) {
    const tape t(tape_seed(99, 2, x, 7));
    const room_contents room = roll_room(tables, t, 25, {});
    if (room.event != room_event::monster) {
      continue;
    }
    const fight_log first = run_fight(tables, t, *start_fight(room), party(), 500);
    const fight_log again = run_fight(tables, t, *start_fight(roll_room(tables, t, 25, {})), party(), 500);
    EXPECT_EQ(first, again) << "room " << x;
    ASSERT_FALSE(first.rounds.empty());
    if (first.rounds.back().won) {
      ASSERT_TRUE(first.rounds.back().rewards.has_value());
      won_with_loot += 1;
    }
  }
  EXPECT_GT(won_with_loot, 10);
}

TEST(Fight, FleeingAfterSomeRoundsDiffersFromFightingOnAndEachRepeats) {
  const content_tables tables = real_tables();
  const auto [t, room] = long_fight_room(tables, 40, 5);
  const fight_state start = *start_fight(room);

  const fight_log fled = run_fight(tables, t, start, party(), 2);
  const fight_log fled_again = run_fight(tables, t, start, party(), 2);
  const fight_log fought = run_fight(tables, t, start, party(), 500);
  const fight_log fought_again = run_fight(tables, t, start, party(), 500);

  EXPECT_EQ(fled, fled_again);
  EXPECT_EQ(fought, fought_again);
  EXPECT_NE(fled, fought);
  ASSERT_EQ(fled.rounds.size(), 2U);
  EXPECT_FALSE(fled.state.won());
  EXPECT_TRUE(fought.rounds.back().won || fought.rounds.back().lost);
  // The rounds both fought are the same rounds: fleeing only cuts the fight short.
  EXPECT_EQ(fled.rounds[0], fought.rounds[0]);
  EXPECT_EQ(fled.rounds[1], fought.rounds[1]);
  std::uint64_t acted = 0;
  for (const round_result& r : fled.rounds) {
    for (const fighter_outcome& f : r.fighters) {
      acted += f.acted ? 1 : 0;
    }
  }
  // (and one value per behaviour of the monsters at the start of each round)
  EXPECT_EQ(fled.state.tape_position, room_tape_values + 2 * acted + 2 * start.behaviours.size());
}

TEST(Fight, APersistedFightResumesExactlyWhereItStopped) {
  const content_tables tables = real_tables();
  const auto [t, room] = long_fight_room(tables, 60, 4);
  const fight_state start = *start_fight(room);
  const fight_log whole = run_fight(tables, t, start, party(), 500);

  const fight_log first_part = run_fight(tables, t, start, party(), 2);
  const auto restored = fight_state::decode(first_part.state.encode());
  ASSERT_TRUE(restored.has_value());
  const fight_log rest = run_fight(tables, t, *restored, first_part.fighters, 500);
  EXPECT_EQ(rest.state, whole.state);
  EXPECT_EQ(rest.fighters, whole.fighters);
  ASSERT_EQ(rest.rounds.size() + 2, whole.rounds.size());
  EXPECT_EQ(rest.rounds.back(), whole.rounds.back());
}

TEST(Fight, EachFighterReadsAPairMonsterBlowFirstThenTheirOwn) {
  const content_tables tables = real_tables();
  const auto [t, room] = long_fight_room(tables, 30, 3);
  fight_state state = *start_fight(room);
  state.behaviours = {};  // the reading of a fight without behaviours (with them: fight_behaviours_test.cpp)
  const std::vector<fighter> solo = {fighter{7, 1000, 1000, "longsword", "chain_shirt"}};
  const int reduction = tables.find_armour("chain_shirt")->reduction;
  const int weapon = tables.find_weapon("longsword")->damage;
  for (std::uint64_t round = 0; round < 2 && !state.won(); ++round) {
    const std::uint64_t at = room_tape_values + round * 2;
    const std::int64_t most = static_cast<std::int64_t>(state.alive()) * state.damage_each;
    const std::size_t target = static_cast<std::size_t>(
        std::find_if(state.monster_hp.begin(), state.monster_hp.end(), [](int hp) { return hp > 0; }) -
        state.monster_hp.begin());
    const round_result r = fight_round(tables, t, state, solo);
    ASSERT_EQ(r.fighters.size(), 1U);
    EXPECT_EQ(r.round, round + 1);
    EXPECT_EQ(r.fighters[0].damage_taken, std::max(0, blow(t.at(at), most) - reduction));
    EXPECT_EQ(r.fighters[0].damage_dealt, blow(t.at(at + 1), weapon));
    EXPECT_EQ(r.fighters[0].target, target);
    EXPECT_EQ(r.fighters[0].hp_after, 1000 - r.fighters[0].damage_taken);
  }
}

TEST(Fight, BlowsCoverZeroToTheMostEvenly) {
  EXPECT_EQ(blow(0.0, 4), 0);
  EXPECT_EQ(blow(0.19, 4), 0);
  EXPECT_EQ(blow(0.2, 4), 1);
  EXPECT_EQ(blow(0.42, 10), 4);
  EXPECT_EQ(blow(0.9999, 4), 4);
  EXPECT_EQ(blow(0.5, 0), 0);
}

TEST(Fight, ArmourReducesEveryBlowButNeverBelowZero) {
  const content_tables tables = real_tables();
  const auto [t, room] = long_fight_room(tables, 30, 3);
  fight_state bare_state = *start_fight(room);
  fight_state armoured_state = bare_state;
  const std::vector<fighter> bare = {fighter{1, 500, 500, std::nullopt, std::nullopt}};
  const std::vector<fighter> armoured = {fighter{1, 500, 500, std::nullopt, "scale_mail"}};
  const int reduction = tables.find_armour("scale_mail")->reduction;
  const round_result a = fight_round(tables, t, bare_state, bare);
  const round_result b = fight_round(tables, t, armoured_state, armoured);
  EXPECT_EQ(b.fighters[0].damage_taken, std::max(0, a.fighters[0].damage_taken - reduction));
  EXPECT_EQ(a.fighters[0].damage_dealt, b.fighters[0].damage_dealt);
}

TEST(Fight, FightersAlreadyOutReadNothingAndTheRestFightAsIfAlone) {
  const content_tables tables = real_tables();
  const auto [t, room] = long_fight_room(tables, 30, 3);
  fight_state with_fallen = *start_fight(room);
  fight_state alone = with_fallen;
  const std::vector<fighter> two = {fighter{1, 0, 30, "longsword", std::nullopt},
                                    fighter{2, 300, 300, "short_sword", std::nullopt}};
  const std::vector<fighter> one = {two[1]};
  const round_result r2 = fight_round(tables, t, with_fallen, two);
  const round_result r1 = fight_round(tables, t, alone, one);
  EXPECT_FALSE(r2.fighters[0].acted);
  EXPECT_TRUE(r2.fighters[0].out);
  EXPECT_EQ(r2.fighters[1], r1.fighters[0]);
  EXPECT_EQ(with_fallen, alone);
}

TEST(Fight, AFighterKnockedOutDoesNotStrikeAndALostFightSaysSo) {
  const content_tables tables = real_tables();
  const auto [t, room] = long_fight_room(tables, 60, 3);
  fight_state state = *start_fight(room);
  const std::vector<fighter> frail = {fighter{3, 1, 30, "rune_sword", std::nullopt}};
  for (int i = 0; i < 50; ++i) {
    const round_result r = fight_round(tables, t, state, frail);
    if (r.fighters[0].out) {
      EXPECT_EQ(r.fighters[0].damage_dealt, 0);
      EXPECT_FALSE(r.fighters[0].target.has_value());
      EXPECT_TRUE(r.lost);
      EXPECT_FALSE(r.won);
      return;
    }
  }
  FAIL() << "a 1 hp fighter survived 50 rounds at depth 60";
}

TEST(Fight, TheWinningRoundRollsLootOnceAndLaterCallsChangeNothing) {
  const content_tables tables = real_tables();
  const auto [t, room] = long_fight_room(tables, 20, 1);
  fight_state state = *start_fight(room);
  const std::vector<fighter> hero = {fighter{9, 100'000, 100'000, "darkwood_glaive", "shadow_weave"}};
  round_result last;
  for (int i = 0; i < 500 && !state.won(); ++i) {
    last = fight_round(tables, t, state, hero);
    EXPECT_EQ(last.rewards.has_value(), last.won);
  }
  ASSERT_TRUE(last.won);
  EXPECT_EQ(last.monsters_killed.size(), 1U);
  const fight_state after = state;
  const round_result again = fight_round(tables, t, state, hero);
  EXPECT_TRUE(again.won);
  EXPECT_FALSE(again.rewards.has_value());
  EXPECT_FALSE(again.fighters[0].acted);
  EXPECT_EQ(state, after);
}

TEST(Fight, UnknownItemKeysCountAsBareHandsAndNoArmour) {
  const content_tables tables = real_tables();
  const auto [t, room] = long_fight_room(tables, 30, 3);
  fight_state a = *start_fight(room);
  fight_state b = a;
  const std::vector<fighter> known = {fighter{1, 500, 500, std::nullopt, std::nullopt}};
  const std::vector<fighter> unknown = {fighter{1, 500, 500, "lost_relic", "lost_robe"}};
  EXPECT_EQ(fight_round(tables, t, a, known), fight_round(tables, t, b, unknown));
}

TEST(Loot, IsRepeatableAndDeeperGivesMoreAndBetterScrolls) {
  const content_tables tables = real_tables();
  const monster_def* troll = tables.find_monster("cave_troll");
  double shallow_count = 0.0;
  double deep_count = 0.0;
  double shallow_quality = 0.0;
  double deep_quality = 0.0;
  int shallow_scrolls = 0;
  int deep_scrolls = 0;
  constexpr int n = 2000;
  for (int i = 0; i < n; ++i) {
    const tape t(tape_seed(5, 5, i, 0));
    tape_reader r1(t);
    tape_reader r2(t);
    const loot shallow = roll_loot(tables, r1, 0, troll);
    EXPECT_EQ(shallow, roll_loot(tables, r2, 0, troll));
    EXPECT_EQ(r1.position(), loot_tape_values(tables));
    tape_reader r3(t);
    const loot deep = roll_loot(tables, r3, 110, troll);
    shallow_count += static_cast<double>(shallow.scroll_seeds.size());
    deep_count += static_cast<double>(deep.scroll_seeds.size());
    for (const std::uint64_t seed : shallow.scroll_seeds) {
      shallow_quality += scroll_price_factor(tables, seed);
      ++shallow_scrolls;
    }
    for (const std::uint64_t seed : deep.scroll_seeds) {
      deep_quality += scroll_price_factor(tables, seed);
      ++deep_scrolls;
    }
  }
  EXPECT_GT(deep_count / n, 2.0 * (shallow_count / n));
  ASSERT_GT(shallow_scrolls, 0);
  ASSERT_GT(deep_scrolls, 0);
  EXPECT_GT(deep_quality / deep_scrolls, 1.2 * (shallow_quality / shallow_scrolls));
}

TEST(Loot, DropsComeOnlyFromTheMonstersListAtAboutTheDropChance) {
  const content_tables tables = real_tables();
  const monster_def* troll = tables.find_monster("cave_troll");
  const monster_def* rat = tables.find_monster("cave_rat");
  ASSERT_TRUE(rat->drops.empty());
  int drops = 0;
  constexpr int n = 4000;
  for (int i = 0; i < n; ++i) {
    const tape t(tape_seed(6, 6, i, 0));
    tape_reader troll_reader(t);
    tape_reader rat_reader(t);
    const loot from_troll = roll_loot(tables, troll_reader, 40, troll);
    EXPECT_FALSE(roll_loot(tables, rat_reader, 40, rat).item_key.has_value());
    if (from_troll.item_key) {
      ++drops;
      EXPECT_NE(std::find(troll->drops.begin(), troll->drops.end(), *from_troll.item_key), troll->drops.end());
    }
  }
  EXPECT_NEAR(static_cast<double>(drops) / n, tables.fights.drop_chance, 0.03);
}

}  // namespace
}  // namespace dw::content
