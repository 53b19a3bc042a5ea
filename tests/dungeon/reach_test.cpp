// reach_without and open_way_around: what players reach without passing a sealed door, and a way on around it.
#include <gtest/gtest.h>

#include <vector>

#include "dungeon/dungeon.hpp"
#include "dungeon/reach.hpp"

using namespace dw::dungeon;

namespace {

constexpr exit_state none = exit_state::none;
constexpr exit_state open = exit_state::unexplored;
constexpr exit_state two = exit_state::two_way;

/// East branch 1: A (1,0) from the well, east to the door D (2,0), whose north and east are the only ways on.
/// (exits n, e, s, w)
dungeon boxed_in() {
  dungeon d(dungeon_settings{}, nullptr);
  branch_info info;
  info.id = 1;
  info.dir = direction::east;
  info.number = 1;
  info.sequence = 1;
  info.unexplored = 2;
  info.room_count = 2;
  EXPECT_TRUE(d.restore_branch(info));
  const std::vector<room> rooms{
      room{3, 1, {1, 0}, {none, two, none, exit_state::to_start}, true},
      room{4, 1, {2, 0}, {open, open, none, two}, false},
  };
  EXPECT_TRUE(d.restore_rooms(1, rooms));
  return d;
}

}  // namespace

TEST(ReachWithout, APlaceOnlyTheSealedDoorLeadsToIsNotReachedAndOpeningAWayAroundReachesIt) {
  dungeon d = boxed_in();
  const coord door{2, 0};
  {
    const reach_without reach(d, 1, door);
    EXPECT_FALSE(reach.can_reach({3, 0}));   // behind the door
    EXPECT_FALSE(reach.can_reach({2, 1}));   // its north exit's place: still only through the door
    EXPECT_FALSE(reach.can_reach({9, 9}));   // nothing beyond the rooms either
    EXPECT_FALSE(reach.can_reach({1, 0}));   // a room: no hint room can appear there
    EXPECT_TRUE(reach.nearest_places(door).empty());
    EXPECT_FALSE(reachable_place(reach, door, {{3, 0}, {2, 1}}, [](coord) { return false; }).has_value());
  }
  // Passing the door is allowed when it is not the one avoided: then its exits lead on.
  EXPECT_TRUE(reach_without(d, 1, {7, 7}).can_reach({3, 0}));

  const change_set opened = d.open_way_around(1, door, 42);
  ASSERT_TRUE(opened.opened.has_value());
  EXPECT_EQ(opened.opened->pos, (coord{1, 0}));  // A: the only room reached without the door
  ASSERT_EQ(opened.rooms.size(), 1U);
  EXPECT_EQ(opened.rooms[0].exit(opened.opened->dir), open);
  ASSERT_TRUE(opened.branch.has_value());
  EXPECT_EQ(opened.branch->unexplored, 3U);
  EXPECT_EQ(d.branch(1)->unexplored, 3U);

  const reach_without reach(d, 1, door);
  EXPECT_TRUE(reach.can_reach({3, 0}));  // round A's new exit
  EXPECT_TRUE(reach.can_reach({2, 1}));
  EXPECT_TRUE(reach.can_reach({9, 9}));
  EXPECT_FALSE(reach.can_reach({0, 0}));  // never the well
  EXPECT_FALSE(reach.can_reach(door));
  // The lock's own order of candidates decides first; refused places are skipped.
  EXPECT_EQ(reachable_place(reach, door, {{2, 0}, {3, 0}, {2, 1}}, [](coord c) { return c == coord{3, 0}; }),
            (coord{2, 1}));
}

TEST(ReachWithout, NoWayAroundWhenTheDoorIsTheFirstRoom) {
  dungeon d = boxed_in();
  EXPECT_TRUE(d.open_way_around(1, {1, 0}, 1).empty());
  EXPECT_FALSE(reach_without(d, 1, {1, 0}).can_reach({2, 1}));
}
