// Bounties through the real world: the board only in the village square, the commands, and the deeds that
// places, fights and the merchant tell (walking to a depth again counts), paid at the board and stored.
#include <gtest/gtest.h>

#include "content/bounties.hpp"
#include "content/room_roll.hpp"
#include "content/scroll.hpp"
#include "server/game/bounties/bounties.hpp"
#include "server/store/game_loader.hpp"
#include "tests/game/game_harness.hpp"
#include "tests/support/content_seeds.hpp"

using dw::testing::game_harness;
using dw::testing::has;

namespace {

dw::config::settings with_monsters_east() {
  auto s = dw::testing::fast_settings();
  s.dungeon.world_seed = dw::testing::seed_with_monsters(*dw::testing::real_content(), false);
  s.game.character_max_hp = 1'000'000;
  return s;
}

/// The kind of monster in the first room east of the well (East branch 1, (1,0), depth 1).
std::string monster_east(const game_harness& h) {
  const auto& tables = h.world.content();
  const dw::content::tape tape = dw::testing::first_room_east_tape(h.world.settings().dungeon.world_seed);
  return dw::content::roll_room(tables, tape, 1, {}).monsters->monster_key;
}

/// The first scroll seed whose effect is `key`.
std::uint64_t scroll_of(const game_harness& h, std::string_view key) {
  for (std::uint64_t seed = 1; seed < 100'000; ++seed) {
    if (const auto* e = dw::content::scroll_effect_of(h.world.content(), seed); e != nullptr && e->key == key) {
      return seed;
    }
  }
  return 0;
}

dw::store::bounty_record task(std::string kind, std::string target, int depth, int count, int slot) {
  dw::store::bounty_record r;
  r.day = dw::content::game_day(1'800'000'000);
  r.slot = slot;
  r.kind = std::move(kind);
  r.target = std::move(target);
  r.depth = depth;
  r.count = count;
  r.silver = 10 * slot;
  r.xp = 100 * slot;
  return r;
}

/// Ann comes back into play holding `tasks` (as if she had accepted them before a restart).
void hold(game_harness& h, std::vector<dw::store::bounty_record> tasks) {
  dw::game::character* ch = h.world.people().find_character_by_name("Ann");
  ASSERT_NE(ch, nullptr);
  h.world.board().leave(ch->account_id);
  dw::game::storage::login_record stored;
  stored.bounties = dw::store::bounty_book_record{ch->account_id, 0, std::move(tasks)};
  h.world.board().enter(*ch, &stored);
}

}  // namespace

TEST(BountiesInPlay, TheBoardStandsInTheVillageSquareAndItsCommandsSaySo) {
  game_harness h;
  auto ann = h.create("Ann");
  h.line(ann, "look");
  EXPECT_TRUE(has(ann.port->take(), "type 'bounties' to read them"));
  h.line(ann, "bounties");
  std::string out = ann.port->take();
  EXPECT_TRUE(has(out, "The bounty board (the notices change at midnight UTC):\n  1. ")) << out;
  EXPECT_TRUE(has(out, "  4. ")) << out;
  h.line(ann, "accept");
  EXPECT_TRUE(has(ann.port->take(), "Accept which?"));
  h.line(ann, "accept two");
  EXPECT_TRUE(has(ann.port->take(), "Accept which?"));
  h.line(ann, "accept 2");
  EXPECT_TRUE(has(ann.port->take(), "You take down notice 2: "));
  h.line(ann, "bounties accept 3");
  EXPECT_TRUE(has(ann.port->take(), "You take down notice 3: "));

  h.line(ann, "down");
  ann.port->take();
  h.line(ann, "bounties");
  out = ann.port->take();
  EXPECT_TRUE(has(out, "Your bounties:\n  1. ")) << out;
  EXPECT_TRUE(has(out, "hangs by the merchant's stall in the village square")) << out;
  EXPECT_FALSE(has(out, "The bounty board (")) << "the board itself is read only there";
  h.line(ann, "accept 1");
  EXPECT_TRUE(has(ann.port->take(), "Bounties are taken at the board"));
  h.line(ann, "bounties drop");
  EXPECT_TRUE(has(ann.port->take(), "Give up which?"));
  h.line(ann, "bounties drop 2");  // giving up works anywhere
  EXPECT_TRUE(has(ann.port->take(), "You give up your bounty: "));
  h.line(ann, "bounties steal");
  EXPECT_TRUE(has(ann.port->take(), "Usage: bounties"));
  h.line(ann, "score");
  out = ann.port->take();
  EXPECT_TRUE(has(out, "Bounties completed: 0\nBounty: ")) << out;
  h.line(ann, "help bounties");
  EXPECT_TRUE(has(ann.port->take(), "bounties | bounties drop <number>"));
}

TEST(BountiesInPlay, WalkingThereAgainFightingAndSellingCountAndTheBoardPays) {
  game_harness h(with_monsters_east());
  auto ann = h.create("Ann");
  ann.port->info.width = 250;  // (no line the test looks for is wrapped)
  // Ann has been to depth 1 before she takes the task of reaching it: walking there again counts.
  h.line(ann, "down");
  h.line(ann, "east");
  h.line(ann, "west");
  h.line(ann, "up");
  const std::string monster = monster_east(h);
  const std::uint64_t seed = scroll_of(h, "heal");
  ASSERT_NE(seed, 0U);
  hold(h, {task("defeat", monster, 1, 1, 1), task("reach", "", 1, 1, 2), task("scroll", "heal", 0, 1, 3)});
  ann.port->take();
  h.line(ann, "down");
  EXPECT_FALSE(has(ann.port->take(), "Bounty")) << "the bottom of the well is no depth";
  h.line(ann, "east");
  std::string out = ann.port->take();
  EXPECT_TRUE(has(out, "Bounty done: Reach depth 1! Hand it in at the board in the village square ('bounties')."))
      << out;
  h.line(ann, "fight");
  out = ann.port->take();
  EXPECT_TRUE(has(out, "Bounty done: Defeat ")) << out;
  h.line(ann, "west");
  h.line(ann, "up");
  h.line(ann, "@spawn scroll " + std::to_string(seed));
  h.line(ann, "get scroll");
  h.line(ann, "sell scroll");
  out = ann.port->take();
  EXPECT_TRUE(has(out, "Bounty done: Bring back a scroll of mending and sell it to the merchant!")) << out;
  const dw::game::character* ch = h.world.people().find_character_by_name("Ann");
  const std::int64_t silver = ch->silver;
  const std::int64_t xp = h.world.progress().standing_of(ch->account_id).xp;
  ann.port->gmcp.clear();
  h.line(ann, "bounties");
  out = ann.port->take();
  EXPECT_TRUE(has(out, "You hand in your bounty: Reach depth 1. The merchant counts out 20 silver for you.")) << out;
  EXPECT_TRUE(has(out, "You gain 600 experience for completing 3 bounties.")) << out;
  EXPECT_TRUE(has(out, "You hold no bounties.")) << out;
  EXPECT_EQ(ch->silver, silver + 60);
  EXPECT_EQ(h.world.progress().standing_of(ch->account_id).xp, xp + 600);
  bool status = false;
  bool bounty = false;
  for (const std::string& g : ann.port->gmcp) {
    status = status || (g.starts_with("Char.Status ") && has(g, "\"silver\":" + std::to_string(silver + 60)));
    bounty = bounty || (g.starts_with("Char.Bounty ") && has(g, "\"tasks\":[]") && has(g, "\"completed\":3"));
  }
  EXPECT_TRUE(status) << "Char.Status with the reward's silver";
  EXPECT_TRUE(bounty) << "Char.Bounty with nothing held and three completed";
  // Stored with the event that paid.
  dw::store::game_loader loader(h.services.db());
  const auto stored = loader.login_by_name("Ann");
  ASSERT_TRUE(stored && stored->bounties);
  EXPECT_EQ(stored->bounties->completed, 3);
  EXPECT_EQ(stored->character->silver, silver + 60);
  EXPECT_EQ(stored->progress->xp, xp + 600);
}

TEST(BountiesInPlay, ATakeOverKeepsTheBountiesInPlayAndQuittingKeepsThemStored) {
  game_harness h;
  auto ann = h.create("Ann");
  auto again = h.connect();
  h.services.hold_reads = true;
  h.line(again, "connect Ann password123");  // the stored book is read: nothing held yet
  h.line(ann, "accept 1");                   // taken in the window
  h.services.release_reads();
  EXPECT_TRUE(has(again.port->take(), "You take over your character"));
  const dw::game::character* in_play = h.world.people().find_character_by_name("Ann");
  const std::int64_t account = in_play->account_id;
  ASSERT_EQ(h.world.board().book_of(account)->tasks.size(), 1U);
  h.line(again, "quit");
  h.disconnect(again);
  EXPECT_EQ(h.world.people().find_character_by_name("Ann"), nullptr);
  EXPECT_EQ(h.world.board().book_of(account), nullptr) << "forgotten once out of play";
  auto later = h.connect();
  h.line(later, "connect Ann password123");
  later.port->take();
  h.line(later, "bounties");
  EXPECT_TRUE(has(later.port->take(), "(yours)"));
}
