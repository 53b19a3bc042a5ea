// Experience and levels through the real world: a won fight shared by the fighters standing, a new
// deepest depth, the level-up told to the player and the room, and where the standing shows.
#include <gtest/gtest.h>

#include "server/game/progression/progression.hpp"
#include "server/store/game_loader.hpp"
#include "tests/game/game_harness.hpp"
#include "tests/support/content_seeds.hpp"

using dw::testing::game_harness;
using dw::testing::has;

namespace {

dw::config::settings with_monsters_east(std::int64_t hp) {
  auto s = dw::testing::fast_settings();
  s.dungeon.world_seed = dw::testing::seed_with_monsters(*dw::testing::real_content(), false);
  s.game.character_max_hp = hp;
  return s;
}

std::int64_t stored_xp(game_harness& h, std::string_view name) {
  dw::store::game_loader loader(h.services.db());
  auto found = loader.login_by_name(std::string(name));
  return found && found->progress ? found->progress->xp : -1;
}

dw::game::standing standing_of(game_harness& h, std::string_view name) {
  const dw::game::character* ch = h.world.people().find_character_by_name(name);
  EXPECT_NE(ch, nullptr);
  return h.world.progress().standing_of(ch->account_id);
}

}  // namespace

TEST(Progression, AWonFightGivesItsMonstersWorthAndANewDepthItsOwn) {
  game_harness h(with_monsters_east(1'000'000));
  auto ann = h.create("Ann");
  h.line(ann, "down");
  h.line(ann, "east");  // depth 1: deeper than ever
  const auto& rules = h.world.content().progression;
  std::string out = ann.port->take();
  EXPECT_TRUE(has(out, "You gain " + std::to_string(rules.depth_xp(1)) + " experience for reaching depth 1.")) << out;
  EXPECT_EQ(standing_of(h, "Ann").xp, rules.depth_xp(1));
  h.line(ann, "fight");
  out = ann.port->take();
  ASSERT_TRUE(has(out, "The room is clear")) << out;
  const std::size_t gain = out.find("You gain ");
  ASSERT_NE(gain, std::string::npos) << out;
  EXPECT_TRUE(has(out.substr(gain), "experience for defeating ")) << out.substr(gain);
  const dw::game::standing after = standing_of(h, "Ann");
  EXPECT_GT(after.xp, rules.depth_xp(1));
  EXPECT_EQ((after.xp - rules.depth_xp(1)) % (rules.per_monster + rules.per_depth), 0) << "whole monsters at depth 1";
  EXPECT_EQ(stored_xp(h, "Ann"), after.xp) << "saved with the round that won";
  // Walking back to a depth already reached gives nothing.
  h.line(ann, "west");
  h.line(ann, "east");
  EXPECT_FALSE(has(ann.port->take(), "You gain"));
}

TEST(Progression, ALevelGainedIsToldToThePlayerAndTheRoomAndRaisesHitPoints) {
  game_harness h(with_monsters_east(1'000'000));
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  h.line(bob, "down");
  h.line(ann, "down");
  dw::game::character* ch = h.world.people().find_character_by_name("Ann");
  const std::int32_t max_before = ch->max_hp;
  const auto& rules = h.world.content().progression;
  // Ann has earned nearly enough for level 2; going east earns the rest.
  ASSERT_GT(rules.depth_xp(1), 0);
  h.world.progress().leave(ch->account_id);
  dw::game::storage::login_record stored;
  stored.progress = dw::store::progress_record{ch->account_id, rules.levels[1].xp - 1};
  h.world.progress().enter(*ch, &stored);
  ann.port->take();
  bob.port->take();
  h.line(ann, "east");
  const std::string told = ann.port->take();
  EXPECT_TRUE(has(told, "You have reached level 2!")) << told;
  EXPECT_EQ(ch->max_hp, max_before + rules.levels[1].hp);
  EXPECT_EQ(standing_of(h, "Ann").level, 2);
  // Bob stayed at the well: the room Ann walked into is told, not his. Bob follows and hears the next one.
  EXPECT_FALSE(has(bob.port->take(), "has reached level"));
  h.world.progress().leave(ch->account_id);
  stored.progress->xp = rules.levels[2].xp - 1;
  h.world.progress().enter(*ch, &stored);
  h.line(bob, "east");
  bob.port->take();
  h.line(ann, "fight");
  EXPECT_TRUE(has(ann.port->take(), "You have reached level 3!"));
  EXPECT_TRUE(has(bob.port->take(), "Ann has reached level 3.")) << "the room hears it";
  // The character's new maximum is saved with it.
  h.line(ann, "quit");
  dw::store::game_loader loader(h.services.db());
  EXPECT_EQ(loader.login_by_name("Ann")->character->max_hp, max_before + rules.levels[2].hp);
}

TEST(Progression, LevelAndExperienceShowInScoreWhoThePromptAndCharStatus) {
  game_harness h(with_monsters_east(1'000'000));
  auto ann = h.create("Ann");
  h.line(ann, "down");
  h.line(ann, "east");
  const std::int64_t xp = standing_of(h, "Ann").xp;
  ann.port->take();
  h.line(ann, "score");
  const std::string score = ann.port->take();
  EXPECT_TRUE(has(score, "Level: 1 (" + std::to_string(xp) + " experience; level 2 at " +
                             std::to_string(h.world.content().progression.levels[1].xp) + ")"))
      << score;
  h.line(ann, "who");
  EXPECT_TRUE(has(ann.port->take(), "[ 1] Ann"));
  h.line(ann, "prompt L%l E%e>");
  h.line(ann, "look");
  EXPECT_TRUE(has(ann.port->take(), "L1 E" + std::to_string(xp) + ">"));
  bool status = false;
  for (const std::string& g : ann.port->gmcp) {
    if (g.rfind("Char.Status ", 0) == 0 && has(g, "\"xp\":" + std::to_string(xp))) {
      status = has(g, "\"level\":1") && has(g, "\"xp_next\":");
    }
  }
  EXPECT_TRUE(status) << "Char.Status carries level, xp and xp_next";
  h.line(ann, "prompt %q");
  const std::string refused = ann.port->take();
  EXPECT_TRUE(has(refused, "%l level")) << refused;
  EXPECT_TRUE(has(refused, "%e experience")) << refused;
}

TEST(Progression, ATakeOverKeepsTheExperienceInPlayAndAFailedSaveTakesItBack) {
  game_harness h(with_monsters_east(1'000'000));
  auto ann = h.create("Ann");
  h.line(ann, "down");
  auto again = h.connect();
  h.services.hold_reads = true;
  h.line(again, "connect Ann password123");  // the stored row says no experience yet
  h.line(ann, "east");                        // earned in the window
  const std::int64_t earned = standing_of(h, "Ann").xp;
  ASSERT_GT(earned, 0);
  h.services.release_reads();
  EXPECT_TRUE(has(again.port->take(), "You take over your character"));
  EXPECT_EQ(standing_of(h, "Ann").xp, earned);

  // A move that cannot be saved did not happen, and neither did the experience it would have earned.
  h.line(again, "fight");
  ASSERT_TRUE(has(again.port->take(), "The room is clear"));
  const std::int64_t won = standing_of(h, "Ann").xp;
  ASSERT_GT(won, earned);
  h.services.refuse_writes(true);
  h.line(again, "east");  // depth 2: deeper than ever, but it cannot be saved
  h.services.refuse_writes(false);
  const std::string refused = again.port->take();
  EXPECT_TRUE(has(refused, "could not record")) << refused;
  EXPECT_FALSE(has(refused, "You gain")) << refused;
  EXPECT_EQ(standing_of(h, "Ann").xp, won);
  EXPECT_EQ(stored_xp(h, "Ann"), won);
  h.line(again, "east");
  EXPECT_GT(standing_of(h, "Ann").xp, won) << "walked again, it counts";
}
