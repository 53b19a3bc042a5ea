// A branch kept from running dry, as players meet it: the new way is announced to everyone inside and saved
// with the room that caused it; and the first room and the map say when the way back no longer leads back in.
#include <gtest/gtest.h>

#include "server/store/rooms.hpp"
#include "tests/game/game_harness.hpp"

using dw::testing::game_harness;
using dw::testing::has;

namespace {

constexpr std::string_view way_opened = "Somewhere behind you, stone grinds on stone: a new way has opened.";

/// One unexplored exit at a time: every step walks the branch's only one, until a room is boxed in.
dw::config::settings narrow_branches() {
  dw::config::settings s = dw::testing::fast_settings();
  s.dungeon.max_unexplored_exits = 1;
  return s;
}

}  // namespace

TEST(BranchWays, ABoxedInRoomOpensAWayElsewhereTellsEveryoneInsideAndSavesIt) {
  game_harness h(narrow_branches());
  h.world.where().directory.set_clear_decider([](const dw::dungeon::room&) { return true; });
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  h.line(ann, "down");
  h.line(ann, "east");
  h.line(bob, "down");
  h.line(bob, "east");  // inside the window: Bob follows and waits in the first room
  ASSERT_TRUE(has(bob.port->take(), "You follow your companions into East branch 1"));
  ann.port->take();

  dw::dungeon::dungeon& model = h.world.where().dungeon();
  dw::dungeon::coord at{1, 0};
  std::optional<dw::dungeon::opened_exit> opened;
  for (int steps = 0; steps < 2000 && !opened; ++steps) {
    const auto here = model.room_at(1, at);
    ASSERT_TRUE(here.has_value());
    std::optional<dw::dungeon::direction> way;
    for (auto d : dw::dungeon::all_directions) {
      if (here->exit(d) == dw::dungeon::exit_state::unexplored) {
        way = d;
      }
    }
    ASSERT_TRUE(way.has_value()) << "at budget 1 the room walked into holds the branch's only way on";
    const std::uint32_t unexplored_before = model.branch(1)->unexplored;
    h.line(ann, std::string(dw::dungeon::name(*way)));
    at = *dw::dungeon::step(at, *way);
    const std::string out = ann.port->take();
    ASSERT_TRUE(has(out, "Exits: ")) << out;
    EXPECT_GE(model.branch(1)->unexplored, 1U) << "the branch never runs dry";
    if (has(out, way_opened)) {
      // Find the exit the spawn opened: the one unexplored exit of the branch, in some existing room.
      model.for_each_resident_room(1, [&](const dw::dungeon::room& r) {
        for (auto d : dw::dungeon::all_directions) {
          if (r.exit(d) == dw::dungeon::exit_state::unexplored) {
            opened = dw::dungeon::opened_exit{r.id, r.pos, d};
          }
        }
      });
      ASSERT_EQ(unexplored_before, 1U);
    }
  }
  ASSERT_TRUE(opened.has_value()) << "no room was boxed in within 2,000 steps";
  EXPECT_NE(opened->pos, at) << "the new way is not in the boxed-in room";
  EXPECT_TRUE(has(bob.port->take(), way_opened)) << "everyone inside the branch hears it";

  // Saved with the spawn: the stored room has the new unexplored exit.
  const auto stored = dw::store::rooms::load(h.services.db(), 1, opened->pos.x, opened->pos.y);
  ASSERT_TRUE(stored.has_value());
  EXPECT_EQ(stored->exits[dw::dungeon::index_of(opened->dir)], static_cast<std::uint8_t>(1)) << "unexplored";
}

TEST(BranchWays, AfterTheWindowTheFirstRoomAndTheMapSayTheWayBackNoLongerLeadsBackIn) {
  game_harness h;
  auto ann = h.create("Ann");
  ann.port->info.width = 200;  // lines whole
  h.line(ann, "down");
  h.line(ann, "east");
  std::string out = ann.port->take();
  EXPECT_TRUE(has(out, "west (to the well)")) << out;
  EXPECT_FALSE(has(out, "no longer leads back")) << out;
  h.line(ann, "map");
  EXPECT_FALSE(has(ann.port->take(), "no longer leads back"));

  h.services.clock += h.world.settings().dungeon.branch_join_seconds;
  h.line(ann, "look");
  out = ann.port->take();
  EXPECT_TRUE(has(out, "west (to the well, one-way)")) << out;
  EXPECT_TRUE(has(out, "The way back to the well no longer leads back in here")) << out;
  h.line(ann, "map");
  out = ann.port->take();
  EXPECT_TRUE(has(out, "W: the way back no longer leads back in here.")) << out;
  // And indeed: out and in again is another branch.
  h.line(ann, "west");
  h.line(ann, "east");
  EXPECT_TRUE(has(ann.port->take(), "East branch 2"));
}

TEST(BranchWays, UnderTheLiteralRuleTheMapSaysADryBranchIsNotLedBackIntoEvenInsideTheWindow) {
  dw::config::settings s = narrow_branches();
  s.dungeon.branches_can_finish = true;
  game_harness h(s);
  h.world.where().directory.set_clear_decider([](const dw::dungeon::room&) { return true; });
  auto ann = h.create("Ann");
  ann.port->info.width = 200;  // lines whole
  h.line(ann, "down");
  h.line(ann, "east");
  dw::dungeon::dungeon& model = h.world.where().dungeon();
  dw::dungeon::coord at{1, 0};
  // At budget 1 the room walked into holds the branch's only way on, until one is boxed in and the branch is dry.
  for (int steps = 0; steps < 2000 && model.branch(1)->unexplored > 0; ++steps) {
    const auto here = model.room_at(1, at);
    ASSERT_TRUE(here.has_value());
    std::optional<dw::dungeon::direction> way;
    for (auto d : dw::dungeon::all_directions) {
      if (here->exit(d) == dw::dungeon::exit_state::unexplored) {
        way = d;
      }
    }
    ASSERT_TRUE(way.has_value());
    h.line(ann, std::string(dw::dungeon::name(*way)));
    at = *dw::dungeon::step(at, *way);
  }
  ASSERT_EQ(model.branch(1)->unexplored, 0U) << "the branch never ran dry within 2,000 steps";
  ASSERT_TRUE(dw::dungeon::window_open(*model.branch(1), h.services.now()));
  ann.port->take();
  h.line(ann, "map");
  EXPECT_TRUE(has(ann.port->take(), "W: the way back no longer leads back in here.")) << "a dry branch is never joined";
}
