// Fights built alone (issue 29): the fights class with the other classes of its own part it takes (fight_rounds,
// fleeing, danger, fallen_pack: fight_parts.hpp; room_stock, fight_table, item_news, and the rune_locks
// room_stock reads), on a fake ground over a real dungeon model, with a recording change sink, an inline event
// runner and the harness's inline services, whose held timers the tests run one round at a time. No world: what fights ask of places is read from the fake ground.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>

#include "content/fight_judgement.hpp"
#include "content/fight_state.hpp"
#include "content/room_event.hpp"
#include "server/game/encounters/fight_table.hpp"
#include "server/game/encounters/item_news.hpp"
#include "server/game/encounters/room_stock.hpp"
#include "server/game/encounters/rune_locks.hpp"
#include "tests/game/encounters/fight_parts.hpp"
#include "tests/game/encounters/ground_fake.hpp"
#include "tests/game/game_harness.hpp"

namespace {

using namespace dw::game;
using dw::testing::encounter_ports;
using dw::testing::has;

constexpr std::int64_t ann_account = 7;
constexpr int most_rounds = 200;  ///< a bound on every loop of rounds (a blow can be 0)

/// `count` mud crawlers of `hp` hit points each, dealing up to `damage` each, at `depth`; no behaviours (the
/// fight carries its own, copied when it started: none here), so the rounds are plain blows from the tape.
dw::content::fight_state crawlers(int count, int hp, int damage, int depth) {
  dw::content::fight_state f;
  f.monster_key = "mud_crawler";
  f.size_key = "ordinary";
  f.depth = depth;
  f.hp_each = hp;
  f.damage_each = damage;
  f.monster_hp.assign(static_cast<std::size_t>(count), hp);
  return f;
}

/// The fights class and its part's tables on the fakes: a branch whose second room holds `monsters` (read as
/// storage would give it), and Ann standing in that room, come in from the first.
struct fights_alone {
  explicit fights_alone(const dw::content::fight_state& monsters, std::int32_t hp = 40, std::int32_t max_hp = 40) {
    rooms = p.dig();
    dw::game::storage::branch_snapshot stored;
    stored.branch_id = static_cast<std::int64_t>(rooms.second.branch);
    stored.exists = true;
    stored.rooms.push_back(
        dw::testing::fake_ground::record_of_room(rooms.first, dw::content::room_event::none, ""));
    stored.rooms.push_back(
        dw::testing::fake_ground::record_of_room(rooms.second, dw::content::room_event::monster, monsters.encode()));
    locks.restore_branch(stored);
    contents.restore_branch(stored);
    ann = p.add_player("Ann", ann_account, dw::testing::fake_ground::location_of(rooms.second), hp, max_hp);
    p.ground.sides[ann_account] = static_cast<int>(dw::dungeon::index_of(dw::dungeon::opposite(rooms.way_in)));
  }

  std::int64_t room_id() const { return static_cast<std::int64_t>(rooms.second.id); }
  const room_fight* fight() const { return fighting.fight_in(room_id()); }
  /// The event before was saved; the next round's timer fires. False when no round was due.
  bool round() {
    p.changes.commit();
    return p.services.run_timer();
  }

  encounter_ports p;
  rune_locks locks{p.settings, p.content, p.changes, p.ground};
  fight_table table{p.changes};
  room_stock contents{p.settings, p.content, p.changes, p.ground, locks, table, p.startup};
  item_news news{p.people, p.out, contents};
  dw::testing::fight_parts parts{p, contents, table, news};
  fights& fighting = parts.fighting;
  encounter_ports::two_rooms rooms;
  encounter_ports::player ann;
};

TEST(FightsAlone, JoiningAnUnclearedRoomStartsRoundsThatComeOnlyOnTheTimer) {
  fights_alone f(crawlers(3, 50, 1, 1));
  ASSERT_FALSE(f.rooms.second.clear);
  ASSERT_NE(f.fight(), nullptr);
  EXPECT_FALSE(f.fight()->active) << "the monsters wait until someone fights";

  f.fighting.join(*f.ann.ch, *f.ann.conn);
  EXPECT_TRUE(has(f.p.told(f.ann), "You attack")) << "joining is told at once";
  EXPECT_TRUE(f.fighting.in_combat(*f.ann.ch));
  ASSERT_NE(f.fight(), nullptr);
  EXPECT_TRUE(f.fight()->active);
  EXPECT_EQ(f.fight()->fighters, std::vector<std::int64_t>{ann_account});
  EXPECT_TRUE(f.p.ground.saved.empty()) << "no blow is struck before the first round";
  EXPECT_EQ(f.fight()->monsters.round, 0U);

  f.fighting.join(*f.ann.ch, *f.ann.conn);
  EXPECT_TRUE(has(f.p.told(f.ann), "You are already fighting")) << "typing fight again does not hurry the round";

  ASSERT_TRUE(f.round()) << "the first round's timer was set";
  EXPECT_EQ(f.p.events.actors, std::vector<std::uint64_t>{0}) << "the round ran as an event of its own";
  EXPECT_TRUE(has(f.ann.port->take(), "Round 1:")) << "the event's output left at its end";
  ASSERT_NE(f.fight(), nullptr);
  EXPECT_EQ(f.fight()->monsters.round, 1U);
  const auto saves = f.p.ground.saves_of(ann_account);
  ASSERT_EQ(saves.size(), 1U) << "the fighter is saved through the ground after the round";
  EXPECT_EQ(saves.back().hp, f.ann.ch->hp);
  const auto stored = f.p.changes.all<dw::game::storage::save_room_contents>();
  ASSERT_FALSE(stored.empty());
  EXPECT_EQ(stored.back().room_id, f.room_id());
  EXPECT_EQ(stored.back().contents, f.fight()->monsters.encode()) << "a restart resumes from the saved round";
  EXPECT_TRUE(f.p.ground.cleared.empty());

  ASSERT_TRUE(f.round()) << "the fight goes on: the next round's timer was set";
  EXPECT_TRUE(has(f.ann.port->take(), "Round 2:"));
  EXPECT_EQ(f.fight()->monsters.round, 2U);
}

TEST(FightsAlone, WinningClearsTheRoomThroughTheGroundAndSavesTheFighter) {
  const int depth = 1;
  fights_alone f(crawlers(1, 1, 1, depth));
  f.ann.ch->silver = 3;
  f.fighting.join(*f.ann.ch, *f.ann.conn);
  f.p.told(f.ann);
  for (int i = 0; i < most_rounds && f.fight() != nullptr; ++i) {
    ASSERT_TRUE(f.round());
  }
  ASSERT_EQ(f.fight(), nullptr) << "the fight's row goes with the fight";
  EXPECT_FALSE(f.fighting.in_combat(*f.ann.ch));

  ASSERT_EQ(f.p.ground.cleared.size(), 1U) << "the room is cleared through the ground";
  EXPECT_EQ(f.p.ground.cleared[0].branch, f.rooms.second.branch);
  EXPECT_EQ(f.p.ground.cleared[0].at, f.rooms.second.pos);
  EXPECT_TRUE(f.p.ground.room(f.rooms.second.branch, f.rooms.second.pos)->clear);
  EXPECT_NE(std::find(f.p.ground.refreshed.begin(), f.p.ground.refreshed.end(), f.room_id()),
            f.p.ground.refreshed.end())
      << "everyone there gets a fresh Room.Info";
  EXPECT_TRUE(has(f.ann.port->take(), "The room is clear"));

  EXPECT_EQ(f.ann.ch->kills, 1);
  const std::int64_t silver = dw::content::silver_for(f.p.content.get(), depth, 1);
  EXPECT_EQ(f.ann.ch->silver, 3 + silver) << "the won silver goes to the one who fought";
  const auto saves = f.p.ground.saves_of(ann_account);
  ASSERT_FALSE(saves.empty());
  EXPECT_EQ(saves.back().silver, f.ann.ch->silver) << "and is saved through the ground";
  EXPECT_EQ(saves.back().kills, 1);
  if (silver > 0) {
    EXPECT_EQ(f.p.ground.statuses, std::vector<std::int64_t>{ann_account}) << "Char.Status again: silver changed";
  }
  EXPECT_FALSE(f.p.services.run_timer()) << "no round is due after the fight is won";
}

TEST(FightsAlone, TheUndoOfAWinningRoundThatCannotBeSavedPutsTheFightBack) {
  fights_alone f(crawlers(1, 1, 1, 1));
  f.fighting.join(*f.ann.ch, *f.ann.conn);
  f.p.told(f.ann);
  std::optional<dw::content::fight_state> before;
  std::int32_t hp_before = 0;
  std::int64_t silver_before = 0;
  for (int i = 0; i < most_rounds && f.fight() != nullptr; ++i) {
    before = f.fight()->monsters;
    hp_before = f.ann.ch->hp;
    silver_before = f.ann.ch->silver;
    ASSERT_TRUE(f.round());
  }
  ASSERT_EQ(f.fight(), nullptr);
  ASSERT_TRUE(before.has_value());
  ASSERT_TRUE(f.p.ground.room(f.rooms.second.branch, f.rooms.second.pos)->clear);
  ASSERT_GT(f.p.changes.pending_undo(), 0U);

  EXPECT_EQ(f.p.changes.fail(), 0) << "no undo step throws";
  ASSERT_NE(f.fight(), nullptr) << "the fight is back in the table";
  EXPECT_EQ(f.fight()->monsters, *before) << "as it was before the round";
  EXPECT_FALSE(f.fight()->monsters.won());
  EXPECT_TRUE(f.fight()->active);
  EXPECT_TRUE(f.fighting.in_combat(*f.ann.ch));
  EXPECT_EQ(f.ann.ch->hp, hp_before);
  EXPECT_EQ(f.ann.ch->kills, 0);
  EXPECT_EQ(f.ann.ch->silver, silver_before);
  EXPECT_FALSE(f.p.ground.room(f.rooms.second.branch, f.rooms.second.pos)->clear)
      << "the ground's mark_clear was taken back with it";
  EXPECT_TRUE(f.contents.floor_of(f.room_id()).empty()) << "the loot that dropped is gone again";

  // The round is fought again on a fresh timer.
  f.ann.port->take();
  ASSERT_TRUE(f.round());
  EXPECT_TRUE(has(f.ann.port->take(), "Round"));
}

TEST(FightsAlone, AKnockOutMovesTheCharacterToTheSquareThroughTheGround) {
  fights_alone f(crawlers(4, 100, 20, 1), 1, 40);
  f.ann.ch->silver = 10;
  const location fell_at = f.ann.ch->where;
  f.fighting.join(*f.ann.ch, *f.ann.conn);
  f.p.told(f.ann);
  for (int i = 0; i < most_rounds && f.p.ground.moves.empty(); ++i) {
    ASSERT_TRUE(f.round());
  }
  ASSERT_EQ(f.p.ground.moves.size(), 1U) << "knocked out, the character is moved through the ground";
  const auto& moved = f.p.ground.moves[0];
  EXPECT_EQ(moved.account, ann_account);
  EXPECT_EQ(moved.from, fell_at);
  EXPECT_EQ(moved.to.room_id, village_square_id);
  EXPECT_EQ(moved.to.branch_id, 0);
  EXPECT_TRUE(has(moved.leave_text, "collapses"));
  EXPECT_EQ(f.ann.ch->where.room_id, village_square_id);
  EXPECT_EQ(f.ann.ch->hp, f.ann.ch->max_hp) << "whole again";
  EXPECT_EQ(f.ann.ch->silver, 5) << "half the silver stays behind in the fallen pack";
  EXPECT_TRUE(has(f.ann.port->take(), "You wake up in the village square"));

  EXPECT_FALSE(f.fighting.in_combat(*f.ann.ch));
  ASSERT_NE(f.fight(), nullptr) << "the monsters are still there";
  EXPECT_FALSE(f.fight()->monsters.won());
  EXPECT_FALSE(f.fight()->active) << "nobody fights them any more";
  EXPECT_TRUE(f.p.ground.cleared.empty());
  const std::vector<item>& floor = f.contents.floor_of(f.room_id());
  ASSERT_EQ(floor.size(), 1U);
  EXPECT_EQ(floor[0].kind, pack_kind);
  EXPECT_EQ(floor[0].amount, 5);
  EXPECT_FALSE(f.p.services.run_timer()) << "no round is due in a fight nobody is in";
}

TEST(FightsAlone, FleeingWalksOutTheWayTheCharacterCameThroughTheGround) {
  fights_alone f(crawlers(3, 100, 1, 1));
  f.fighting.flee(*f.ann.ch, *f.ann.conn);
  EXPECT_TRUE(has(f.p.told(f.ann), "You are not fighting anything")) << "only a fighter can flee";

  f.fighting.join(*f.ann.ch, *f.ann.conn);
  f.fighting.flee(*f.ann.ch, *f.ann.conn);
  EXPECT_TRUE(has(f.p.told(f.ann), "You look for a way out"));
  EXPECT_TRUE(f.p.ground.walks.empty()) << "the flight is tried in the next round";
  for (int i = 0; i < most_rounds && f.p.ground.walks.empty(); ++i) {
    ASSERT_TRUE(f.round());
  }
  ASSERT_EQ(f.p.ground.walks.size(), 1U) << "the flight walks through the ground";
  const auto& walked = f.p.ground.walks[0];
  EXPECT_EQ(walked.account, ann_account);
  EXPECT_EQ(walked.dir, dw::dungeon::opposite(f.rooms.way_in)) << "back the way it came in";
  EXPECT_TRUE(walked.went);
  EXPECT_EQ(f.ann.ch->where, dw::testing::fake_ground::location_of(f.rooms.first));
  EXPECT_TRUE(has(f.ann.port->take(), "You flee"));
  EXPECT_FALSE(f.fighting.in_combat(*f.ann.ch));
  ASSERT_NE(f.fight(), nullptr);
  EXPECT_TRUE(f.fight()->fighters.empty());
  EXPECT_FALSE(f.fight()->active);
  EXPECT_TRUE(f.p.ground.moves.empty()) << "a flight is a walk, not a knock-out";
}

TEST(FightsAlone, ClearingTheRoomEndsTheFightAndAFailedCommitPutsItBack) {
  fights_alone f(crawlers(3, 50, 1, 1));
  f.fighting.join(*f.ann.ch, *f.ann.conn);
  f.p.changes.commit();
  const room_fight before = *f.fight();

  ASSERT_TRUE(f.fighting.clear_room(*f.ann.ch));
  EXPECT_EQ(f.fight(), nullptr) << "the fight ends with its row";
  EXPECT_FALSE(f.fighting.in_combat(*f.ann.ch));
  ASSERT_EQ(f.p.ground.cleared.size(), 1U) << "the room is cleared through the ground";
  EXPECT_TRUE(has(f.p.told(f.ann), "the room is clear"));

  EXPECT_EQ(f.p.changes.fail(), 0) << "no undo step throws";
  ASSERT_NE(f.fight(), nullptr) << "the clearing was not saved: the fight is back";
  EXPECT_EQ(f.fight()->monsters, before.monsters);
  EXPECT_EQ(f.fight()->fighters, before.fighters);
  EXPECT_EQ(f.fight()->generation, before.generation) << "the round timer still set finds it again";
  EXPECT_TRUE(f.fighting.in_combat(*f.ann.ch));
  EXPECT_FALSE(f.p.ground.room(f.rooms.second.branch, f.rooms.second.pos)->clear);
  ASSERT_TRUE(f.round()) << "the rounds go on";
  EXPECT_TRUE(has(f.ann.port->take(), "Round 1:"));
}

TEST(FightsAlone, AClearingWhoseBranchCollapsedBeforeItsCommitFailedPutsNoFightBack) {
  fights_alone f(crawlers(3, 50, 1, 1));
  f.fighting.join(*f.ann.ch, *f.ann.conn);
  f.p.changes.commit();
  ASSERT_TRUE(f.fighting.clear_room(*f.ann.ch));
  // The branch collapses while the clearing's batch is being saved (the undo of its event runs later).
  f.table.forget_branch(f.rooms.second.branch);
  f.contents.forget_branch(f.rooms.second.branch);

  EXPECT_EQ(f.p.changes.fail(), 0);
  EXPECT_EQ(f.fight(), nullptr) << "a fight put back in a room no longer known would never be forgotten";
  EXPECT_EQ(f.table.size(), 0U);
}

TEST(FightsAlone, AWardIsTheFightsOwnWearsDownInRoundsAndAFailedRoundPutsItBack) {
  fights_alone f(crawlers(3, 50, 1, 1));
  EXPECT_FALSE(f.fighting.ward_of(*f.ann.ch).up()) << "nothing read yet";
  f.fighting.read_ward(*f.ann.ch, 100, 2);
  f.p.changes.commit();
  ASSERT_EQ(f.fighting.ward_of(*f.ann.ch), (ward{100, 2}));
  const std::int32_t hp_before = f.ann.ch->hp;

  f.fighting.join(*f.ann.ch, *f.ann.conn);
  ASSERT_TRUE(f.round());
  const ward worn = f.fighting.ward_of(*f.ann.ch);
  EXPECT_EQ(worn.rounds, 1) << "a round of the ward is spent";
  EXPECT_EQ(f.ann.ch->hp, hp_before) << "the ward took the crawlers' blows (at most 3)";
  EXPECT_GE(worn.points, 100 - 3) << "it took what the blows dealt, no more";
  EXPECT_LE(worn.points, 100);

  EXPECT_EQ(f.p.changes.fail(), 0) << "no undo step throws";
  EXPECT_EQ(f.fighting.ward_of(*f.ann.ch), (ward{100, 2})) << "the round was not saved: the ward is as it was";

  // Fought again on a fresh timer (the timer the failed round had set for the next finds nothing), then a
  // second round: the ward is spent.
  f.ann.port->take();
  for (int i = 0; i < 3 && !has(f.ann.port->take(), "Round"); ++i) {
    ASSERT_TRUE(f.round());
  }
  EXPECT_EQ(f.fighting.ward_of(*f.ann.ch).rounds, 1);
  ASSERT_TRUE(f.round());
  EXPECT_FALSE(f.fighting.ward_of(*f.ann.ch).up());
  f.p.changes.commit();

  // Leaving play forgets it, and the undo of a read whose commit fails after that brings nothing back.
  f.fighting.read_ward(*f.ann.ch, 9, 4);
  f.fighting.left_play(*f.ann.ch);
  EXPECT_FALSE(f.fighting.ward_of(*f.ann.ch).up());
  EXPECT_EQ(f.p.changes.fail(), 0);
  EXPECT_FALSE(f.fighting.ward_of(*f.ann.ch).up()) << "a character no longer in play keeps no ward";
}

}  // namespace
