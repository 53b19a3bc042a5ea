// Fights, finds and scrolls through the real world with fake connections.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "content/fight_state.hpp"
#include "content/room_roll.hpp"
#include "server/store/accounts.hpp"
#include "server/store/characters.hpp"
#include "server/store/items.hpp"
#include "server/store/rooms.hpp"
#include "tests/game/game_harness.hpp"
#include "tests/support/content_seeds.hpp"
#include "tests/support/files.hpp"

using dw::testing::game_harness;
using dw::testing::has;

namespace {

std::int64_t seed_with_monsters(bool needs_scroll) {
  return dw::testing::seed_with_monsters(*dw::testing::real_content(), needs_scroll);
}

dw::config::settings with_seed(std::int64_t seed, std::int64_t hp) {
  auto s = dw::testing::fast_settings();
  s.dungeon.world_seed = seed;
  s.game.character_max_hp = hp;
  return s;
}

}  // namespace

TEST(ContentPlay, MonsterRoomBlocksTheWayUntilTheFightIsWon) {
  const std::int64_t seed = seed_with_monsters(true);
  ASSERT_GT(seed, 0);
  game_harness h(with_seed(seed, 1000000));
  auto ann = h.create("Ann");
  h.line(ann, "down");
  h.line(ann, "east");
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
  h.line(ann, "down");
  h.line(ann, "east");
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
  h.line(ann, "down");
  h.line(ann, "east");
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

TEST(ContentPlay, AtZeroHitPointsYouWakeInTheSquareAndTheRoomStaysUncleared) {
  const std::int64_t seed = seed_with_monsters(false);
  ASSERT_GT(seed, 0);
  game_harness h(with_seed(seed, 1));
  auto ann = h.create("Ann");
  h.line(ann, "down");
  h.line(ann, "east");
  ann.port->take();
  // One hit point: the first blow that lands knocks Ann out. A blow can be 0, so fight until it happens.
  for (int i = 0; i < 200; ++i) {
    h.line(ann, "fight");
    if (ann.port->output.find("You wake up in the village square") != std::string::npos) {
      break;
    }
  }
  const std::string out = ann.port->take();
  ASSERT_NE(out.find("You wake up in the village square"), std::string::npos) << out;
  h.line(ann, "look");
  EXPECT_NE(ann.port->take().find("The Village Square"), std::string::npos);
  EXPECT_NE(ann.port->output.find("[1/1 hp]"), std::string::npos);
  const auto room = dw::store::rooms::load(h.services.db(), 1, 1, 0);
  ASSERT_TRUE(room);
  EXPECT_FALSE(room->clear);
  EXPECT_FALSE(room->contents.empty()) << "the fight's state (tape position, monsters' hit points) is kept";
}

TEST(ContentPlay, ANewBoutAfterAKnockOutIsToldFromRoundOne) {
  const std::int64_t seed = seed_with_monsters(false);
  ASSERT_GT(seed, 0);
  game_harness h(with_seed(seed, 1));
  auto ann = h.create("Ann");
  h.line(ann, "down");
  h.line(ann, "east");
  for (int i = 0; i < 200 && !has(ann.port->output, "You wake up in the village square"); ++i) {
    h.line(ann, "fight");
  }
  ASSERT_TRUE(has(ann.port->take(), "You wake up in the village square"));
  const auto stored = dw::store::rooms::load(h.services.db(), 1, 1, 0);
  ASSERT_TRUE(stored);
  const auto fight = dw::content::fight_state::decode(stored->contents);
  ASSERT_TRUE(fight);
  ASSERT_GE(fight->round, 1U) << "the monsters' fight counts its rounds on (its tape reads them)";

  // Back for another bout: its rounds are told from 1, one round per timer.
  h.services.hold_timers = true;
  h.line(ann, "down");
  h.line(ann, "east");
  h.line(ann, "fight");
  ann.port->take();
  h.services.run_timers();
  const std::string round = ann.port->take();
  EXPECT_TRUE(has(round, "Round 1:")) << round;
  EXPECT_FALSE(has(round, "Round " + std::to_string(fight->round + 1) + ":")) << round;
  const auto again = dw::content::fight_state::decode(dw::store::rooms::load(h.services.db(), 1, 1, 0)->contents);
  if (again) {
    EXPECT_EQ(again->round, fight->round + 1) << "the saved count (and so the tape) goes on as before";
  }
}

TEST(ContentPlay, TheWebPanesHearOfSilverFoundAndOfAKnockOut) {
  const auto last = [](const game_harness::player& p, std::string_view package) {
    for (auto it = p.port->gmcp.rbegin(); it != p.port->gmcp.rend(); ++it) {
      if (it->rfind(std::string(package) + " ", 0) == 0) {
        return *it;
      }
    }
    return std::string();
  };
  {
    const std::int64_t seed = seed_with_monsters(false);
    game_harness h(with_seed(seed, 1000000));
    auto ann = h.create("Ann");
    h.line(ann, "down");
    h.line(ann, "east");
    h.line(ann, "fight");
    const std::string out = ann.port->take();
    const auto at = out.find("You find ");
    ASSERT_NE(at, std::string::npos) << out;
    const std::string found = out.substr(at + 9, out.find(" silver", at) - (at + 9));
    EXPECT_TRUE(has(last(ann, "Char.Status"), "\"silver\":" + found + ","))
        << "Char.Status follows the silver found at once: " << last(ann, "Char.Status");
  }
  {
    const std::int64_t seed = seed_with_monsters(false);
    game_harness h(with_seed(seed, 1));
    auto ann = h.create("Ann");
    h.line(ann, "down");
    h.line(ann, "east");
    for (int i = 0; i < 200 && !has(ann.port->output, "You wake up in the village square"); ++i) {
      h.line(ann, "fight");
    }
    ASSERT_TRUE(has(ann.port->output, "You wake up in the village square"));
    EXPECT_EQ(last(ann, "Char.Combat"), "Char.Combat {\"fighting\":false,\"monsters\":[]}")
        << "the Fighting pane empties for one knocked out";
  }
}

TEST(ContentPlay, AKnockOutLeavesHalfTheSilverInThePackForWhoeverTakesIt) {
  const std::int64_t seed = seed_with_monsters(false);
  ASSERT_GT(seed, 0);
  game_harness h(with_seed(seed, 1));
  auto ann = h.create("Ann");  // the first account: an administrator, who may @spawn
  auto bob = h.create("Bob");
  const auto silver_of = [&h](const game_harness::player& p) {
    p.port->take();
    h.line(p, "score");
    const std::string out = p.port->take();
    const auto at = out.find("Silver: ");
    return at == std::string::npos ? std::int64_t{-1} : std::stoll(out.substr(at + 8));
  };
  // Silver from selling a scroll to the merchant in the square.
  h.line(ann, "@spawn scroll 4242");
  h.line(ann, "get scroll");
  h.line(ann, "sell scroll");
  const std::int64_t earned = silver_of(ann);
  ASSERT_GT(earned, 1) << "the sale must leave silver to halve";

  h.line(ann, "down");
  h.line(ann, "east");
  ann.port->take();
  for (int i = 0; i < 200 && ann.port->output.find("You wake up in the village square") == std::string::npos; ++i) {
    h.line(ann, "fight");
  }
  ASSERT_NE(ann.port->take().find("half your silver stay behind in your fallen pack"), std::string::npos);
  const std::int64_t lost = earned / 2;
  EXPECT_EQ(silver_of(ann), earned - lost) << "the fallen keep half, rounded up";
  const auto account = dw::store::accounts::find_by_name(h.services.db(), "Ann");
  ASSERT_TRUE(account);
  const auto stored = dw::store::characters::load(h.services.db(), account->id);
  ASSERT_TRUE(stored);
  EXPECT_EQ(stored->silver, earned - lost) << "and it is saved";

  h.line(bob, "down");
  h.line(bob, "east");
  bob.port->take();
  h.line(bob, "get pack");
  const std::string took = bob.port->take();
  EXPECT_NE(took.find("You take Ann's fallen pack: " + std::to_string(lost) + " silver"), std::string::npos) << took;
  EXPECT_EQ(silver_of(bob), lost) << "the rest goes to whoever takes the pack";
}

TEST(ContentPlay, FightStateIsPersistedAfterEveryRound) {
  const std::int64_t seed = seed_with_monsters(false);
  auto s = with_seed(seed, 1000000);
  game_harness h(s);
  auto ann = h.create("Ann");
  h.line(ann, "down");
  h.line(ann, "east");
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

namespace {

/// A fresh copy of content/ (tables and interior scripts) in a temporary folder named `prefix` + pid.
std::filesystem::path content_copy(const std::string& prefix) {
  const auto dir = std::filesystem::temp_directory_path() / (prefix + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::filesystem::copy(DW_CONTENT_DIR, dir,
                        std::filesystem::copy_options::recursive | std::filesystem::copy_options::overwrite_existing);
  return dir;
}

}  // namespace

TEST(ContentPlay, ReloadKeepsTheOldTablesWhenTheNewOnesAreInvalid) {
  const auto dir = content_copy("dw-reload-");
  auto s = dw::testing::fast_settings();
  s.content.dir = dir.string();
  game_harness h(s);
  auto admin = h.create("Ann");
  const auto* before = &h.world.content();
  std::ofstream(dir / "monsters.toml", std::ios::app) << "\n[[monsters]]\nkey = \"broken\"\n";
  h.line(admin, "@reload content");
  std::string out = admin.port->take();
  EXPECT_NE(out.find("old tables stay in use"), std::string::npos) << out;
  EXPECT_NE(out.find("monsters.toml"), std::string::npos) << out;
  EXPECT_EQ(&h.world.content(), before);
  std::filesystem::copy_file(std::filesystem::path(DW_CONTENT_DIR) / "monsters.toml", dir / "monsters.toml",
                             std::filesystem::copy_options::overwrite_existing);
  h.line(admin, "reload content");
  EXPECT_NE(admin.port->take().find("Content reloaded."), std::string::npos);
  EXPECT_NE(&h.world.content(), before);
  std::filesystem::remove_all(dir);
}

TEST(ContentPlay, ReloadChecksInteriorScriptsAndOnlyRoomsMadeLaterUseTheNewWords) {
  const auto dir = content_copy("dw-reload-interiors-");
  auto s = dw::testing::fast_settings();
  s.content.dir = dir.string();
  game_harness h(s);
  auto admin = h.create("Ann");
  h.line(admin, "down");
  h.line(admin, "east");
  admin.port->take();
  h.line(admin, "look");
  const std::string before = admin.port->take();
  const std::string name_before = before.substr(0, before.find("  ["));

  // A broken script is refused with its file and where in it, and the old tables stay.
  const auto script = dir / "interiors" / "flooded_tunnels.json";
  const std::string good_script = dw::testing::read_text(script);
  std::ofstream(script, std::ios::trunc) << "{\"metadata\": {\"min\": \"9x7\", \"max\": \"21x11\"}, \"entities\": [\"solid\", \"empty\"], "
                                            "\"explorers\": [{\"type\": \"drunkard\", \"region\": \"map\", "
                                            "\"parameters\": {\"share\": \"lots\"}}]}";
  h.line(admin, "@reload content");
  std::string out = admin.port->take();
  EXPECT_NE(out.find("old tables stay in use"), std::string::npos) << out;
  EXPECT_NE(out.find("interiors/flooded_tunnels.json"), std::string::npos) << out;
  EXPECT_NE(out.find("share"), std::string::npos) << out;
  std::ofstream(script, std::ios::trunc) << good_script;

  // New words: the room already made keeps its own; a room made after the reload has the new ones.
  std::string tables = dw::testing::read_text(dir / "interiors.toml");
  for (std::size_t at = tables.find("names = ["); at != std::string::npos; at = tables.find("names = [", at + 1)) {
    tables.replace(at, tables.find(']', at) - at + 1, "names = [\"Renamed {material} place\"]");
  }
  std::ofstream(dir / "interiors.toml", std::ios::trunc) << tables;
  // (and the themes' own names go, so that interiors.toml's name every room)
  for (const auto& entry : std::filesystem::directory_iterator(dir / "themes")) {
    std::string theme = dw::testing::read_text(entry.path());
    if (const std::size_t at = theme.find("\n[names]"); at != std::string::npos) {
      theme.erase(at, theme.find("\n[", at + 1) - at);
      std::ofstream(entry.path(), std::ios::trunc) << theme;
    }
  }
  h.line(admin, "@reload content");
  EXPECT_NE(admin.port->take().find("Content reloaded."), std::string::npos);
  h.line(admin, "look");
  const std::string again = admin.port->take();
  EXPECT_EQ(again.substr(0, again.find("  [")), name_before);
  h.line(admin, "west");
  h.line(admin, "north");
  const std::string fresh = admin.port->take();
  EXPECT_NE(fresh.find("Renamed muddy place"), std::string::npos) << fresh;
  std::filesystem::remove_all(dir);
}

TEST(ContentPlay, AKnockOutThenATakeOverLeavesOneCharacterInTheRoom) {
  const std::int64_t seed = seed_with_monsters(false);
  ASSERT_GT(seed, 0);
  game_harness h(with_seed(seed, 1));
  auto ann = h.create("Ann");
  auto vic = h.create("Vic");
  h.line(vic, "down");
  h.line(vic, "east");
  for (int i = 0; i < 200 && vic.port->output.find("You wake up in the village square") == std::string::npos; ++i) {
    h.line(vic, "fight");
  }
  ASSERT_NE(vic.port->take().find("You wake up in the village square"), std::string::npos);
  auto again = h.connect();
  h.line(again, "connect Vic password123");
  ASSERT_NE(again.port->take().find("You take over your character"), std::string::npos);
  h.line(ann, "look");
  const std::string look = ann.port->take();
  const std::size_t here = look.find("Here:");
  ASSERT_NE(here, std::string::npos) << look;
  const std::string line = look.substr(here, look.find('\n', here) - here);
  EXPECT_EQ(line.find("Vic"), line.rfind("Vic")) << line;
  EXPECT_EQ(h.world.people().characters_in(dw::game::village_square_id).size(), 2U);
}

TEST(ContentPlay, RestHealsOnlyInTheVillageSquare) {
  auto s = dw::testing::fast_settings();
  s.game.rest_hp_per_minute = 60;  // a hit point a second
  // A world whose first room east holds no monsters, so nothing but rest changes Ann's hit points.
  for (std::int64_t seed = 1; seed < 5000; ++seed) {
    const dw::content::tape tape = dw::testing::first_room_east_tape(seed);
    if (dw::content::roll_room(*dw::testing::real_content(), tape, 1, {}).event != dw::content::room_event::monster) {
      s.dungeon.world_seed = seed;
      break;
    }
  }
  game_harness h(s);
  auto ann = h.create("Ann");
  dw::game::character* ch = h.world.people().find_character_by_name("Ann");
  ASSERT_NE(ch, nullptr);
  ch->hp = 5;
  h.line(ann, "down");
  h.line(ann, "east");  // into the dungeon: carried draughts are the only healing here
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
