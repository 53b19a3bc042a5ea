// Fights, finds and scrolls through the real world with fake connections: a monster room blocks the way
// until its fight is won, the fight is saved, rest heals only in the square, scrolls and weapons carried.
// (Knock-outs: knock_outs_test.cpp; reloading the tables: content_reload_test.cpp.)
#include <gtest/gtest.h>

#include "content/fight_state.hpp"
#include "server/store/items.hpp"
#include "server/store/rooms.hpp"
#include "tests/game/encounters/encounters_support.hpp"

using dw::testing::game_harness;
using dw::testing::has;
using namespace dw::testing::encounters;

TEST(ContentPlay, MonsterRoomBlocksTheWayUntilTheFightIsWon) {
  const std::int64_t seed = seed_with_monsters(true);
  ASSERT_GT(seed, 0);
  game_harness h(with_seed(seed, 1000000));
  auto ann = h.create("Ann");
  walk_into_first_room(h, ann);
  std::string out = ann.port->take();
  EXPECT_NE(out.find("The way forward is blocked until this room is cleared."), std::string::npos) << out;
  EXPECT_NE(out.find("Type 'fight' to attack."), std::string::npos) << out;
  EXPECT_NE(ann.port->gmcp.back().find("\"clear\":false"), std::string::npos) << ann.port->gmcp.back();

  h.line(ann, "fight");  // the queued round timers all run in drain(): the fight goes to its end
  out = ann.port->take();
  EXPECT_NE(out.find("You attack"), std::string::npos) << out;
  EXPECT_NE(out.find("Round 1:"), std::string::npos) << out;
  EXPECT_NE(out.find("The room is clear"), std::string::npos) << out;
  EXPECT_NE(out.find("They leave behind:"), std::string::npos) << out;
  bool vitals = false;
  bool cleared = false;
  for (const std::string& g : ann.port->gmcp) {
    vitals = vitals || g.rfind("Char.Vitals", 0) == 0;
    cleared = cleared || (g.rfind("Room.Info", 0) == 0 && g.find("\"clear\":true") != std::string::npos);
  }
  EXPECT_TRUE(vitals);
  EXPECT_TRUE(cleared) << "everyone in a cleared room receives a fresh Room.Info";
  const auto room = dw::store::rooms::load(h.services.db(), 1, 1, 0);
  ASSERT_TRUE(room);
  EXPECT_TRUE(room->clear);
  EXPECT_TRUE(room->contents.empty());

  h.line(ann, "get scroll");
  out = ann.port->take();
  EXPECT_NE(out.find("You pick up"), std::string::npos) << out;
  EXPECT_FALSE(dw::store::items::list_carried(h.services.db(), 1).empty());
  h.line(ann, "examine scroll");
  EXPECT_NE(ann.port->take().find("silver"), std::string::npos);
  h.line(ann, "read scroll");
  out = ann.port->take();
  EXPECT_NE(out.find("and read:"), std::string::npos) << out;
  EXPECT_NE(out.find("The scroll crumbles to dust."), std::string::npos) << out;  // reading uses it up
}

TEST(ContentPlay, BriefModeStillSaysWhatBlocksTheWayInARoomNotCleared) {
  const std::int64_t seed = seed_with_monsters(false);
  ASSERT_GT(seed, 0);
  game_harness h(with_seed(seed, 1000000));
  auto ann = h.create("Ann");
  h.line(ann, "brief on");
  walk_into_first_room(h, ann);
  const std::string first = ann.port->take();
  ASSERT_TRUE(has(first, "Type 'fight' to attack.")) << first;
  h.line(ann, "west");
  ann.port->take();
  h.line(ann, "east");
  const std::string again = ann.port->take();
  EXPECT_LT(again.size(), first.size()) << "brief: no description the second time\n" << again;
  EXPECT_TRUE(has(again, "The way forward is blocked until this room is cleared.")) << again;
  EXPECT_TRUE(has(again, "Type 'fight' to attack.")) << "and what blocks it\n" << again;
}

TEST(ContentPlay, MonstersBlockTheWayOnlyWhereThereIsAWayOn) {
  // A depth-first walk of the first east branch, clearing each room after looking at it, until a room
  // with monsters and an unexplored exit and one with monsters and none (a dead end) have both been met.
  using dw::testing::has;
  game_harness h;
  auto ann = h.create("Ann");  // (the first account: an administrator, who may @clear)
  walk_into_first_room(h, ann);
  dw::dungeon::dungeon& model = h.world.where().dungeon();
  dw::dungeon::coord at{1, 0};
  std::vector<dw::dungeon::direction> path;
  bool blocking = false;
  bool dead_end = false;
  for (int steps = 0; steps < 4000 && !(blocking && dead_end); ++steps) {
    const std::string out = ann.port->take();
    const auto here = model.room_at(1, at);
    ASSERT_TRUE(here.has_value());
    std::optional<dw::dungeon::direction> unexplored;
    for (auto d : dw::dungeon::all_directions) {
      if (here->exit(d) == dw::dungeon::exit_state::unexplored) {
        unexplored = d;
      }
    }
    if (has(out, "Type 'fight' to attack.")) {
      if (unexplored) {
        EXPECT_TRUE(has(out, " the way. Type 'fight' to attack.")) << out;
        blocking = true;
      } else {
        EXPECT_FALSE(has(out, "block")) << "nothing to block in a room with no way on:\n" << out;
        EXPECT_TRUE(has(out, " here. Type 'fight' to attack.")) << out;
        dead_end = true;
      }
    }
    if (!here->clear || has(out, "fighting")) {
      h.line(ann, "@clear");
      ann.port->take();
    }
    dw::dungeon::direction way{};
    if (unexplored) {
      way = *unexplored;
      path.push_back(way);
    } else if (!path.empty()) {
      way = dw::dungeon::opposite(path.back());
      path.pop_back();
    } else {
      break;  // (walked out: the branch's new way is elsewhere)
    }
    h.line(ann, std::string(dw::dungeon::name(way)));
    at = *dw::dungeon::step(at, way);
  }
  EXPECT_TRUE(blocking) << "no room with monsters and a way on was met";
  EXPECT_TRUE(dead_end) << "no room with monsters and no way on was met";
}

TEST(ContentPlay, FightStateIsPersistedAfterEveryRound) {
  const std::int64_t seed = seed_with_monsters(false);
  auto s = with_seed(seed, 1000000);
  game_harness h(s);
  auto ann = h.create("Ann");
  walk_into_first_room(h, ann);
  const auto before = dw::store::rooms::load(h.services.db(), 1, 1, 0);
  ASSERT_TRUE(before);
  const auto state = dw::content::fight_state::decode(before->contents);
  ASSERT_TRUE(state);
  EXPECT_EQ(state->tape_position, dw::content::room_tape_values);
}

TEST(ContentPlay, SpawnedScrollsAreTheSameForTheSameSeed) {
  game_harness h;
  auto admin = h.create("Ann");
  auto bob = h.create("Bob");
  h.line(admin, "@spawn scroll 12345");
  std::string out = admin.port->take();
  EXPECT_NE(out.find("(seed 12345)"), std::string::npos) << out;
  h.line(bob, "get scroll");
  h.line(bob, "read scroll");
  const std::string first = bob.port->take();
  h.line(admin, "@spawn scroll 12345");
  h.line(admin, "get scroll");
  h.line(admin, "read scroll");
  const std::string second = admin.port->take();
  const auto text_of = [](const std::string& s) { return s.substr(s.find("You unroll")); };
  EXPECT_EQ(text_of(first).substr(0, 80), text_of(second).substr(0, 80));
  h.line(bob, "@spawn scroll 1");
  EXPECT_NE(bob.port->take().find("Unknown command '@spawn'"), std::string::npos);
}

TEST(ContentPlay, WieldWearAndDropArePersisted) {
  // A weapon lying in the village square since an earlier run (floors are read at start-up).
  const auto content = dw::testing::real_content();
  game_harness h(dw::testing::fast_settings(), [&](dw::store::database& db) {
    dw::store::item_record sword;
    sword.id = 900;
    sword.kind = "weapon";
    sword.key = content->weapons.front().key;
    sword.room_id = 1;
    dw::store::items::upsert(db, sword);
  });
  auto ann = h.create("Ann");
  h.line(ann, "look");
  const std::string name = h.world.content().weapons.front().name;
  EXPECT_NE(ann.port->take().find(name), std::string::npos);
  const std::string word = name.substr(name.rfind(' ') + 1);
  h.line(ann, "get " + word);
  h.line(ann, "wield " + word);
  h.line(ann, "i");
  std::string out = ann.port->take();
  EXPECT_NE(out.find("(wielded)"), std::string::npos) << out;
  auto carried = dw::store::items::list_carried(h.services.db(), 1);
  ASSERT_EQ(carried.size(), 1U);
  EXPECT_TRUE(carried[0].equipped);
  h.line(ann, "wear " + word);
  EXPECT_NE(ann.port->take().find("You cannot wear"), std::string::npos);
  // Wielded, it stays in hand until removed.
  h.line(ann, "drop " + word);
  EXPECT_NE(ann.port->take().find("remove it first to drop it"), std::string::npos);
  EXPECT_EQ(dw::store::items::list_carried(h.services.db(), 1).size(), 1U);
  h.line(ann, "remove " + word);
  h.line(ann, "drop " + word);
  EXPECT_TRUE(dw::store::items::list_carried(h.services.db(), 1).empty());
  EXPECT_EQ(dw::store::items::list_in_room(h.services.db(), 1).size(), 1U);
}

TEST(ContentPlay, RestHealsOnlyInTheVillageSquare) {
  auto s = dw::testing::fast_settings();
  s.game.rest_hp_per_minute = 60;  // a hit point a second
  // A world whose first room east holds no monsters, so nothing but rest changes Ann's hit points.
  s.dungeon.world_seed = dw::testing::seed_without_monsters(*dw::testing::real_content());
  ASSERT_GT(s.dungeon.world_seed, 0);
  game_harness h(s);
  auto ann = h.create("Ann");
  dw::game::character* ch = h.world.people().find_character_by_name("Ann");
  ASSERT_NE(ch, nullptr);
  ch->hp = 5;
  walk_into_first_room(h, ann);  // into the dungeon: carried draughts are the only healing here
  for (int i = 0; i < 10; ++i) {
    h.world.tick();
  }
  EXPECT_EQ(ch->hp, 5) << "no rest below the well";
  h.line(ann, "west");
  for (int i = 0; i < 10; ++i) {
    h.world.tick();
  }
  EXPECT_EQ(ch->hp, 5) << "nor at the bottom of the well";
  h.line(ann, "up");
  for (int i = 0; i < 10; ++i) {
    h.world.tick();
  }
  EXPECT_EQ(ch->hp, 15) << "the square heals";
}

TEST(ContentPlay, AWardReadIsShownInScoreAndForgottenWhenTheCharacterLeavesPlay) {
  game_harness h;
  auto ann = h.create("Ann");
  dw::game::character* live = h.world.people().find_character_by_name("Ann");
  ASSERT_NE(live, nullptr);
  h.world.play().fights.read_ward(*live, 6, 3);  // (as a scroll of warding does: the fights keep it)
  ann.port->take();
  h.line(ann, "score");
  EXPECT_TRUE(has(ann.port->take(), "Ward: 6 damage for 3 rounds"));

  h.line(ann, "quit");
  h.disconnect(ann);
  auto again = h.connect();
  h.line(again, "connect Ann password123");
  ASSERT_TRUE(has(again.port->take(), "Welcome back"));
  h.line(again, "score");
  const std::string score = again.port->take();
  EXPECT_TRUE(has(score, "Hit points")) << score;
  EXPECT_FALSE(has(score, "Ward:")) << "a ward lasts while its reader plays on, not into the next session";
}
