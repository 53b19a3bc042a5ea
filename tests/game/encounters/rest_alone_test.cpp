// Rest built alone (issue 29): the rest class on a fake ground, with the real roster, output and settings and a
// recording change sink. Each tick is a second; the world calls tick() once a second, the test calls it by hand.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "server/game/encounters/rest.hpp"
#include "tests/game/encounters/ground_fake.hpp"
#include "tests/game/game_harness.hpp"

namespace {

using namespace dw::game;
using dw::testing::encounter_ports;
using dw::testing::has;
using dw::testing::square;
using dw::testing::well_bottom;

constexpr std::int64_t ann_account = 7;
constexpr std::int64_t bob_account = 8;

dw::config::settings resting_at(std::int64_t hp_per_minute) {
  dw::config::settings s = dw::testing::fast_settings();
  s.game.rest_hp_per_minute = hp_per_minute;
  return s;
}

/// The rest class on the fakes, resting `hp_per_minute`.
struct rest_alone {
  explicit rest_alone(std::int64_t hp_per_minute) : p(resting_at(hp_per_minute)) {}

  encounter_ports p;
  rest resting{p.settings, p.people, p.out, p.changes, p.ground};
};

TEST(RestAlone, HitPointsComeBackOverTheMinuteInTheSquareOnlyAndAreSavedThroughTheGround) {
  rest_alone r(30);  // (one hit point every two seconds)
  const auto ann = r.p.add_player("Ann", ann_account, square(), 5, 40);
  const auto bob = r.p.add_player("Bob", bob_account, well_bottom(), 5, 40);

  r.resting.tick();
  EXPECT_EQ(ann.ch->hp, 5) << "half a hit point is not yet one";
  EXPECT_TRUE(r.p.ground.saved.empty());

  r.resting.tick();
  EXPECT_EQ(ann.ch->hp, 6);
  auto saves = r.p.ground.saves_of(ann_account);
  ASSERT_EQ(saves.size(), 1U) << "the hit point gained is saved through the ground";
  EXPECT_EQ(saves.back().hp, 6);
  EXPECT_EQ(saves.back().where.room_id, village_square_id);
  EXPECT_EQ(r.p.changes.pending_undo(), 1U) << "with a way back if the event cannot be saved";

  for (int i = 0; i < 58; ++i) {
    r.resting.tick();
  }
  EXPECT_EQ(ann.ch->hp, 5 + 30) << "a minute gives rest_hp_per_minute";
  EXPECT_EQ(r.p.ground.saves_of(ann_account).size(), 30U) << "one save per hit point gained";
  EXPECT_EQ(bob.ch->hp, 5) << "nobody rests outside the village square";
  EXPECT_TRUE(r.p.ground.saves_of(bob_account).empty());
  EXPECT_FALSE(has(r.p.told(ann), "fully rested"));
}

TEST(RestAlone, TheUndoOfATickThatCannotBeSavedTakesTheHitPointBack) {
  rest_alone r(60);  // (one a second)
  const auto ann = r.p.add_player("Ann", ann_account, square(), 5, 40);
  r.resting.tick();
  r.p.changes.commit();
  ASSERT_EQ(ann.ch->hp, 6);

  r.resting.tick();
  ASSERT_EQ(ann.ch->hp, 7);
  EXPECT_EQ(r.p.changes.fail(), 0);
  EXPECT_EQ(ann.ch->hp, 6) << "the second tick's hit point is taken back, not the first's";
  EXPECT_EQ(r.p.changes.pending_undo(), 0U);
}

TEST(RestAlone, AFullyRestedCharacterIsToldOnceAndNotSavedAgain) {
  rest_alone r(60);
  const auto ann = r.p.add_player("Ann", ann_account, square(), 39, 40);
  r.resting.tick();
  EXPECT_EQ(ann.ch->hp, 40);
  EXPECT_TRUE(has(r.p.told(ann), "You feel fully rested."));
  r.resting.tick();
  r.resting.tick();
  EXPECT_EQ(ann.ch->hp, 40) << "never above the most";
  EXPECT_EQ(r.p.ground.saves_of(ann_account).size(), 1U) << "a character at full health is not saved again";
  EXPECT_FALSE(has(r.p.told(ann), "rested"));
}

TEST(RestAlone, NoRestWhenTheSettingIsOff) {
  rest_alone r(0);
  const auto ann = r.p.add_player("Ann", ann_account, square(), 5, 40);
  for (int i = 0; i < 120; ++i) {
    r.resting.tick();
  }
  EXPECT_EQ(ann.ch->hp, 5);
  EXPECT_TRUE(r.p.ground.saved.empty());
}

}  // namespace
