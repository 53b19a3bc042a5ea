// The bounties part alone: built with the real roster, output, progression and content, a change sink
// that records what would be saved (and can take an event back), and services whose clock the test sets.
// What it records is applied to a real in-memory store and read back, as a restart would.
#include "server/game/bounties/bounties.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "server/store/accounts.hpp"
#include "server/store/game_changes.hpp"
#include "server/store/game_loader.hpp"
#include "tests/game/game_harness.hpp"

namespace dw::game {
namespace {

using testing::has;

constexpr std::int64_t day_one = 20'780;  // 2026-11-22

/// What one event would save, and its undo steps.
class recording_changes final : public change_sink {
 public:
  void persist(storage::change change) override { saved.push_back(std::move(change)); }
  void on_rollback(undo_step undo) override { undos.push_back(std::move(undo)); }
  /// The event could not be saved: its undo steps run, last first.
  void roll_back() {
    event_batch::roll_back(undos);
    undos.clear();
    saved.clear();
  }
  /// The event was saved (into `db`).
  void commit(store::database& db) {
    store::apply(db, saved);
    saved.clear();
    undos.clear();
  }
  std::size_t saves_of_bounties() const {
    return static_cast<std::size_t>(std::count_if(saved.begin(), saved.end(), [](const storage::change& c) {
      return std::holds_alternative<storage::save_bounties>(c);
    }));
  }
  storage::batch saved;
  std::vector<undo_step> undos;
};

store::bounty_record task_record(std::string kind, std::string target, int depth, int count, int slot = 1,
                                 std::int64_t day = day_one) {
  store::bounty_record r;
  r.day = day;
  r.slot = slot;
  r.kind = std::move(kind);
  r.target = std::move(target);
  r.depth = depth;
  r.count = count;
  r.silver = 40;
  r.xp = 60;
  return r;
}

class BountyBoard : public ::testing::Test {
 protected:
  BountyBoard() {
    services.clock = day_one * 86'400 + 3'600;
    port.info.width = 250;  // (no line the tests look for is wrapped)
    account = store::accounts::create(services.db(), "Ann", "hash", store::role::player, 1).id;
    connection& conn = people.add_connection(port, 0);
    conn.stage = login_stage::playing;
    conn.account_id = account;
    character ch;
    ch.account_id = account;
    ch.name = "Ann";
    ch.connection = conn.id;
    ch.where.room_id = 1;
    ann = &people.add_character(std::move(ch));
    levels.enter(*ann, nullptr);
    board.enter(*ann, nullptr);
  }

  /// What Ann was told since the last call (the event ends; a prompt follows).
  std::string told() {
    out.end_event(0);
    return port.take();
  }
  /// Ann comes back into play with `tasks` stored (as after a restart).
  void stored(std::vector<store::bounty_record> tasks, std::int64_t completed = 0) {
    board.leave(account);
    storage::login_record login;
    login.bounties = store::bounty_book_record{account, completed, std::move(tasks)};
    board.enter(*ann, &login);
  }
  const bounty_book& book() { return *board.book_of(account); }
  /// The last Char.Bounty sent.
  std::string last_gmcp() {
    for (auto it = port.gmcp.rbegin(); it != port.gmcp.rend(); ++it) {
      if (it->starts_with("Char.Bounty ")) {
        return *it;
      }
    }
    return {};
  }

  testing::inline_services services;
  live_settings settings{testing::fast_settings()};
  content_source content{testing::real_content()};
  roster people;
  output out{people, settings};
  recording_changes changes;
  progression levels{content, people, out, changes, services};
  bounties board{settings, content, people, out, changes, services, levels};
  testing::fake_port port;
  std::int64_t account = 0;
  character* ann = nullptr;
};

TEST_F(BountyBoard, TheBoardListsTheDaysTasksAndAcceptTakesOneWithinTheLimit) {
  port.info.gmcp = true;
  out.gmcp_supports(*people.find_connection(ann->connection)) = {"Char"};
  const auto tasks = board.board(day_one);
  ASSERT_EQ(tasks.size(), 4U);
  EXPECT_EQ(board.visit_board(*ann), 0);
  std::string shown = told();
  for (std::size_t i = 0; i < tasks.size(); ++i) {
    EXPECT_TRUE(has(shown, std::to_string(i + 1) + ". " + describe_bounty(content.get(), tasks[i]))) << shown;
  }
  EXPECT_TRUE(has(shown, "you may hold 3 at a time")) << shown;
  EXPECT_TRUE(has(shown, "You hold no bounties.")) << shown;
  EXPECT_FALSE(has(shown, "hangs by the merchant's stall")) << "at the board, it does not say where the board is";

  board.accept(*ann, 2);
  shown = told();
  EXPECT_TRUE(has(shown, "You take down notice 2: " + describe_bounty(content.get(), tasks[1]))) << shown;
  ASSERT_EQ(book().tasks.size(), 1U);
  EXPECT_EQ(book().tasks[0].task, tasks[1]);
  EXPECT_EQ(book().tasks[0].day, day_one);
  EXPECT_EQ(changes.saves_of_bounties(), 1U);
  EXPECT_TRUE(has(last_gmcp(), "\"progress\":0")) << last_gmcp();
  EXPECT_TRUE(has(last_gmcp(), "\"most_held\":3")) << last_gmcp();

  board.accept(*ann, 2);
  EXPECT_TRUE(has(told(), "You have already taken that one."));
  board.accept(*ann, 9);
  EXPECT_TRUE(has(told(), "The board has no bounty 9; its notices are numbered 1 to 4."));
  board.accept(*ann, 1);
  board.accept(*ann, 3);
  told();
  board.accept(*ann, 4);
  EXPECT_TRUE(has(told(), "You already hold 3 bounties, the most you may"));
  EXPECT_EQ(book().tasks.size(), 3U);
  board.visit_board(*ann);
  shown = told();
  EXPECT_TRUE(has(shown, describe_bounty(content.get(), tasks[1]) + " - ")) << shown;
  EXPECT_TRUE(has(shown, "(yours)")) << shown;
  EXPECT_TRUE(has(shown, "Your bounties:\n  1. " + describe_bounty(content.get(), tasks[0]) + " (")) << shown;
}

TEST_F(BountyBoard, DeedsCountOnlyForTheTasksTheyMatch) {
  stored({task_record("defeat", "cave_rat", 2, 3, 1), task_record("reach", "", 4, 1, 2),
          task_record("open", "", 3, 1, 3), task_record("scroll", "heal", 0, 2, 4)});
  told();
  std::vector<character*> standing{ann};
  board.won(fight_won{"cave_rat", 1, 2, false, standing, standing});     // too shallow
  board.won(fight_won{"mud_crawler", 3, 2, false, standing, standing});  // another kind
  board.arrived(*ann, 3);
  board.opened(*ann, 2);
  board.sold_scroll(*ann, "ward");
  board.sold_scroll(*ann, "");
  EXPECT_EQ(told(), "") << "nothing counted, nothing told";
  EXPECT_EQ(changes.saves_of_bounties(), 0U) << "nothing saved";

  board.won(fight_won{"cave_rat", 2, 2, false, standing, standing});
  EXPECT_TRUE(has(told(), "Bounty: Defeat 3 cave rats at depth 2 or deeper (2 of 3)."));
  board.won(fight_won{"cave_rat", 5, 4, true, standing, standing});  // a wanderer's fight counts too; never past 3
  EXPECT_TRUE(has(told(), "Bounty done: Defeat 3 cave rats at depth 2 or deeper!"));
  EXPECT_EQ(book().tasks[0].progress, 3);
  board.arrived(*ann, 6);  // deeper than asked counts
  EXPECT_TRUE(has(told(), "Bounty done: Reach depth 4!"));
  board.opened(*ann, 3);
  EXPECT_TRUE(has(told(), "Bounty done: Open a rune door at depth 3 or deeper!"));
  board.sold_scroll(*ann, "heal");
  EXPECT_TRUE(has(told(), "Bounty: Bring back 2 scrolls of mending and sell them to the merchant (1 of 2)."));
  EXPECT_EQ(changes.saves_of_bounties(), 5U) << "each told progress saved with its event";
  // A finished task counts no further.
  board.won(fight_won{"cave_rat", 2, 2, false, standing, standing});
  EXPECT_FALSE(has(told(), "Bounty"));
  const std::string score = board.score_text(*ann);
  EXPECT_TRUE(has(score, "Bounties completed: 0\n")) << score;
  EXPECT_TRUE(has(score, "Bounty: Reach depth 4 (done: hand it in at the board)\n")) << score;
  EXPECT_TRUE(has(score, "Bounty: Bring back 2 scrolls of mending and sell them to the merchant (1 of 2)\n")) << score;
}

TEST_F(BountyBoard, OnlyTheFightersStandingCountAFight) {
  stored({task_record("defeat", "cave_rat", 1, 2)});
  testing::fake_port bob_port;
  connection& bob_conn = people.add_connection(bob_port, 0);
  character bob;
  bob.account_id = account + 1;
  bob.name = "Bob";
  bob.connection = bob_conn.id;
  character& b = people.add_character(std::move(bob));
  board.enter(b, nullptr);
  std::vector<character*> standing{&b};  // Ann was knocked out
  board.won(fight_won{"cave_rat", 2, 2, false, standing, standing});
  EXPECT_EQ(book().tasks[0].progress, 0);
  EXPECT_TRUE(board.book_of(b.account_id)->tasks.empty());
}

TEST_F(BountyBoard, TheBoardPaysWhatIsDoneOnceAndAFailedSaveTakesItBack) {
  stored({task_record("reach", "", 4, 1, 2), task_record("defeat", "cave_rat", 2, 3, 1)}, 5);  // (sorted: 1, 2)
  board.arrived(*ann, 4);
  changes.commit(services.db());
  told();
  const std::int64_t silver = ann->silver;
  const std::int64_t xp = levels.standing_of(account).xp;
  EXPECT_EQ(board.visit_board(*ann), 1);
  const std::string paid = told();
  EXPECT_TRUE(has(paid, "You hand in your bounty: Reach depth 4. The merchant counts out 40 silver for you.")) << paid;
  EXPECT_TRUE(has(paid, "You gain 60 experience for completing a bounty.")) << paid;
  EXPECT_TRUE(has(paid, "2. ")) << "then the board";
  EXPECT_EQ(ann->silver, silver + 40);
  EXPECT_EQ(levels.standing_of(account).xp, xp + 60);
  EXPECT_EQ(book().completed, 6);
  EXPECT_TRUE(book().tasks[1].turned_in);
  // If the event cannot be saved, none of it happened.
  changes.roll_back();
  EXPECT_EQ(ann->silver, silver);
  EXPECT_EQ(levels.standing_of(account).xp, xp);
  EXPECT_EQ(book().completed, 5);
  EXPECT_FALSE(book().tasks[1].turned_in);
  // Saved, it is paid once: the notice says so, and it cannot be taken again today.
  EXPECT_EQ(board.visit_board(*ann), 1);
  changes.commit(services.db());
  told();
  EXPECT_EQ(board.visit_board(*ann), 0);
  const std::string again = told();
  EXPECT_FALSE(has(again, "You hand in")) << again;
  EXPECT_TRUE(has(again, "(done today)")) << again;
  EXPECT_TRUE(has(again, "Your bounties:\n  1. Defeat 3 cave rats")) << "only the one not handed in";
  board.accept(*ann, 2);
  EXPECT_TRUE(has(told(), "You have done that one today"));
  // Stored: silver with the character, the rest in the bounty book.
  store::game_loader loader(services.db());
  const auto login = loader.login_by_name("Ann");
  ASSERT_TRUE(login && login->bounties);
  EXPECT_EQ(login->bounties->completed, 6);
  EXPECT_EQ(login->character->silver, silver + 40);
  ASSERT_EQ(login->bounties->tasks.size(), 2U);
  EXPECT_TRUE(login->bounties->tasks[1].turned_in);
}

TEST_F(BountyBoard, ABountyOutlivesItsDayAndWhatWasHandedInIsForgottenTheNextDay) {
  board.accept(*ann, 1);
  board.accept(*ann, 3);
  const content::bounty_task first = book().tasks[0].task;
  // Say the first is done and handed in today, and the other is to reach depth 9.
  store::bounty_record handed_in =
      task_record(std::string(content::bounty_kind_name(first.kind)), first.target, first.depth, first.count, 1);
  handed_in.progress = first.count;
  handed_in.turned_in = true;
  stored({handed_in, task_record("reach", "", 9, 1, 3)});
  services.clock += 86'400;  // midnight has passed
  told();
  board.show_own(*ann, false);
  const std::string own = told();
  EXPECT_TRUE(has(own, "1. Reach depth 9 (not yet; from an earlier board)")) << own;
  EXPECT_TRUE(has(own, "The bounty board hangs by the merchant's stall in the village square")) << own;
  // Yesterday's notice 1, handed in, no longer stops taking today's notice 1.
  board.accept(*ann, 1);
  EXPECT_TRUE(has(told(), "You take down notice 1"));
  ASSERT_EQ(book().tasks.size(), 2U);
  EXPECT_EQ(book().tasks[0].day, day_one);
  EXPECT_EQ(book().tasks[1].day, day_one + 1);
}

TEST_F(BountyBoard, DropGivesUpATaskWhichMayBeTakenAgain) {
  board.accept(*ann, 3);
  board.accept(*ann, 4);
  told();
  board.drop(*ann, 3);
  EXPECT_TRUE(has(told(), "You hold no bounty 3; yours are numbered 1 to 2"));
  const content::bounty_task gone = book().tasks[0].task;
  board.drop(*ann, 1);
  EXPECT_TRUE(has(told(), "You give up your bounty: " + describe_bounty(content.get(), gone) + "."));
  ASSERT_EQ(book().tasks.size(), 1U);
  EXPECT_EQ(book().tasks[0].slot, 4);
  board.accept(*ann, 3);
  EXPECT_TRUE(has(told(), "You take down notice 3"));
  board.drop(*ann, 1);
  board.drop(*ann, 1);
  board.drop(*ann, 1);
  EXPECT_TRUE(has(told(), "You hold no bounties to give up."));
}

TEST_F(BountyBoard, WhatIsSavedReadsBackAsItWasAndATakeOverKeepsWhatIsInPlay) {
  board.accept(*ann, 1);
  board.accept(*ann, 2);
  changes.commit(services.db());
  const bounty_book before = book();
  // A take-over: the character is still in play, and what is in play wins over an older read.
  storage::login_record older;
  board.enter(*ann, &older);
  EXPECT_EQ(book(), before);
  // A restart: out of play, then in again with what the store holds.
  board.leave(account);
  EXPECT_EQ(board.book_of(account), nullptr);
  store::game_loader loader(services.db());
  const auto login = loader.login_by_name("Ann");
  ASSERT_TRUE(login.has_value());
  board.enter(*ann, &*login);
  EXPECT_EQ(book(), before);
}

TEST_F(BountyBoard, AStoredTaskOfAnUnknownKindIsDroppedNotFatal) {
  stored({task_record("steal", "", 1, 1, 1), task_record("reach", "", 2, 1, 2)});
  ASSERT_EQ(book().tasks.size(), 1U);
  EXPECT_EQ(book().tasks[0].task.kind, content::bounty_kind::reach);
}

}  // namespace
}  // namespace dw::game
