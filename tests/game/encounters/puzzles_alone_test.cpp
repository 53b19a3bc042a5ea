// Puzzles built alone (issue 29): the puzzles class with the other classes of its own part it takes (rune_locks,
// room_stock with its fight_table, item_news) on a fake ground over a real dungeon model and a recording change
// sink. A rune door stands in the branch's second room, read as storage would give it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>

#include "content/puzzle.hpp"
#include "content/room_event.hpp"
#include "content/rune_attempt.hpp"
#include "content/scroll.hpp"
#include "server/game/encounters/fight_table.hpp"
#include "server/game/encounters/item_news.hpp"
#include "server/game/encounters/puzzles.hpp"
#include "server/game/encounters/room_stock.hpp"
#include "server/game/encounters/rune_locks.hpp"
#include "tests/game/encounters/ground_fake.hpp"
#include "tests/game/game_harness.hpp"

namespace {

using namespace dw::game;
using dw::testing::encounter_ports;
using dw::testing::has;

constexpr std::int64_t ann_account = 7;

/// The puzzles class on the fakes: a branch whose second room is sealed by a rune door (sun, moon, serpent),
/// and Ann standing before it with `hp` of 40 hit points.
struct puzzles_alone {
  explicit puzzles_alone(std::int32_t hp = 40) {
    rooms = p.dig();
    lock.sequence = {"sun", "moon", "serpent"};
    lock.hint_x = rooms.second.pos.x + 3;  // (where the order is written: no room there yet)
    lock.hint_y = rooms.second.pos.y;
    dw::game::storage::branch_snapshot stored;
    stored.branch_id = static_cast<std::int64_t>(rooms.second.branch);
    stored.exists = true;
    stored.rooms.push_back(dw::testing::fake_ground::record_of_room(rooms.first, dw::content::room_event::none, ""));
    stored.rooms.push_back(
        dw::testing::fake_ground::record_of_room(rooms.second, dw::content::room_event::rune_lock, lock.encode()));
    locks.restore_branch(stored);
    contents.restore_branch(stored);
    ann = p.add_player("Ann", ann_account, dw::testing::fake_ground::location_of(rooms.second), hp, 40);
  }

  std::int64_t room_id() const { return static_cast<std::int64_t>(rooms.second.id); }
  bool room_clear() { return p.ground.room(rooms.second.branch, rooms.second.pos)->clear; }
  bool solved() const { return locks.lock_in(room_id())->solved; }

  encounter_ports p;
  rune_locks locks{p.settings, p.content, p.changes, p.ground};
  fight_table table{p.changes};
  room_stock contents{p.settings, p.content, p.changes, p.ground, locks, table, p.startup};
  item_news news{p.people, p.out, contents};
  puzzles doors{p.content, p.people, p.out, p.changes, p.ground, contents, locks, news};
  dw::content::rune_lock lock;
  encounter_ports::two_rooms rooms;
  encounter_ports::player ann;
};

TEST(PuzzlesAlone, TheWordOfOpeningClearsTheRoomThroughTheGroundAndDropsTheReward) {
  puzzles_alone z;
  ASSERT_FALSE(z.room_clear());
  ASSERT_NE(z.locks.lock_in(z.room_id()), nullptr);

  EXPECT_TRUE(z.doors.hear(*z.ann.ch, "Sun, moon, serpent!")) << "the runes in order, said as one word";
  EXPECT_TRUE(z.solved());
  ASSERT_EQ(z.p.ground.cleared.size(), 1U) << "the room is cleared through the ground";
  EXPECT_EQ(z.p.ground.cleared[0].branch, z.rooms.second.branch);
  EXPECT_EQ(z.p.ground.cleared[0].at, z.rooms.second.pos);
  EXPECT_TRUE(z.room_clear());
  EXPECT_EQ(z.p.ground.refreshed, std::vector<std::int64_t>{z.room_id()}) << "a fresh Room.Info for everyone there";

  const auto stored = z.p.changes.all<dw::game::storage::save_room_contents>();
  ASSERT_FALSE(stored.empty());
  EXPECT_EQ(stored.back().room_id, z.room_id());
  dw::content::rune_lock open = z.lock;
  open.solved = true;
  EXPECT_EQ(stored.back().contents, open.encode()) << "the open door is saved as the room's contents";

  const std::vector<item>& floor = z.contents.floor_of(z.room_id());
  ASSERT_EQ(floor.size(), static_cast<std::size_t>(z.p.content.get().puzzles.reward_scrolls));
  for (const item& it : floor) {
    EXPECT_EQ(it.kind, dw::content::scroll_type);
  }
  std::string told = z.p.told(z.ann);
  std::replace(told.begin(), told.end(), '\n', ' ');  // (the text is wrapped to the client's width)
  EXPECT_TRUE(has(told, "You speak the word of opening")) << told;
  EXPECT_TRUE(has(told, "the door of black stone grinds open")) << told;
  // "The way on is open" only when the ground's place for the room has an unexplored exit.
  const std::optional<place> here = z.p.ground.at(z.ann.ch->where);
  ASSERT_TRUE(here.has_value());
  const bool way_on = std::any_of(here->exits.begin(), here->exits.end(),
                                  [](const place_exit& e) { return e.kind == exit_kind::unexplored; });
  EXPECT_EQ(has(told, "the way on is open!"), way_on) << told;
  EXPECT_TRUE(z.p.ground.saved.empty()) << "opening a door costs nothing";

  EXPECT_FALSE(z.doors.hear(*z.ann.ch, "sunmoonserpent")) << "an open door does not open twice";
  EXPECT_EQ(z.p.ground.cleared.size(), 1U);
}

TEST(PuzzlesAlone, PressingTheRunesInOrderOpensTheDoorToo) {
  puzzles_alone z;
  z.doors.press(*z.ann.ch, *z.ann.conn, "sun moon serpent");
  EXPECT_TRUE(z.solved());
  EXPECT_EQ(z.p.ground.cleared.size(), 1U);
  EXPECT_TRUE(z.room_clear());
  EXPECT_TRUE(has(z.p.told(z.ann), "You press the runes in turn"));
}

TEST(PuzzlesAlone, AWrongWordDoesNotClearTheRoomAndTheWardStrikesThroughTheGround) {
  puzzles_alone z;
  const int blow = dw::content::ward_blow(z.p.content.get().puzzles, 0);
  ASSERT_GT(blow, 0);

  EXPECT_FALSE(z.doors.hear(*z.ann.ch, "serpent moon sun"));
  EXPECT_FALSE(z.solved());
  EXPECT_FALSE(z.room_clear());
  EXPECT_TRUE(z.p.ground.cleared.empty()) << "a wrong word clears nothing";
  EXPECT_TRUE(z.p.ground.refreshed.empty());
  EXPECT_TRUE(z.contents.floor_of(z.room_id()).empty()) << "and drops nothing";
  EXPECT_EQ(z.ann.ch->hp, 40 - blow);
  const auto saves = z.p.ground.saves_of(ann_account);
  ASSERT_EQ(saves.size(), 1U) << "the ward's blow is saved through the ground";
  EXPECT_EQ(saves.back().hp, 40 - blow);
  EXPECT_TRUE(has(z.p.told(z.ann), "the door's ward strikes you"));

  // A wrong try costs more each time; its undo gives the hit points and the count back.
  z.p.changes.commit();
  const int second = dw::content::ward_blow(z.p.content.get().puzzles, 1);
  EXPECT_FALSE(z.doors.hear(*z.ann.ch, "moon sun serpent"));
  EXPECT_EQ(z.ann.ch->hp, 40 - blow - second);
  EXPECT_EQ(z.p.changes.fail(), 0);
  EXPECT_EQ(z.ann.ch->hp, 40 - blow);
  EXPECT_FALSE(z.doors.hear(*z.ann.ch, "moon sun serpent"));
  EXPECT_EQ(z.ann.ch->hp, 40 - blow - second) << "the undone try did not count";

  EXPECT_FALSE(z.doors.hear(*z.ann.ch, "a fine door")) << "other speech is just speech";
  EXPECT_EQ(z.p.ground.saves_of(ann_account).size(), 3U) << "and saves nothing";
  EXPECT_TRUE(z.p.ground.cleared.empty());
}

TEST(PuzzlesAlone, OneWhoCannotPayTheWardIsRefusedBeforeTrying) {
  puzzles_alone z(1);
  EXPECT_FALSE(z.doors.hear(*z.ann.ch, "serpent moon sun"));
  EXPECT_EQ(z.ann.ch->hp, 1);
  EXPECT_TRUE(z.p.ground.saved.empty());
  EXPECT_TRUE(has(z.p.told(z.ann), "Rest before you try again"));
}

TEST(PuzzlesAlone, TheUndoOfAnOpeningThatCannotBeSavedSealsTheDoorAndTheRoomAgain) {
  puzzles_alone z;
  ASSERT_TRUE(z.doors.hear(*z.ann.ch, "sunmoonserpent"));
  ASSERT_TRUE(z.room_clear());
  EXPECT_EQ(z.p.changes.fail(), 0);
  EXPECT_FALSE(z.solved()) << "the door is sealed again";
  EXPECT_FALSE(z.room_clear()) << "the ground's mark_clear was taken back";
  EXPECT_TRUE(z.contents.floor_of(z.room_id()).empty()) << "the reward is gone again";
  EXPECT_TRUE(z.doors.hear(*z.ann.ch, "sunmoonserpent")) << "and it can be opened again";
  EXPECT_TRUE(z.room_clear());
}

}  // namespace
