#include <gtest/gtest.h>

#include "content/fight_state.hpp"

#include <string>

namespace dw::content {
namespace {

fight_state sample_state() {
  fight_state s;
  s.monster_key = "cave_troll";
  s.size_key = "large";
  s.depth = 41;
  s.hp_each = 96;
  s.damage_each = 15;
  s.monster_hp = {0, 37, 96};
  s.tape_position = 18;
  s.round = 7;
  return s;
}

TEST(FightState, EncodesCompactlyAndDecodesToTheSameValue) {
  const fight_state s = sample_state();
  EXPECT_EQ(s.encode(), "f1 cave_troll large 41 96 15 18 7 0,37,96");
  const auto back = fight_state::decode(s.encode());
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(*back, s);
  EXPECT_EQ(back->alive(), 2);
  EXPECT_FALSE(back->won());
}

TEST(FightState, DecodeRejectsAnythingMalformedOrOutOfRange) {
  for (const char* bad : {"", "f1", "f2 cave_troll large 41 96 15 18 7 0,37,96",
                          "f1 cave_troll large 41 96 15 18 7", "f1 cave_troll large 41 96 15 18 7 0,37,96 extra",
                          "f1 Cave_Troll large 41 96 15 18 7 0,37,96", "f1 cave_troll large -1 96 15 18 7 0,37,96",
                          "f1 cave_troll large 41 0 15 18 7 0", "f1 cave_troll large 41 96 0 18 7 0",
                          "f1 cave_troll large 41 96 15 18 7 0,97", "f1 cave_troll large 41 96 15 18 7 0,,1",
                          "f1 cave_troll large 41 96 15 18 7 0,37,", "f1 cave_troll large 41 96 15 18 7 -3",
                          "f1 cave_troll large 4x1 96 15 18 7 1", "f1  cave_troll large 41 96 15 18 7 1",
                          "f1 cave_troll large 41 96 15 99999999999999999999999 7 1"}) {
    EXPECT_FALSE(fight_state::decode(bad).has_value()) << "'" << bad << "'";
  }
}

TEST(FightState, AnF1FightIsAFightWithoutBehavioursAsItAlwaysWas) {
  const auto old = fight_state::decode("f1 cave_troll large 41 96 15 18 7 0,37,96");
  ASSERT_TRUE(old.has_value());
  EXPECT_EQ(*old, sample_state());
  EXPECT_TRUE(old->behaviours.empty());
  EXPECT_EQ(old->kin_called, 0);
  EXPECT_TRUE(old->poisons.empty());
  EXPECT_FALSE(fight_state::decode("f1 cave_troll large 41 96 15 18 7 -1,37,96").has_value()) << "no fled in f1";
}

fight_state behaving_state() {
  fight_state s = sample_state();
  s.behaviours.add(behaviour::venomous);
  s.behaviours.add(behaviour::armoured);
  s.behaviours.add(behaviour::wards);
  s.monster_hp = {0, fight_state::fled_hp, 37, 96};
  s.kin_called = 1;
  s.ward_points = 20;
  s.ward_rounds = 2;
  s.poisons = {{7, 3}, {18446744073709551615ULL, 1}};
  return s;
}

TEST(FightState, AFightWithBehavioursEncodesAsF2AndComesBackTheSame) {
  const fight_state s = behaving_state();
  EXPECT_EQ(s.encode(),
            "f2 cave_troll large 41 96 15 18 7 0,-1,37,96 armoured,wards,venomous 1 20 2 7:3,18446744073709551615:1");
  EXPECT_EQ(fight_state::decode(s.encode()), s);
  fight_state quiet = sample_state();
  quiet.behaviours.add(behaviour::pack);
  EXPECT_EQ(quiet.encode(), "f2 cave_troll large 41 96 15 18 7 0,37,96 pack 0 0 0 -");
  EXPECT_EQ(fight_state::decode(quiet.encode()), quiet);
  EXPECT_EQ(s.alive(), 2);
  EXPECT_EQ(s.slain(), 1);
}

TEST(FightState, DecodeRejectsMalformedF2) {
  const std::string head = "f2 cave_troll large 41 96 15 18 7 0,-1,37,96 ";
  for (const std::string tail :
       {"", "armoured", "armoured 1 20 2", "armoured 1 20 2 - extra", "thief 1 20 2 -", "wards,armoured 1 20 2 -",
        "armoured,armoured 1 20 2 -", "armoured, 1 20 2 -", ",armoured 1 20 2 -", "armoured 101 20 2 -",
        "armoured -1 20 2 -", "armoured 1 20 1001 -", "armoured 1 1000001 2 -", "armoured 1 20 2 7",
        "armoured 1 20 2 7:", "armoured 1 20 2 :3", "armoured 1 20 2 7:0", "armoured 1 20 2 7:1001",
        "armoured 1 20 2 7:3,", "armoured 1 20 2 7:3,,8:1", "armoured 1 20 2 x:3", "armoured 1 20 2 7:3:4",
        "Armoured 1 20 2 -", "armoured 1 20 2 18446744073709551616:1"}) {
    EXPECT_FALSE(fight_state::decode(head + tail).has_value()) << "'" << head + tail << "'";
  }
  EXPECT_FALSE(fight_state::decode("f2 cave_troll large 41 96 15 18 7 -2,37 armoured 0 0 0 -").has_value());
  EXPECT_FALSE(fight_state::decode("f3 cave_troll large 41 96 15 18 7 37 armoured 0 0 0 -").has_value());
  // The poison list is bounded like the monsters.
  std::string many = head + "armoured 1 20 2 ";
  for (int i = 0; i < 101; ++i) {
    many += (i > 0 ? "," : "") + std::to_string(i) + ":1";
  }
  EXPECT_FALSE(fight_state::decode(many).has_value());
}

TEST(FightState, StartsFromAMonsterRoomAndNotFromAnEmptyOne) {
  room_contents room;
  room.event = room_event::monster;
  room.depth = 12;
  room.monsters = monster_group{"cave_rat", "small", 3, 5, 2, 12, {}};
  const auto s = start_fight(room);
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->monster_hp, (std::vector<int>{5, 5, 5}));
  EXPECT_EQ(s->tape_position, room_tape_values);
  EXPECT_EQ(s->round, 0U);
  EXPECT_EQ(s->depth, 12);
  EXPECT_EQ(s->damage_each, 2);
  EXPECT_FALSE(start_fight(room_contents{}).has_value());
}

}  // namespace
}  // namespace dw::content
