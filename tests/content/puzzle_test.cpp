// Rune locks: rolled from the room's puzzle tape only, within the table's ranges, and stored as text.
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>

#include "content/puzzle.hpp"
#include "content/rune_attempt.hpp"
#include "content_test_support.hpp"

using namespace dw::content;
using dw::content::testing::content_copy;
using dw::content::testing::real_tables;

namespace {

/// The first room tape (world seed 7, branch 1, x from 1) that rolls a lock at `depth`.
std::optional<std::pair<tape, rune_lock>> first_lock(const content_tables& tables, int depth, std::int32_t& x) {
  for (x = 1; x < 20000; ++x) {
    const tape t(tape_seed(7, 1, x, 3));
    if (auto lock = roll_rune_lock(tables, t, depth, x, 3)) {
      return std::pair{t, *lock};
    }
  }
  return std::nullopt;
}

}  // namespace

TEST(Puzzle, TheTableLoadsWithRunesAndDepths) {
  const content_tables tables = real_tables();
  const puzzle_rules& p = tables.puzzles;
  ASSERT_FALSE(p.depths.empty());
  EXPECT_GE(p.depths.front().min_depth, 1);
  EXPECT_GE(p.hint_min_distance, 1);
  EXPECT_LE(p.hint_min_distance, p.hint_max_distance);
  for (const puzzle_depth& d : p.depths) {
    EXPECT_LE(static_cast<std::size_t>(d.runes), p.runes.size());
  }
  EXPECT_EQ(puzzle_depth_at(p, p.depths.front().min_depth - 1), nullptr);
}

TEST(Puzzle, NoLockAboveTheFirstDepthRow) {
  const content_tables tables = real_tables();
  const int above = tables.puzzles.depths.front().min_depth - 1;
  for (std::int32_t x = 0; x < 2000; ++x) {
    EXPECT_FALSE(roll_rune_lock(tables, tape(tape_seed(7, 1, x, 0)), above, x, 0).has_value());
  }
}

TEST(Puzzle, LocksAreDeterministicWithinRangeAndUseTheTablesRunes) {
  const content_tables tables = real_tables();
  const puzzle_rules& p = tables.puzzles;
  int locks = 0;
  const int depth = 6;
  const puzzle_depth* row = puzzle_depth_at(p, depth);
  ASSERT_NE(row, nullptr);
  for (std::int32_t x = -300; x < 300; ++x) {
    for (std::int32_t y = -3; y <= 3; ++y) {
      const tape t(tape_seed(11, 2, x, y));
      const auto lock = roll_rune_lock(tables, t, depth, x, y);
      EXPECT_EQ(lock, roll_rune_lock(tables, tape(tape_seed(11, 2, x, y)), depth, x, y));
      if (!lock) {
        continue;
      }
      ++locks;
      const int dist = std::abs(lock->hint_x - x) + std::abs(lock->hint_y - y);
      EXPECT_GE(dist, p.hint_min_distance);
      EXPECT_LE(dist, p.hint_max_distance);
      ASSERT_EQ(lock->sequence.size(), static_cast<std::size_t>(row->runes));
      std::set<std::string> distinct(lock->sequence.begin(), lock->sequence.end());
      EXPECT_EQ(distinct.size(), lock->sequence.size());
      for (const std::string& r : lock->sequence) {
        EXPECT_NE(std::find(p.runes.begin(), p.runes.end(), r), p.runes.end()) << r;
      }
      EXPECT_FALSE(lock->solved);
    }
  }
  // The chance is a table entry: 4200 rooms give roughly chance x 4200 locks.
  EXPECT_NEAR(locks / 4200.0, row->chance, 0.03);
}

TEST(Puzzle, TheRoomsOwnRollIsUnchangedByPuzzles) {
  const content_tables tables = real_tables();
  for (std::int32_t x = 0; x < 3000; ++x) {
    const tape t(tape_seed(3, 1, x, 2));
    const puzzle_roll rolled = roll_room_with_puzzle(tables, t, 5, x, 2, {}, nullptr);
    if (!rolled.lock && rolled.room.event != room_event::monster) {
      EXPECT_EQ(rolled.room, roll_room(tables, t, 5, {}));
    }
    if (rolled.lock) {
      EXPECT_EQ(rolled.room.event, room_event::rune_lock);
      EXPECT_FALSE(is_clear_at_start(rolled.room));
    }
  }
}

TEST(Puzzle, ALockWhoseHintCoordinateIsTakenOrTheStartRollsAsAMonster) {
  const content_tables tables = real_tables();
  std::int32_t x = 0;
  const auto found = first_lock(tables, 5, x);
  ASSERT_TRUE(found.has_value());
  const tape t = found->first;
  const rune_lock lock = found->second;
  const puzzle_roll free = roll_room_with_puzzle(tables, t, 5, x, 3, {}, [](std::int32_t, std::int32_t) {
    return false;
  });
  ASSERT_TRUE(free.lock.has_value());
  EXPECT_EQ(*free.lock, lock);
  const puzzle_roll taken = roll_room_with_puzzle(tables, t, 5, x, 3, {}, [&](std::int32_t hx, std::int32_t hy) {
    return hx == lock.hint_x && hy == lock.hint_y;
  });
  EXPECT_FALSE(taken.lock.has_value());
  EXPECT_EQ(taken.room.event, room_event::monster);
  ASSERT_TRUE(taken.room.monsters.has_value());
  EXPECT_EQ(taken.room, as_monster_room(tables, t, 5));
  EXPECT_EQ(*taken.room.monsters, make_room_monsters(tables, 5, t.at(2), t.at(3)));
  EXPECT_FALSE(is_clear_at_start(taken.room));

  // The same lock rolled next to the start room, with its hint on (0,0), is a monster as well.
  const std::int32_t lx = -(lock.hint_x - x);
  const std::int32_t ly = -(lock.hint_y - 3);
  const auto near_start = roll_rune_lock(tables, t, 5, lx, ly);
  ASSERT_TRUE(near_start.has_value());
  EXPECT_EQ(near_start->hint_x, 0);
  EXPECT_EQ(near_start->hint_y, 0);
  const puzzle_roll at_start = roll_room_with_puzzle(tables, t, 5, lx, ly, {}, nullptr);
  EXPECT_FALSE(at_start.lock.has_value());
  EXPECT_EQ(at_start.room.event, room_event::monster);
}

TEST(Puzzle, LocksAndHintsSurviveTheirStoredText) {
  rune_lock lock{{"sun", "moon", "eye"}, -3, 7, false};
  EXPECT_EQ(lock.encode(), "p1 -3 7 0 sun moon eye");
  EXPECT_EQ(rune_lock::decode(lock.encode()), lock);
  lock.solved = true;
  EXPECT_EQ(rune_lock::decode(lock.encode()), lock);
  EXPECT_EQ(lock.word(), "sunmooneye");
  EXPECT_EQ(lock.shown(), (std::vector<std::string>{"eye", "moon", "sun"}));
  const rune_hint hint{4, -2, {"key", "star"}};
  EXPECT_EQ(rune_hint::decode(hint.encode()), hint);
  EXPECT_FALSE(rune_lock::decode("").has_value());
  EXPECT_FALSE(rune_lock::decode("p1 x 7 0 sun").has_value());
  EXPECT_FALSE(rune_lock::decode("p1 1 7 2 sun").has_value());
  EXPECT_FALSE(rune_lock::decode("3 4 5").has_value());  // a fight state is not a lock
  EXPECT_FALSE(rune_hint::decode("h1 1").has_value());
  EXPECT_EQ(letters_only("Sun, MOON!  serpent"), "sunmoonserpent");
  EXPECT_EQ(rune_list({"sun", "moon", "eye"}), "sun, moon and eye");
}

TEST(Puzzle, BadPuzzleTablesAreRefusedWithFileKeyAndLine) {
  {
    content_copy copy("puzzle_distance");
    copy.replace("puzzles.toml", "hint_max_distance = 4", "hint_max_distance = 1");
    const content_error e = copy.load_error();
    EXPECT_NE(e.file.find("puzzles.toml"), std::string::npos);
    EXPECT_EQ(e.key, "rune_lock.hint_max_distance");
    EXPECT_GT(e.line, 0U);
  }
  {
    content_copy copy("puzzle_runes");
    copy.replace("puzzles.toml", "runes = 5", "runes = 99");
    const content_error e = copy.load_error();
    EXPECT_EQ(e.key, "depths[2].runes");
    EXPECT_GT(e.line, 0U);
  }
  {
    content_copy copy("puzzle_rune_twice");
    copy.replace("puzzles.toml", "\"moon\"", "\"sun\"");
    const content_error e = copy.load_error();
    EXPECT_EQ(e.key, "rune_lock.runes[1]");
    EXPECT_NE(e.reason.find("twice"), std::string::npos);
  }
  {
    content_copy copy("puzzle_chance");
    copy.replace("puzzles.toml", "chance = 0.08", "chance = 1.5");
    const content_error e = copy.load_error();
    EXPECT_EQ(e.key, "depths[0].chance");
  }
  {
    content_copy copy("puzzle_order");
    copy.replace("puzzles.toml", "min_depth = 9", "min_depth = 4");
    const content_error e = copy.load_error();
    EXPECT_EQ(e.key, "depths[2].min_depth");
  }
}

TEST(RuneAttempt, OnlyEveryRuneOnceInAnotherOrderIsAWrongOrder) {
  rune_lock lock;
  lock.sequence = {"sun", "moon", "eye"};
  EXPECT_EQ(judge_press(lock, {"sun", "moon", "eye"}).kind, attempt_kind::opens);
  EXPECT_EQ(judge_press(lock, {"eye", "moon", "sun"}).kind, attempt_kind::wrong_order);
  EXPECT_EQ(judge_press(lock, {"sun", "moon"}).kind, attempt_kind::partial) << "too few: told, not punished";
  EXPECT_EQ(judge_press(lock, {"sun", "sun", "moon"}).kind, attempt_kind::partial);
  const rune_attempt odd = judge_press(lock, {"sun", "star", "eye"});
  EXPECT_EQ(odd.kind, attempt_kind::unknown_rune);
  EXPECT_EQ(odd.unknown, "star");

  EXPECT_EQ(judge_speech(lock, "Sun, moon, eye!").kind, attempt_kind::opens);
  EXPECT_EQ(judge_speech(lock, "sunmooneye").kind, attempt_kind::opens);
  EXPECT_EQ(judge_speech(lock, "eye sun moon").kind, attempt_kind::wrong_order);
  EXPECT_EQ(judge_speech(lock, "moon... moon").kind, attempt_kind::partial);
  EXPECT_EQ(judge_speech(lock, "hello there").kind, attempt_kind::not_runes) << "speech is just speech";
  EXPECT_EQ(judge_speech(lock, "the sun, the moon").kind, attempt_kind::not_runes);
  EXPECT_EQ(judge_speech(lock, "").kind, attempt_kind::not_runes);
}

TEST(RuneAttempt, EachWrongOrderAtADoorCostsMoreThanTheLast) {
  const content_tables tables = real_tables();
  const puzzle_rules& p = tables.puzzles;
  EXPECT_GE(p.ward_damage, 1) << "a wrong order is never free";
  EXPECT_EQ(ward_blow(p, 0), p.ward_damage);
  EXPECT_EQ(ward_blow(p, 3), p.ward_damage + 3 * p.ward_damage_step);
  EXPECT_GT(ward_blow(p, 1), ward_blow(p, 0)) << "the shipped table makes guessing dearer each time";
  // Guessing through the six orders of three runes costs at least the first five blows.
  int worst = 0;
  for (int i = 0; i < 5; ++i) {
    worst += ward_blow(p, i);
  }
  EXPECT_GE(worst, 20);
  EXPECT_EQ(ward_blow(p, -4), p.ward_damage);
  EXPECT_GT(ward_blow(p, 2'000'000'000), 0) << "no overflow";
  {
    content_copy copy("puzzle_ward");
    copy.replace("puzzles.toml", "ward_damage = 4", "ward_damage = 0");
    const content_error e = copy.load_error();
    EXPECT_EQ(e.key, "rune_lock.ward_damage");
    EXPECT_GT(e.line, 0U);
  }
}
