// Each encounters part keeps its own state in its own table (issue 29): the puzzles' locks and hints
// (rune_locks), the fights (fight_table) and the rooms' contents (room_stock). A branch read from storage
// fills every table through the room hooks (encounters::restore_branch), and a collapsing branch empties them
// (forget_branch), leaving the other branches' rows alone. A fight's row lives as long as the fight.
#include <gtest/gtest.h>

#include "content/fight_state.hpp"
#include "content/puzzle.hpp"
#include "content/room_event.hpp"
#include "server/store/rooms.hpp"
#include "tests/game/encounters/encounters_support.hpp"
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

  // The room contents keep each room's event; the fights' table the fight, waiting (nobody fights it yet). A
  // lock or hint room holds no fight of its own.
  const auto* room_state = play.contents.find_state(fight_room);
  ASSERT_NE(room_state, nullptr);
  EXPECT_EQ(room_state->event, dw::content::room_event::monster);
  const dw::game::room_fight* fight = play.fight_table.find(fight_room);
  ASSERT_NE(fight, nullptr);
  EXPECT_EQ(fight->monsters, stored_fight());
  EXPECT_EQ(fight->branch, 42U);
  EXPECT_TRUE(fight->fighters.empty());
  EXPECT_FALSE(fight->active);
  EXPECT_FALSE(fight->wanderer.has_value());
  EXPECT_EQ(play.fight_table.stored_contents(fight_room), stored_fight().encode());
  const auto* door = play.contents.find_state(lock_room);
  ASSERT_NE(door, nullptr);
  EXPECT_EQ(door->event, dw::content::room_event::rune_lock);
  EXPECT_EQ(play.fight_table.find(lock_room), nullptr);
  EXPECT_EQ(play.fight_table.find(hint_room), nullptr);
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

TEST(RoomTables, AFightInMemoryIsNotOverwrittenNorAnEndedOneBroughtBackByAnOlderRead) {
  game_harness h;
  dw::game::encounters& play = h.world.play();
  dw::game::storage::branch_snapshot s = stored_branch(42);
  s.rooms.push_back(room(fight_room + 1, 42, 4, 1, dw::content::room_event::monster, stored_fight().encode()));
  play.restore_branch(s);
  ASSERT_NE(play.fight_table.find(fight_room), nullptr);
  play.fight_table.find(fight_room)->monsters.monster_hp = {1, 0};
  play.fight_table.end(fight_room + 1);  // (won since it was read)
  const std::size_t fights = play.fight_table.size();

  play.restore_branch(s);
  ASSERT_NE(play.fight_table.find(fight_room), nullptr);
  EXPECT_EQ(play.fight_table.find(fight_room)->monsters.monster_hp, (std::vector<int>{1, 0}))
      << "the fight in memory is newer than the store's";
  EXPECT_EQ(play.fight_table.find(fight_room + 1), nullptr) << "a fight over in memory stays over";
  EXPECT_EQ(play.fight_table.size(), fights);
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
  const std::size_t both_fights = play.fight_table.size();

  play.forget_branch(42);
  EXPECT_EQ(play.locks.lock_in(lock_room), nullptr);
  EXPECT_EQ(play.locks.hint_in(hint_room), nullptr);
  EXPECT_EQ(play.locks.hint_at(42, {5, 1}), nullptr);
  EXPECT_TRUE(play.locks.locks_and_hints(42).empty());
  EXPECT_EQ(play.locks.stored_contents(lock_room), "");
  EXPECT_EQ(play.locks.size(), both - 2);
  EXPECT_EQ(play.contents.find_state(lock_room), nullptr);
  EXPECT_EQ(play.contents.find_state(fight_room), nullptr);
  EXPECT_EQ(play.fight_table.find(fight_room), nullptr);
  EXPECT_EQ(play.fight_table.stored_contents(fight_room), "");
  EXPECT_EQ(play.fight_table.size(), both_fights - 1);

  // Branch 43 is untouched.
  EXPECT_NE(play.locks.lock_in(lock_room + 100), nullptr);
  EXPECT_NE(play.locks.hint_at(43, {5, 1}), nullptr);
  EXPECT_NE(play.contents.find_state(fight_room + 100), nullptr);
  ASSERT_NE(play.fight_table.find(fight_room + 100), nullptr);
  EXPECT_EQ(play.fight_table.find(fight_room + 100)->monsters, stored_fight());
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
  EXPECT_EQ(play.fight_table.find(lock_room), nullptr) << "a lock's text is never read as a fight";
}

TEST(RoomTables, AnUnreadableFightIsLeftOutAndTheRoomStillKnown) {
  game_harness h;
  dw::game::encounters& play = h.world.play();
  dw::game::storage::branch_snapshot s = stored_branch(42);
  s.rooms[2].contents = "f9 not a fight";
  play.restore_branch(s);
  EXPECT_EQ(play.fight_table.find(fight_room), nullptr);
  ASSERT_NE(play.contents.find_state(fight_room), nullptr);
  EXPECT_EQ(play.contents.find_state(fight_room)->event, dw::content::room_event::monster);
}

namespace {

dw::game::character& live(game_harness& h, std::string_view name) {
  dw::game::character* ch = h.world.people().find_character_by_name(name);
  EXPECT_NE(ch, nullptr) << name;
  return *ch;
}

}  // namespace

TEST(RoomTables, AFightsRowLivesAsLongAsTheFightAndIsWhatTheRoomSaves) {
  const std::int64_t seed = dw::testing::encounters::seed_with_monsters(false);
  ASSERT_GT(seed, 0);
  game_harness h(dw::testing::encounters::with_seed(seed, 1000000));
  h.services.hold_timers = true;  // one round at a time
  auto ann = h.create("Ann");
  dw::testing::encounters::walk_into_first_room(h, ann);
  dw::game::encounters& play = h.world.play();
  const auto stored = dw::store::rooms::load(h.services.db(), 1, 1, 0);
  ASSERT_TRUE(stored);
  const std::int64_t at = stored->id;
  // The monsters the room rolled when it was discovered are its fight's row, and what the room saved.
  const dw::game::room_fight* fight = play.fight_table.find(at);
  ASSERT_NE(fight, nullptr);
  EXPECT_EQ(stored->contents, fight->monsters.encode());
  EXPECT_FALSE(fight->wanderer.has_value());

  h.line(ann, "fight");
  fight = play.fight_table.find(at);
  ASSERT_NE(fight, nullptr);
  EXPECT_TRUE(fight->active);
  EXPECT_EQ(fight->fighters, (std::vector<std::int64_t>{live(h, "Ann").account_id}));
  EXPECT_TRUE(play.fights.in_combat(live(h, "Ann")));
  EXPECT_EQ(play.fights.fight_in(at), fight);

  // A round that cannot be saved did not happen: the row is as it was (back, should the round have won the
  // fight), and the fight goes on on a fresh timer.
  const dw::game::room_fight before = *fight;
  h.services.refuse_writes(true);
  ASSERT_TRUE(h.services.run_timer());
  h.services.refuse_writes(false);
  fight = play.fight_table.find(at);
  ASSERT_NE(fight, nullptr);
  EXPECT_EQ(fight->monsters, before.monsters);
  EXPECT_EQ(fight->fighters, before.fighters);
  EXPECT_TRUE(fight->active);
  EXPECT_NE(fight->generation, before.generation) << "a timer set before the undo is stale";

  // Rounds until it is won: the row goes with the fight, and the room saves no monsters.
  for (int i = 0; i < 500 && play.fight_table.find(at) != nullptr; ++i) {
    ASSERT_TRUE(h.services.run_timer()) << "the fight stopped before it was won";
  }
  EXPECT_EQ(play.fight_table.find(at), nullptr);
  EXPECT_FALSE(play.fights.in_combat(live(h, "Ann")));
  const auto after = dw::store::rooms::load(h.services.db(), 1, 1, 0);
  ASSERT_TRUE(after);
  EXPECT_EQ(after->contents, "");
  EXPECT_EQ(after->event, stored->event) << "the room keeps its event";
  ASSERT_NE(play.contents.find_state(at), nullptr) << "the room itself is still known";
}
