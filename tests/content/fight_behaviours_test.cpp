// Monsters' behaviours in the fight rules (issue 27, item 2): each acts on the tape, is told as an event,
// and the same choices always give the same fight.
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <set>
#include <span>
#include <vector>

#include "content/fight_odds.hpp"
#include "content/fight_round.hpp"
#include "content_test_support.hpp"

namespace dw::content {
namespace {

using testing::real_tables;

/// The real tables with `b` acting every round it can (its chance 1).
content_tables always(behaviour b) {
  content_tables t = real_tables();
  t.combat.behaviours[static_cast<std::size_t>(b)].chance = 1.0;
  return t;
}

/// `count` monsters of `hp` hit points and `damage` each, with behaviour `b`, at depth 10.
fight_state fight_with(behaviour b, int count = 1, int hp = 40, int damage = 6) {
  fight_state s;
  s.monster_key = "cave_rat";
  s.size_key = "ordinary";
  s.depth = 10;
  s.hp_each = hp;
  s.damage_each = damage;
  s.monster_hp.assign(static_cast<std::size_t>(count), hp);
  s.behaviours.add(b);
  return s;
}

fighter sturdy(std::uint64_t id = 1) { return fighter{id, 500, 500, "short_sword", std::nullopt}; }

std::vector<behaviour_event> of(const round_result& r, behaviour b) {
  std::vector<behaviour_event> out;
  std::copy_if(r.events.begin(), r.events.end(), std::back_inserter(out),
               [b](const behaviour_event& e) { return e.which == b; });
  return out;
}

const tape some_tape(0xBE4A'710E'0000'0001ULL);

TEST(FightBehaviours, AFightWithoutBehavioursReadsTwoValuesPerFighterAsBefore) {
  const content_tables tables = real_tables();
  fight_state plain = fight_with(behaviour::armoured, 2, 500, 1);
  plain.behaviours = {};
  const std::vector<fighter> two{sturdy(1), sturdy(2)};
  const round_result r = fight_round(tables, some_tape, plain, two);
  EXPECT_EQ(plain.tape_position, room_tape_values + 4);
  EXPECT_TRUE(r.events.empty());
  EXPECT_EQ(plain.encode().substr(0, 3), "f1 ");
}

TEST(FightBehaviours, EachBehaviourReadsOneValueAtTheStartOfTheRound) {
  const content_tables tables = real_tables();
  fight_state s = fight_with(behaviour::armoured, 2, 500, 1);
  s.behaviours.add(behaviour::pack);
  s.behaviours.add(behaviour::frenzied);
  const std::vector<fighter> two{sturdy(1), sturdy(2)};
  fight_round(tables, some_tape, s, two);
  EXPECT_EQ(s.tape_position, room_tape_values + 3 + 4);
}

TEST(FightBehaviours, ArmouredTurnsPartOfTheBlowAsideAndSaysSo) {
  const content_tables tables = always(behaviour::armoured);
  fight_state s = fight_with(behaviour::armoured, 1, 500, 1);
  const fighter f = sturdy();
  int told = 0;
  for (int round = 0; round < 30; ++round) {
    const int before = s.monster_hp[0];
    const round_result r = fight_round(tables, some_tape, s, std::span(&f, 1));
    const fighter_outcome& o = r.fighters[0];
    EXPECT_EQ(before - s.monster_hp[0], o.damage_dealt);
    const auto events = of(r, behaviour::armoured);
    if (o.turned > 0) {
      ASSERT_EQ(events.size(), 1U);
      EXPECT_EQ(events[0].fighter, 0U);
      EXPECT_EQ(events[0].what, behaviour_event::kind::on);
      EXPECT_EQ(events[0].amount, o.turned);
      // share 0.3 of the whole blow, rounded down
      EXPECT_EQ(o.turned, static_cast<int>(0.3 * (o.turned + o.damage_dealt)));
      ++told;
    } else {
      EXPECT_TRUE(events.empty());
    }
  }
  EXPECT_GT(told, 5);
}

TEST(FightBehaviours, APackCallsItsKinUpToItsMost) {
  const content_tables tables = always(behaviour::pack);
  fight_state s = fight_with(behaviour::pack, 1, 500, 1);
  const fighter f = sturdy();
  const round_result first = fight_round(tables, some_tape, s, std::span(&f, 1));
  ASSERT_EQ(of(first, behaviour::pack).size(), 1U);
  EXPECT_EQ(s.monster_hp.size(), 2U);
  EXPECT_EQ(s.monster_hp[1], 500);
  EXPECT_EQ(s.kin_called, 1);
  for (int round = 0; round < 5; ++round) {
    fight_round(tables, some_tape, s, std::span(&f, 1));
  }
  const int most = tables.combat.behaviours[static_cast<std::size_t>(behaviour::pack)].most;
  EXPECT_EQ(s.kin_called, most);
  EXPECT_EQ(s.monster_hp.size(), static_cast<std::size_t>(1 + most));
}

TEST(FightBehaviours, RegeneratingHealsTheMostHurt) {
  const content_tables tables = always(behaviour::regenerates);
  fight_state s = fight_with(behaviour::regenerates, 2, 100, 1);
  s.monster_hp = {50, 20};
  fighter f = sturdy();
  f.choice = fight_choice::busy;  // deals nothing: only the healing changes their hit points
  const round_result r = fight_round(tables, some_tape, s, std::span(&f, 1));
  const auto events = of(r, behaviour::regenerates);
  ASSERT_EQ(events.size(), 1U);
  EXPECT_EQ(events[0].amount, 8);  // share 0.08 of 100
  EXPECT_FALSE(events[0].fighter.has_value());
  EXPECT_EQ(s.monster_hp, (std::vector<int>{50, 28}));
}

TEST(FightBehaviours, AWardAbsorbsBlowsForItsRounds) {
  const content_tables tables = always(behaviour::wards);
  const behaviour_rule& rule = tables.combat.behaviours[static_cast<std::size_t>(behaviour::wards)];
  fight_state s = fight_with(behaviour::wards, 1, 1000, 1);
  const fighter f = sturdy();
  const round_result r = fight_round(tables, some_tape, s, std::span(&f, 1));
  const auto events = of(r, behaviour::wards);
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(events[0].what, behaviour_event::kind::acts);
  EXPECT_EQ(events[0].amount, 150);  // share 0.15 of 1000
  int absorbed = 0;
  for (const behaviour_event& e : events) {
    if (e.what == behaviour_event::kind::on) {
      absorbed += e.amount;
    }
  }
  EXPECT_EQ(absorbed, r.fighters[0].turned);
  EXPECT_EQ(s.ward_points, 150 - absorbed);
  EXPECT_EQ(s.ward_rounds, rule.rounds - 1);
  EXPECT_EQ(s.monster_hp[0], 1000 - r.fighters[0].damage_dealt);
  // No second ward while one stands; it is gone after its rounds (then a new one may rise).
  for (int round = 1; round < rule.rounds; ++round) {
    const round_result next = fight_round(tables, some_tape, s, std::span(&f, 1));
    for (const behaviour_event& e : of(next, behaviour::wards)) {
      EXPECT_EQ(e.what, behaviour_event::kind::on);
    }
  }
  EXPECT_EQ(s.ward_rounds, 0);
  EXPECT_EQ(s.ward_points, 0);
}

TEST(FightBehaviours, VenomBurnsInTheNextRoundsAndIsSaidEachTime) {
  const content_tables tables = always(behaviour::venomous);
  const behaviour_rule& rule = tables.combat.behaviours[static_cast<std::size_t>(behaviour::venomous)];
  fight_state s = fight_with(behaviour::venomous, 3, 1000, 20);
  fighter f = sturdy(9);
  // Round by round until the monsters' blow wounds the fighter.
  int round = 0;
  for (; round < 20; ++round) {
    const round_result r = fight_round(tables, some_tape, s, std::span(&f, 1));
    f.hp = r.fighters[0].hp_after;
    if (r.fighters[0].damage_taken > 0) {
      const auto bitten = of(r, behaviour::venomous);
      ASSERT_FALSE(bitten.empty());
      EXPECT_EQ(bitten.back().what, behaviour_event::kind::on);
      break;
    }
  }
  ASSERT_LT(round, 20);
  ASSERT_EQ(s.poisons.size(), 1U);
  EXPECT_EQ(s.poisons[0], (fight_state::poison{9, rule.rounds}));
  // The next round, the venom burns first: share 0.3 of damage 20.
  fighter busy = f;
  busy.choice = fight_choice::busy;
  const int hp_before = busy.hp;
  const round_result next = fight_round(tables, some_tape, s, std::span(&busy, 1));
  const auto burning = of(next, behaviour::venomous);
  ASSERT_FALSE(burning.empty());
  EXPECT_EQ(burning[0].what, behaviour_event::kind::again);
  EXPECT_TRUE(burning[0].early);
  EXPECT_EQ(burning[0].amount, 6);
  EXPECT_EQ(next.fighters[0].behaviour_taken, 6);
  EXPECT_EQ(next.fighters[0].hp_after, hp_before - 6 - next.fighters[0].damage_taken);
}

TEST(FightBehaviours, VenomOnItsOwnRunsOutAfterItsRounds) {
  content_tables tables = real_tables();  // venomous at chance 0: no new bites
  tables.combat.behaviours[static_cast<std::size_t>(behaviour::venomous)].chance = 0.0;
  fight_state s = fight_with(behaviour::venomous, 1, 1000, 4);
  s.poisons = {{5, 2}};
  fighter f = sturdy(5);
  f.choice = fight_choice::busy;
  int burns = 0;
  for (int round = 0; round < 4; ++round) {
    const round_result r = fight_round(tables, some_tape, s, std::span(&f, 1));
    burns += static_cast<int>(of(r, behaviour::venomous).size());
  }
  EXPECT_EQ(burns, 2);
  EXPECT_TRUE(s.poisons.empty());
}

TEST(FightBehaviours, ACowardFleesWhenBadlyHurtAndIsNotCountedSlain) {
  const content_tables tables = always(behaviour::cowardly);
  fight_state s = fight_with(behaviour::cowardly, 2, 100, 1);
  s.monster_hp = {100, 10};
  fighter f = sturdy();
  f.choice = fight_choice::busy;
  const round_result r = fight_round(tables, some_tape, s, std::span(&f, 1));
  ASSERT_EQ(of(r, behaviour::cowardly).size(), 1U);
  EXPECT_EQ(s.monster_hp, (std::vector<int>{100, fight_state::fled_hp}));
  EXPECT_EQ(s.alive(), 1);
  EXPECT_EQ(s.slain(), 0);
  EXPECT_TRUE(r.monsters_killed.empty());
  // The last one fleeing ends the fight: the room is clear.
  s.monster_hp[0] = 5;
  const round_result last = fight_round(tables, some_tape, s, std::span(&f, 1));
  EXPECT_TRUE(last.won);
  EXPECT_EQ(s.slain(), 0);
  EXPECT_EQ(s.encode().substr(0, 3), "f2 ");
  EXPECT_EQ(fight_state::decode(s.encode()), s);
}

TEST(FightBehaviours, AnAmbushStrikesBeforeAnyoneActsInTheFirstRoundOnly) {
  const content_tables tables = always(behaviour::ambusher);
  fight_state s = fight_with(behaviour::ambusher, 2, 100, 10);
  const std::vector<fighter> two{sturdy(1), sturdy(2)};
  const round_result first = fight_round(tables, some_tape, s, two);
  const auto events = of(first, behaviour::ambusher);
  ASSERT_EQ(events.size(), 2U);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(events[i].fighter, i);
    EXPECT_TRUE(events[i].early);
    EXPECT_EQ(first.fighters[i].behaviour_taken, events[i].amount);
    EXPECT_EQ(first.fighters[i].hp_after, 500 - events[i].amount - first.fighters[i].damage_taken);
  }
  const round_result second = fight_round(tables, some_tape, s, two);
  EXPECT_TRUE(of(second, behaviour::ambusher).empty());
}

TEST(FightBehaviours, AFlightThatGetsAwayStillTookTheVenomAndTheAmbush) {
  const content_tables tables = always(behaviour::ambusher);
  fight_state s = fight_with(behaviour::ambusher, 2, 100, 10);
  s.behaviours.add(behaviour::venomous);
  s.poisons = {{1, 2}};
  fighter f = sturdy();
  f.choice = fight_choice::flee;
  // Tapes until the flight gets away in the first round.
  for (std::uint64_t seed = 1; seed < 200; ++seed) {
    fight_state again = s;
    const round_result r = fight_round(tables, tape(seed), again, std::span(&f, 1));
    if (r.fighters[0].fled) {
      EXPECT_GT(r.fighters[0].behaviour_taken, 0);
      EXPECT_EQ(r.fighters[0].hp_after, 500 - r.fighters[0].behaviour_taken);
      EXPECT_TRUE(again.poisons.empty()) << "a fighter out of the fight is no longer poisoned by it";
      return;
    }
  }
  ADD_FAILURE() << "no flight got away";
}

TEST(FightBehaviours, AFrenzyGrowsTheBlowOfTheBadlyHurt) {
  const content_tables tables = always(behaviour::frenzied);
  fight_state s = fight_with(behaviour::frenzied, 3, 100, 10);
  s.monster_hp = {100, 40, 30};
  fighter f = sturdy();
  f.choice = fight_choice::busy;
  const round_result r = fight_round(tables, some_tape, s, std::span(&f, 1));
  const auto events = of(r, behaviour::frenzied);
  ASSERT_EQ(events.size(), 1U);
  EXPECT_EQ(events[0].amount, 10);  // two below half, each share 0.5 of damage 10
  // The blow can now reach 3 x 10 + 10: over many rounds some blow is above what three could deal.
  int most_seen = 0;
  for (int round = 0; round < 200; ++round) {
    most_seen = std::max(most_seen, fight_round(tables, some_tape, s, std::span(&f, 1)).fighters[0].blow);
  }
  EXPECT_GT(most_seen, 30);
}

/// A fight with every behaviour at its real chances, fought to the end by two fighters.
std::vector<round_result> fight_everything(const content_tables& tables, fight_state s, std::vector<fighter> fs) {
  std::vector<round_result> rounds;
  for (int i = 0; i < 300; ++i) {
    round_result r = fight_round(tables, some_tape, s, fs);
    for (std::size_t k = 0; k < fs.size(); ++k) {
      fs[k].hp = r.fighters[k].hp_after;
    }
    const bool over = r.won || r.lost;
    rounds.push_back(std::move(r));
    if (over) {
      break;
    }
  }
  return rounds;
}

fight_state every_behaviour() {
  fight_state s = fight_with(behaviour::armoured, 3, 60, 4);
  for (std::size_t b = 0; b < behaviour_count; ++b) {
    s.behaviours.add(static_cast<behaviour>(b));
  }
  return s;
}

TEST(FightBehaviours, TheSameChoicesGiveTheSameFight) {
  const content_tables tables = real_tables();
  const std::vector<fighter> party{fighter{1, 200, 200, "short_sword", "leather_coat"},
                                   fighter{2, 150, 150, std::nullopt, std::nullopt}};
  const auto first = fight_everything(tables, every_behaviour(), party);
  const auto again = fight_everything(tables, every_behaviour(), party);
  EXPECT_EQ(first, again);
  std::set<behaviour> seen;
  for (const round_result& r : first) {
    for (const behaviour_event& e : r.events) {
      seen.insert(e.which);
    }
  }
  EXPECT_GE(seen.size(), 4U) << "most behaviours act in a long fight";
}

TEST(FightBehaviours, ASavedFightWithBehavioursResumesExactly) {
  const content_tables tables = real_tables();
  const std::vector<fighter> party{fighter{1, 200, 200, "short_sword", "leather_coat"}};
  fight_state whole = every_behaviour();
  fight_state part = every_behaviour();
  std::vector<fighter> a = party;
  std::vector<fighter> b = party;
  for (int round = 0; round < 12 && !whole.won(); ++round) {
    const round_result ra = fight_round(tables, some_tape, whole, a);
    const round_result rb = fight_round(tables, some_tape, part, b);
    EXPECT_EQ(ra, rb);
    a[0].hp = ra.fighters[0].hp_after;
    b[0].hp = rb.fighters[0].hp_after;
    const auto restored = fight_state::decode(part.encode());  // saved and read back every round
    ASSERT_TRUE(restored.has_value()) << part.encode();
    part = *restored;
  }
  EXPECT_EQ(part, whole);
}

TEST(FightBehaviours, ConsidersOddsIncludeTheBehaviours) {
  const content_tables tables = real_tables();
  fight_state plain = fight_with(behaviour::armoured, 2, 30, 4);
  plain.behaviours = {};
  fight_state tough = plain;
  tough.behaviours.add(behaviour::armoured);
  tough.behaviours.add(behaviour::regenerates);
  tough.behaviours.add(behaviour::wards);
  const fighter f{1, 60, 60, "short_sword", std::nullopt};
  const fight_odds easy = weigh_fight(tables, plain, f);
  const fight_odds hard = weigh_fight(tables, tough, f);
  ASSERT_TRUE(easy.rounds_to_win.has_value());
  EXPECT_TRUE(!hard.rounds_to_win.has_value() || *hard.rounds_to_win > *easy.rounds_to_win);
  EXPECT_LE(hard.win_chance(), easy.win_chance());
}

}  // namespace
}  // namespace dw::content
