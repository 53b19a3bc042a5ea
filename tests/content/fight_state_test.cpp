#include <gtest/gtest.h>

#include "content/fight_state.hpp"

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

TEST(FightState, StartsFromAMonsterRoomAndNotFromAnEmptyOne) {
  room_contents room;
  room.event = room_event::monster;
  room.depth = 12;
  room.monsters = monster_group{"cave_rat", "small", 3, 5, 2, 12};
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
