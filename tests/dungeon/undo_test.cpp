// Taking back changes that could not be saved: a spawned room, a new branch, a room table entry.
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "dungeon/dungeon.hpp"
#include "dungeon/room_table.hpp"
#include "tests/dungeon/invariants.hpp"
#include "tests/dungeon/memory_store.hpp"

namespace dw::dungeon {
namespace {

const auto clear_all = [](const room&) { return true; };

TEST(RoomTableErase, MatchesAReferenceMapUnderRandomInsertsAndErases) {
  room_table t;
  std::map<std::uint64_t, room_id> reference;
  std::mt19937_64 rng(42);
  std::uniform_int_distribution<int> coord_pick(-12, 12);
  for (int step = 0; step < 20000; ++step) {
    const coord c{coord_pick(rng), coord_pick(rng)};
    if (c == coord{0, 0}) {
      continue;
    }
    const std::uint64_t key = pack(c);
    if (rng() % 3 == 0) {
      EXPECT_EQ(t.erase(c), reference.erase(key) == 1);
    } else if (reference.find(key) == reference.end()) {
      t.insert(c).id = static_cast<room_id>(step + 1);
      reference[key] = static_cast<room_id>(step + 1);
    }
    ASSERT_EQ(t.size(), reference.size());
  }
  for (int x = -12; x <= 12; ++x) {
    for (int y = -12; y <= 12; ++y) {
      const coord c{x, y};
      const room_slot* s = t.find(c);
      const auto it = reference.find(pack(c));
      if (it == reference.end()) {
        EXPECT_EQ(s, nullptr) << x << "," << y;
      } else {
        ASSERT_NE(s, nullptr) << x << "," << y;
        EXPECT_EQ(s->id, it->second);
      }
    }
  }
}

TEST(RoomTableErase, MissingRoomIsNotErased) {
  room_table t;
  t.insert({1, 1});
  EXPECT_FALSE(t.erase({2, 2}));
  EXPECT_TRUE(t.erase({1, 1}));
  EXPECT_FALSE(t.erase({1, 1}));
  EXPECT_EQ(t.size(), 0U);
}

/// A branch grown by walking east from its first room until a spawn happens.
struct grown {
  testing::memory_store store;
  dungeon d{{99, 4, 300, 3600}, &store};
  branch_id b = 0;
};

TEST(UndoSpawn, PutsTheBranchBackExactlyAsItWas) {
  grown g;
  const enter_result entered = g.d.enter_from_start(direction::east, 0, clear_all);
  g.store.apply(entered.changes);
  g.b = entered.branch;
  // Find an unexplored exit of the first room and walk it.
  const room first = entered.first_room;
  std::optional<direction> way;
  for (direction d : all_directions) {
    if (first.exit(d) == exit_state::unexplored) {
      way = d;
    }
  }
  ASSERT_TRUE(way) << "seed 99 gives the first room an unexplored exit";
  const branch_info before = *g.d.branch(g.b);
  const room first_before = *g.d.room_at(g.b, first.pos);
  const move_result moved = g.d.move(g.b, first.pos, *way, false, clear_all);
  ASSERT_TRUE(moved.spawned);
  const coord target = moved.destination.pos;
  EXPECT_NE(*g.d.branch(g.b), before);

  g.d.undo_spawn(moved.changes);  // never persisted

  EXPECT_FALSE(g.d.room_at(g.b, target).has_value());
  EXPECT_EQ(*g.d.room_at(g.b, first.pos), first_before);
  EXPECT_EQ(*g.d.branch(g.b), before);
  EXPECT_TRUE(testing::check_invariants(g.d, g.store).empty());

  // Walking again spawns the same room (same place, same exits) under a new id: ids are never reused.
  const move_result again = g.d.move(g.b, first.pos, *way, false, clear_all);
  ASSERT_TRUE(again.spawned);
  EXPECT_EQ(again.destination.pos, target);
  EXPECT_EQ(again.destination.exits, moved.destination.exits);
  EXPECT_GT(again.destination.id, moved.destination.id);
}

/// Walks a chain of spawns from the first room; the first `saved` are persisted, the rest are returned.
std::vector<move_result> chain(dungeon& d, testing::memory_store& store, branch_id b, coord at, int saved,
                               int unsaved) {
  std::vector<move_result> out;
  for (int i = 0; i < saved + unsaved; ++i) {
    const room here = *d.room_at(b, at);
    std::optional<direction> way;
    for (direction dir : all_directions) {
      if (here.exit(dir) == exit_state::unexplored) {
        way = dir;
        break;
      }
    }
    if (!way) {
      return {};
    }
    move_result m = d.move(b, at, *way, false, clear_all);
    if (i < saved) {
      store.apply(m.changes);
    } else {
      out.push_back(m);
    }
    at = m.destination.pos;
  }
  return out;
}

TEST(UndoSpawn, TakingBackSpawnsInEitherOrderKeepsTheInvariants) {
  int checked = 0;
  for (std::uint64_t seed = 1; seed < 200 && checked < 20; ++seed) {
    for (int newest_first = 0; newest_first < 2; ++newest_first) {
      testing::memory_store store;
      dungeon d({seed, 4, 300, 3600}, &store);
      const enter_result entered = d.enter_from_start(direction::north, 0, clear_all);
      store.apply(entered.changes);
      const branch_id b = entered.branch;
      const std::vector<move_result> unsaved = chain(d, store, b, entered.first_room.pos, 2, 2);
      if (unsaved.size() != 2) {
        continue;  // this seed's walk dead-ends early
      }
      const branch_info saved_info = store.branches().at(b);
      d.undo_spawn(unsaved[newest_first == 1 ? 1 : 0].changes);
      d.undo_spawn(unsaved[newest_first == 1 ? 0 : 1].changes);
      EXPECT_FALSE(d.room_at(b, unsaved[0].destination.pos).has_value());
      EXPECT_FALSE(d.room_at(b, unsaved[1].destination.pos).has_value());
      const branch_info now = *d.branch(b);
      EXPECT_EQ(now.room_count, saved_info.room_count) << "seed " << seed << " order " << newest_first;
      EXPECT_EQ(now.unexplored, saved_info.unexplored) << "seed " << seed << " order " << newest_first;
      EXPECT_TRUE(testing::check_invariants(d, store).empty()) << "seed " << seed << " order " << newest_first;
      ++checked;
    }
  }
  EXPECT_GE(checked, 20) << "too few seeds gave a walk of four spawns";
}

TEST(UndoNewBranch, TheStartExitLeadsWhereItLedBefore) {
  grown g;
  const enter_result first = g.d.enter_from_start(direction::west, 0, clear_all);
  g.store.apply(first.changes);
  // The window closed: walking west again opens branch 2, which could not be saved.
  const enter_result second = g.d.enter_from_start(direction::west, 1000, clear_all);
  ASSERT_TRUE(second.new_branch);
  ASSERT_NE(second.branch, first.branch);
  g.d.undo_new_branch(second.branch);
  EXPECT_FALSE(g.d.branch(second.branch).has_value());
  EXPECT_EQ(g.d.branches().size(), 1U);
  // Inside the first branch's window again (a test clock), the exit joins the first branch.
  const enter_result joined = g.d.enter_from_start(direction::west, 10, clear_all);
  EXPECT_FALSE(joined.new_branch);
  EXPECT_EQ(joined.branch, first.branch);
  // A new branch after the undo takes a fresh number: numbers are never reused.
  const enter_result third = g.d.enter_from_start(direction::west, 2000, clear_all);
  ASSERT_TRUE(third.new_branch);
  EXPECT_GT(g.d.branch(third.branch)->number, 2U);
}

}  // namespace
}  // namespace dw::dungeon
