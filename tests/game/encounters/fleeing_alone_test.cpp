// Fleeing built alone (issue 29): the way a fighter runs and the run, on a fake ground over a real dungeon
// model, with no fight around it (which fighter flees, and when, is the fights').
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <set>
#include <string>

#include "content/tape.hpp"
#include "server/game/encounters/fleeing.hpp"
#include "server/game/places/static_rooms.hpp"
#include "tests/game/encounters/ground_fake.hpp"
#include "tests/game/game_harness.hpp"

namespace {

using namespace dw::game;
namespace testing = dw::testing;

constexpr std::int64_t ann_account = 7;

/// The first two rooms of a branch, and Ann standing in `second` of them (else the first), come in from no side.
struct fleeing_alone {
  explicit fleeing_alone(bool second = true) {
    rooms = p.dig();
    ann = p.add_player("Ann", ann_account, testing::fake_ground::location_of(second ? rooms.second : rooms.first), 40,
                       40);
    p.ground.sides.erase(ann_account);
  }

  /// The exits of the room Ann stands in of `kind`.
  std::set<exit_dir> exits_of(exit_kind kind) {
    std::set<exit_dir> found;
    const std::optional<place> here = p.ground.at(ann.ch->where);
    for (const place_exit& e : here->exits) {
      if (e.kind == kind) {
        found.insert(e.dir);
      }
    }
    return found;
  }

  testing::encounter_ports p;
  fleeing ways{p.people, p.out, p.ground};
  testing::encounter_ports::two_rooms rooms;
  testing::encounter_ports::player ann;
  dw::content::tape tape{12345};
};

TEST(FleeingAlone, AFighterRunsBackTheWayItCame) {
  fleeing_alone f(false);  // the first room, come back into from the second: two known ways out
  const exit_dir back = f.rooms.way_in;
  f.p.ground.sides[ann_account] = static_cast<int>(dw::dungeon::index_of(back));
  ASSERT_GE(f.exits_of(exit_kind::open).size() + f.exits_of(exit_kind::to_well).size(), 2U);
  for (std::uint32_t round = 0; round < 20; ++round) {
    EXPECT_EQ(f.ways.way_out(*f.ann.ch, f.tape, round), back) << "whatever the tape says, round " << round;
  }
}

TEST(FleeingAlone, OtherwiseTheTapePicksAKnownExitAndNeverTheUnknown) {
  fleeing_alone f(false);  // the first room: the way to the well, the way on to the second room, and unexplored ones
  const std::set<exit_dir> unexplored = f.exits_of(exit_kind::unexplored);
  ASSERT_FALSE(unexplored.empty()) << "the first room has exits nobody has taken";
  // Come in by an exit nobody has taken (as if it had been open when the character came): still not that way.
  f.p.ground.sides[ann_account] = static_cast<int>(dw::dungeon::index_of(*unexplored.begin()));
  std::set<exit_dir> known = f.exits_of(exit_kind::open);
  for (exit_dir d : f.exits_of(exit_kind::to_well)) {
    known.insert(d);
  }
  ASSERT_GE(known.size(), 2U);
  std::set<exit_dir> picked;
  for (std::uint32_t round = 0; round < 64; ++round) {
    const std::optional<exit_dir> way = f.ways.way_out(*f.ann.ch, f.tape, round);
    ASSERT_TRUE(way.has_value());
    EXPECT_TRUE(known.contains(*way)) << "round " << round << ": only a known way leads out";
    picked.insert(*way);
    EXPECT_EQ(f.ways.way_out(*f.ann.ch, f.tape, round), way) << "the same round of the same tape, the same way";
  }
  EXPECT_EQ(picked, known) << "the tape's value of each round picks among every known way";
}

TEST(FleeingAlone, NowhereToRunFromAPlaceTheGroundDoesNotKnow) {
  fleeing_alone f;
  f.ann.ch->where.x += 5;  // (no room there)
  ASSERT_FALSE(f.p.ground.at(f.ann.ch->where).has_value());
  EXPECT_FALSE(f.ways.way_out(*f.ann.ch, f.tape, 0).has_value());
}

TEST(FleeingAlone, TheRunIsAStepWalkedThroughTheGroundAndTold) {
  fleeing_alone f;
  const exit_dir back = dw::dungeon::opposite(f.rooms.way_in);
  f.ways.run(*f.ann.ch, back);
  EXPECT_TRUE(testing::has(f.p.told(f.ann), "You flee " + std::string(exit_name(back)) + "!"));
  ASSERT_EQ(f.p.ground.walks.size(), 1U);
  EXPECT_EQ(f.p.ground.walks[0].account, ann_account);
  EXPECT_EQ(f.p.ground.walks[0].dir, back);
  EXPECT_EQ(f.ann.ch->where, testing::fake_ground::location_of(f.rooms.first));

  // A character whose connection has gone runs nowhere (it is leaving play).
  f.ann.ch->connection = 999999;
  f.ways.run(*f.ann.ch, f.rooms.way_in);
  EXPECT_EQ(f.p.ground.walks.size(), 1U);
}

}  // namespace
