// Each encounters part keeps its own state in its own table (issue 29): the puzzles' locks and hints
// (rune_locks) and the rooms' contents (room_contents). A branch read from storage fills every table through
// the room hooks (encounters::restore_branch), and a collapsing branch empties them (forget_branch), leaving
// the other branches' rows alone.
#include <gtest/gtest.h>

#include "content/fight_state.hpp"
#include "content/puzzle.hpp"
#include "content/room_event.hpp"
#include "tests/game/game_harness.hpp"

using dw::testing::game_harness;

namespace {

constexpr std::int64_t lock_room = 9001;
constexpr std::int64_t hint_room = 9002;
constexpr std::int64_t fight_room = 9003;

dw::content::rune_lock stored_lock() {
  dw::content::rune_lock lock;
  lock.sequence = {"sun", "moon", "serpent"};
  lock.hint_x = 5;
  lock.hint_y = 1;
  return lock;
}

dw::content::fight_state stored_fight() {
  dw::content::fight_state fight;
  fight.monster_key = "rat";
  fight.size_key = "large";
  fight.depth = 1;
  fight.hp_each = 4;
  fight.monster_hp = {4, 2};
  return fight;
}

dw::game::storage::room_record room(std::int64_t id, std::int64_t branch, int x, int y, dw::content::room_event event,
                              std::string contents) {
  dw::game::storage::room_record r;
  r.id = id;
  r.branch_id = branch;
  r.x = x;
  r.y = y;
  r.event = static_cast<std::int32_t>(event);
  r.contents = std::move(contents);
  return r;
}

/// A branch as storage gives it: a sealed rune lock at (3,0), its hint room at (5,1) and a fight at (4,0).
dw::game::storage::branch_snapshot stored_branch(std::int64_t branch) {
  dw::game::storage::branch_snapshot s;
  s.branch_id = branch;
  s.exists = true;
  dw::content::rune_hint hint;
  hint.lock_x = 3;
  hint.lock_y = 0;
  hint.sequence = stored_lock().sequence;
  s.rooms.push_back(room(lock_room, branch, 3, 0, dw::content::room_event::rune_lock, stored_lock().encode()));
  s.rooms.push_back(room(hint_room, branch, 5, 1, dw::content::room_event::rune_hint, hint.encode()));
  s.rooms.push_back(room(fight_room, branch, 4, 0, dw::content::room_event::monster, stored_fight().encode()));
  return s;
}

}  // namespace

TEST(RoomTables, ABranchReadFillsThePuzzlesAndContentsTables) {
  game_harness h;
  dw::game::encounters& play = h.world.play();
  const std::size_t locks_before = play.locks.size();
  play.restore_branch(stored_branch(42));

  const dw::content::rune_lock* lock = play.locks.lock_in(lock_room);
  ASSERT_NE(lock, nullptr);
  EXPECT_EQ(*lock, stored_lock());
  ASSERT_NE(play.locks.hint_in(hint_room), nullptr);
  EXPECT_EQ(play.locks.hint_in(hint_room)->sequence, stored_lock().sequence);
  EXPECT_EQ(play.locks.lock_in(hint_room), nullptr);
  EXPECT_EQ(play.locks.lock_in(fight_room), nullptr);
  EXPECT_EQ(play.locks.size(), locks_before + 2);
  // The index of hint places is rebuilt from the lock's stored contents.
  ASSERT_NE(play.locks.hint_at(42, {5, 1}), nullptr);
  EXPECT_EQ(play.locks.hint_at(42, {5, 1})->lock_x, 3);
  const auto pairs = play.locks.locks_and_hints(42);
  ASSERT_EQ(pairs.size(), 1U);
  EXPECT_EQ(pairs[0].first, (dw::dungeon::coord{3, 0}));
  EXPECT_EQ(pairs[0].second, (dw::dungeon::coord{5, 1}));
  EXPECT_EQ(play.locks.stored_contents(lock_room), stored_lock().encode());
  EXPECT_NE(play.locks.text(lock_room).find("A door of black stone seals the way on."), std::string::npos);
  EXPECT_NE(play.locks.text(hint_room).find("Scratched into the wall: sun, then moon, serpent"), std::string::npos);

  // The room contents keep each room's event and the fight; a lock room holds no fight of its own.
  const auto* fight = play.contents.find_state(fight_room);
  ASSERT_NE(fight, nullptr);
  ASSERT_TRUE(fight->fight.has_value());
  EXPECT_EQ(fight->fight->monster_hp, stored_fight().monster_hp);
  const auto* door = play.contents.find_state(lock_room);
  ASSERT_NE(door, nullptr);
  EXPECT_EQ(door->event, dw::content::room_event::rune_lock);
  EXPECT_FALSE(door->fight.has_value());
}

TEST(RoomTables, ARoomAlreadyInMemoryIsNotOverwrittenByAnOlderRead) {
  game_harness h;
  dw::game::encounters& play = h.world.play();
  play.restore_branch(stored_branch(42));
  dw::game::storage::branch_snapshot again = stored_branch(42);
  dw::content::rune_lock opened = stored_lock();
  opened.solved = true;
  again.rooms[0].contents = opened.encode();
  play.restore_branch(again);
  ASSERT_NE(play.locks.lock_in(lock_room), nullptr);
  EXPECT_FALSE(play.locks.lock_in(lock_room)->solved) << "the lock in memory is newer than the store's";
}

TEST(RoomTables, ACollapsedBranchLeavesNoRowInAnyTableAndOtherBranchesKeepTheirs) {
  game_harness h;
  dw::game::encounters& play = h.world.play();
  play.restore_branch(stored_branch(42));
  dw::game::storage::branch_snapshot other = stored_branch(43);
  for (dw::game::storage::room_record& r : other.rooms) {
    r.id += 100;
  }
  play.restore_branch(other);
  const std::size_t both = play.locks.size();

  play.forget_branch(42);
  EXPECT_EQ(play.locks.lock_in(lock_room), nullptr);
  EXPECT_EQ(play.locks.hint_in(hint_room), nullptr);
  EXPECT_EQ(play.locks.hint_at(42, {5, 1}), nullptr);
  EXPECT_TRUE(play.locks.locks_and_hints(42).empty());
  EXPECT_EQ(play.locks.stored_contents(lock_room), "");
  EXPECT_EQ(play.locks.size(), both - 2);
  EXPECT_EQ(play.contents.find_state(lock_room), nullptr);
  EXPECT_EQ(play.contents.find_state(fight_room), nullptr);

  // Branch 43 is untouched.
  EXPECT_NE(play.locks.lock_in(lock_room + 100), nullptr);
  EXPECT_NE(play.locks.hint_at(43, {5, 1}), nullptr);
  EXPECT_NE(play.contents.find_state(fight_room + 100), nullptr);
}

TEST(RoomTables, AnUnreadableLockIsLeftOutAndTheRoomStillKnown) {
  game_harness h;
  dw::game::encounters& play = h.world.play();
  dw::game::storage::branch_snapshot s = stored_branch(42);
  s.rooms[0].contents = "p1 not a lock";
  play.restore_branch(s);
  EXPECT_EQ(play.locks.lock_in(lock_room), nullptr);
  EXPECT_TRUE(play.locks.locks_and_hints(42).empty());
  ASSERT_NE(play.contents.find_state(lock_room), nullptr);
  EXPECT_FALSE(play.contents.find_state(lock_room)->fight.has_value()) << "a lock's text is never read as a fight";
}
