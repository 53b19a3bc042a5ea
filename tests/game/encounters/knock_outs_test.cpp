// Knock-outs through the real world with fake connections: waking in the square with the room left as it
// was, a new bout told from round one, the web panes, the fallen pack's silver, and a take-over after.
#include <gtest/gtest.h>

#include "content/fight_state.hpp"
#include "server/store/accounts.hpp"
#include "server/store/characters.hpp"
#include "server/store/rooms.hpp"
#include "tests/game/encounters/encounters_support.hpp"

using dw::testing::game_harness;
using dw::testing::has;
using namespace dw::testing::encounters;

TEST(ContentPlay, AtZeroHitPointsYouWakeInTheSquareAndTheRoomStaysUncleared) {
  const std::int64_t seed = seed_with_monsters(false);
  ASSERT_GT(seed, 0);
  game_harness h(with_seed(seed, 1));
  auto ann = h.create("Ann");
  walk_into_first_room(h, ann);
  ann.port->take();
  // One hit point: the first blow that lands knocks Ann out. A blow can be 0, so fight until it happens.
  fight_until_knocked_out(h, ann);
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
  walk_into_first_room(h, ann);
  fight_until_knocked_out(h, ann);
  ASSERT_TRUE(has(ann.port->take(), "You wake up in the village square"));
  const auto stored = dw::store::rooms::load(h.services.db(), 1, 1, 0);
  ASSERT_TRUE(stored);
  const auto fight = dw::content::fight_state::decode(stored->contents);
  ASSERT_TRUE(fight);
  ASSERT_GE(fight->round, 1U) << "the monsters' fight counts its rounds on (its tape reads them)";

  // Back for another bout: its rounds are told from 1, one round per timer.
  h.services.hold_timers = true;
  walk_into_first_room(h, ann);
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
    walk_into_first_room(h, ann);
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
    walk_into_first_room(h, ann);
    fight_until_knocked_out(h, ann);
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

  walk_into_first_room(h, ann);
  ann.port->take();
  fight_until_knocked_out(h, ann);
  ASSERT_NE(ann.port->take().find("half your silver stay behind in your fallen pack"), std::string::npos);
  const std::int64_t lost = earned / 2;
  EXPECT_EQ(silver_of(ann), earned - lost) << "the fallen keep half, rounded up";
  const auto account = dw::store::accounts::find_by_name(h.services.db(), "Ann");
  ASSERT_TRUE(account);
  const auto stored = dw::store::characters::load(h.services.db(), account->id);
  ASSERT_TRUE(stored);
  EXPECT_EQ(stored->silver, earned - lost) << "and it is saved";

  walk_into_first_room(h, bob);
  bob.port->take();
  h.line(bob, "get pack");
  const std::string took = bob.port->take();
  EXPECT_NE(took.find("You take Ann's fallen pack: " + std::to_string(lost) + " silver"), std::string::npos) << took;
  EXPECT_EQ(silver_of(bob), lost) << "the rest goes to whoever takes the pack";
}

TEST(ContentPlay, AKnockOutThenATakeOverLeavesOneCharacterInTheRoom) {
  const std::int64_t seed = seed_with_monsters(false);
  ASSERT_GT(seed, 0);
  game_harness h(with_seed(seed, 1));
  auto ann = h.create("Ann");
  auto vic = h.create("Vic");
  walk_into_first_room(h, vic);
  fight_until_knocked_out(h, vic);
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
