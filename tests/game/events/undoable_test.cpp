// Changes that undo themselves (events/undoable.hpp), on a real event batch and a real roster: what a part
// keeps before it changes it comes back, newest first, when the batch cannot be saved, and only then; a
// character is found again by account, and one that left play meanwhile is left alone; new entries and items
// go again, erased ones come back, a gain is taken back, and a part's own undo runs with its arguments
// (issue 29).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

#include "server/game/events/event_batch.hpp"
#include "server/game/events/undoable.hpp"
#include "server/game/roster/roster.hpp"

namespace {

using namespace dw::game;

/// One event's batch: saved (its undo dropped) or failed (its undo run, newest first).
class batch_sink final : public change_sink {
 public:
  void persist(storage::change change) override { batch_.add(std::move(change)); }
  void on_rollback(undo_step undo) override { batch_.on_rollback(std::move(undo)); }
  void saved() { batch_.clear(); }
  void failed() {
    std::vector<undo_step> steps = batch_.take_undo();
    batch_.clear();
    EXPECT_EQ(event_batch::roll_back(steps), 0);
  }
  storage::batch changes() { return batch_.take_changes(); }

 private:
  event_batch batch_;
};

character& add_ann(roster& people) {
  character ch;
  ch.account_id = 7;
  ch.name = "Ann";
  ch.silver = 10;
  ch.hp = 20;
  ch.max_hp = 20;
  return people.add_character(std::move(ch));
}

TEST(Undoable, AKeptValueComesBackOnlyWhenTheBatchFails) {
  batch_sink sink;
  int wizlock = 1;
  keep(sink, wizlock);
  wizlock = 5;
  sink.saved();
  EXPECT_EQ(wizlock, 5) << "a saved batch keeps the change";

  keep(sink, wizlock);
  wizlock = 9;
  keep(sink, wizlock);  // (the same value changed twice in one event: the oldest wins, as undo runs newest first)
  wizlock = 11;
  sink.failed();
  EXPECT_EQ(wizlock, 5);
}

TEST(Undoable, AKeptEntryComesBackWhileItIsStillThere) {
  batch_sink sink;
  std::unordered_map<std::int64_t, std::int64_t> xp{{7, 100}};
  keep_entry(sink, xp, 7);
  xp[7] = 150;
  keep_entry(sink, xp, 8);  // none yet: kept as the default
  xp[8] = 30;
  sink.failed();
  EXPECT_EQ(xp.at(7), 100);
  EXPECT_EQ(xp.at(8), 0);

  keep_entry(sink, xp, 7);
  xp[7] = 999;
  xp.erase(7);  // dropped meanwhile (a logout): stays dropped
  sink.failed();
  EXPECT_FALSE(xp.contains(7));
}

TEST(Undoable, AnEntryComesBackAsTheValueItHadBeforeTheChange) {
  batch_sink sink;
  std::unordered_map<std::int64_t, std::int64_t> books{{7, 3}};
  books[7] = 4;  // (changed first, and kept after, by a part that held on to the value before)
  keep_entry(sink, books, 7, std::int64_t{3});
  sink.failed();
  EXPECT_EQ(books.at(7), 3);
}

TEST(Undoable, ACharactersKeptFieldsComeBackOnTheCharacterOfItsAccount) {
  batch_sink sink;
  roster people;
  character& ann = add_ann(people);
  keep(sink, people, ann, &character::silver, &character::hp, &character::max_hp);
  ann.silver = 3;
  ann.hp = 25;
  ann.max_hp = 25;
  ann.kills = 4;  // (not kept: stays)
  sink.failed();
  const character* again = people.find_character(7);
  ASSERT_NE(again, nullptr);
  EXPECT_EQ(again->silver, 10);
  EXPECT_EQ(again->hp, 20);
  EXPECT_EQ(again->max_hp, 20);
  EXPECT_EQ(again->kills, 4);
}

TEST(Undoable, ACharacterWhoLeftPlayIsLeftAlone) {
  batch_sink sink;
  roster people;
  character& ann = add_ann(people);
  keep(sink, people, ann, &character::silver);
  ann.silver = 0;
  people.remove_character(7);
  sink.failed();  // nothing to put back, and nothing touched
  EXPECT_EQ(people.find_character(7), nullptr);
}

TEST(Undoable, APreferenceIsSetSavedAndTakenBack) {
  batch_sink sink;
  roster people;
  character& ann = add_ann(people);
  set_preference(sink, people, ann, "brief", "on");
  EXPECT_EQ(ann.prefs.get("brief"), "on");
  const storage::batch saved = sink.changes();
  ASSERT_EQ(saved.size(), 1U);
  const auto* pref = std::get_if<storage::save_preference>(&saved.front());
  ASSERT_NE(pref, nullptr);
  EXPECT_EQ(pref->account_id, 7);
  EXPECT_EQ(pref->key, "brief");
  EXPECT_EQ(pref->value, "on");
  sink.saved();
  EXPECT_EQ(ann.prefs.get("brief"), "on");

  set_preference(sink, people, ann, "brief", "");
  sink.failed();
  EXPECT_EQ(people.find_character(7)->prefs.get("brief"), "on") << "the value before the failed event";
}

TEST(Undoable, ANewEntryIsErasedAgain) {
  batch_sink sink;
  std::unordered_map<std::int64_t, std::int64_t> warned{{1, 10}};
  warned[7] = 20;
  keep_new_entry(sink, warned, 7);
  sink.saved();
  EXPECT_TRUE(warned.contains(7)) << "a saved batch keeps the entry";

  warned[8] = 30;
  keep_new_entry(sink, warned, 8);
  sink.failed();
  EXPECT_FALSE(warned.contains(8));
  EXPECT_EQ(warned.at(1), 10) << "only the new entry goes";
  EXPECT_EQ(warned.at(7), 20);
}

TEST(Undoable, ErasedElementsAreAppendedAgainInTheirOrder) {
  batch_sink sink;
  std::vector<int> bans{1, 2, 3, 4};
  EXPECT_EQ(erase_kept(sink, bans, [](int b) { return b % 2 == 0; }), 2U);
  EXPECT_EQ(bans, (std::vector<int>{1, 3}));
  bans.push_back(5);  // (added meanwhile: stays)
  sink.failed();
  EXPECT_EQ(bans, (std::vector<int>{1, 3, 5, 2, 4}));
}

TEST(Undoable, AGainIsTakenBackFromTheValueThenNeverBelowTheFloor) {
  batch_sink sink;
  roster people;
  character& ann = add_ann(people);
  ann.hp = 5;
  keep_gain(sink, people, ann, &character::hp, 3, 1);
  ann.hp = 8;
  keep_gain(sink, people, ann, &character::silver, std::int64_t{-4});  // a loss: comes back
  ann.silver = 6;
  sink.failed();
  EXPECT_EQ(ann.hp, 5);
  EXPECT_EQ(ann.silver, 10);

  keep_gain(sink, people, ann, &character::hp, 3, 1);
  ann.hp = 2;  // (hurt meanwhile, by more than the gain)
  sink.failed();
  EXPECT_EQ(ann.hp, 1) << "never below the floor";
}

TEST(Undoable, AnItemPutInAPackIsTakenOutAndItemsTakenOutComeBack) {
  batch_sink sink;
  roster people;
  character& ann = add_ann(people);
  item old;
  old.id = 1;
  ann.inventory.push_back(old);
  item bought;
  bought.id = 2;
  ann.inventory.push_back(bought);
  keep_new_item(sink, people, ann, 2);
  sink.failed();
  ASSERT_EQ(ann.inventory.size(), 1U);
  EXPECT_EQ(ann.inventory.front().id, 1);

  std::vector<item> lost = ann.inventory;
  ann.inventory.clear();
  keep_lost_items(sink, people, ann, lost);
  sink.failed();
  ASSERT_EQ(ann.inventory.size(), 1U);
  EXPECT_EQ(ann.inventory.front().id, 1);
}

/// A part's own undo, named for what it puts back.
struct counter {
  int value = 0;
  void put_back(int before) { value = before; }
};

void put_back_twice(counter* c, int before) { c->value = 2 * before; }

TEST(Undoable, APartsOwnUndoRunsWithItsArgumentsOnlyWhenTheBatchFails) {
  batch_sink sink;
  counter c;
  undo_with<&counter::put_back>(sink, &c, 3);
  c.value = 9;
  sink.saved();
  EXPECT_EQ(c.value, 9);

  undo_with<&counter::put_back>(sink, &c, 4);
  undo_with<&put_back_twice>(sink, &c, 5);  // (newest first: the member function's runs last)
  c.value = 11;
  sink.failed();
  EXPECT_EQ(c.value, 4);
  undo_with<&put_back_twice>(sink, &c, 5);
  sink.failed();
  EXPECT_EQ(c.value, 10);
}

}  // namespace
