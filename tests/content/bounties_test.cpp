// bounties.toml and the board of a day: the same world seed and day give the same tasks, days differ,
// every task is one the dungeon can give, the words each task reads as, and bad tables named with file,
// key and line.
#include "content/bounties.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "content/content_loader.hpp"
#include "content_test_support.hpp"

namespace dw::content {
namespace {

using testing::content_copy;
using testing::real_tables;

constexpr std::uint64_t world = 20261122;
constexpr std::int64_t a_day = 20'780;  // 2026-11-22

TEST(Bounties, TheSameWorldAndDayGiveTheSameBoard) {
  const content_tables tables = real_tables();
  const std::vector<bounty_task> board = board_of_day(tables, world, a_day);
  ASSERT_EQ(board.size(), static_cast<std::size_t>(tables.bounties.open));
  ASSERT_GE(board.size(), 3U) << "at least three open tasks at a time";
  EXPECT_EQ(board_of_day(tables, world, a_day), board);
  // Another world has another board on the same day; the seed mixes both.
  EXPECT_NE(board_of_day(tables, world + 1, a_day), board);
  EXPECT_NE(board_seed(world, a_day), board_seed(world, a_day + 1));
  EXPECT_NE(board_seed(world, a_day), board_seed(world + 1, a_day));
}

TEST(Bounties, DaysDifferAndEveryKindTurnsUp) {
  const content_tables tables = real_tables();
  std::set<bounty_kind> kinds;
  std::set<std::string> monsters;
  std::set<std::string> scrolls;
  int same_as_yesterday = 0;
  std::vector<bounty_task> yesterday;
  for (std::int64_t day = a_day; day < a_day + 60; ++day) {
    const std::vector<bounty_task> board = board_of_day(tables, world, day);
    same_as_yesterday += board == yesterday ? 1 : 0;
    std::set<bounty_kind> today;
    for (std::size_t i = 0; i < board.size(); ++i) {
      const bounty_task& t = board[i];
      kinds.insert(t.kind);
      today.insert(t.kind);
      for (std::size_t j = 0; j < i; ++j) {
        EXPECT_FALSE(board[j].kind == t.kind && board[j].target == t.target && board[j].depth == t.depth)
            << "day " << day << ": two tasks alike";
      }
      if (t.kind == bounty_kind::defeat) {
        monsters.insert(t.target);
      }
      if (t.kind == bounty_kind::scroll) {
        scrolls.insert(t.target);
      }
    }
    // Four of the five rows each day, each drawn once: at least three kinds.
    EXPECT_GE(today.size(), 3U) << "day " << day;
    yesterday = board;
  }
  EXPECT_EQ(same_as_yesterday, 0);
  EXPECT_EQ(kinds.size(), 4U) << "defeat, open, reach and scroll all turn up in two months";
  EXPECT_GE(monsters.size(), 3U);
  EXPECT_GE(scrolls.size(), 3U);
}

TEST(Bounties, EveryTaskIsOneTheDungeonCanGiveAndPaysByItsRow) {
  const content_tables tables = real_tables();
  for (std::int64_t day = 0; day < 400; ++day) {
    for (const bounty_task& t : board_of_day(tables, 7, day)) {
      // The row it came from: the first of its kind whose ranges hold it and whose reward it pays.
      const auto row =
          std::find_if(tables.bounties.tasks.begin(), tables.bounties.tasks.end(), [&t](const bounty_rule& r) {
            return r.kind == t.kind && t.depth >= r.min_depth && t.depth <= r.max_depth && t.count >= r.min_count &&
                   t.count <= r.max_count &&
                   t.silver == r.silver + r.silver_per_depth * t.depth + r.silver_per_count * t.count &&
                   t.xp == r.xp + r.xp_per_depth * t.depth + r.xp_per_count * t.count;
          });
      ASSERT_NE(row, tables.bounties.tasks.end()) << describe_bounty(tables, t);
      EXPECT_GT(t.silver + t.xp, 0);
      switch (t.kind) {
        case bounty_kind::defeat: {
          const monster_def* m = tables.find_monster(t.target);
          ASSERT_NE(m, nullptr);
          EXPECT_LE(m->min_depth, t.depth) << "a " << m->key << " is never met at depth " << t.depth;
          break;
        }
        case bounty_kind::scroll:
          EXPECT_TRUE(std::any_of(tables.scroll_effects.begin(), tables.scroll_effects.end(),
                                  [&t](const scroll_effect& e) { return e.key == t.target; }));
          EXPECT_EQ(t.depth, 0);
          break;
        case bounty_kind::reach:
          EXPECT_GE(t.depth, 1);
          EXPECT_EQ(t.count, 1);
          EXPECT_TRUE(t.target.empty());
          break;
        case bounty_kind::open:
          EXPECT_TRUE(t.target.empty());
          break;
      }
    }
  }
}

TEST(Bounties, AGameDayTurnsAtMidnightUtc) {
  EXPECT_EQ(game_day(0), 0);
  EXPECT_EQ(game_day(86'399), 0);
  EXPECT_EQ(game_day(86'400), 1);
  EXPECT_EQ(game_day(1'795'392'000), 20'780);  // 2026-11-22T00:00:00Z
  EXPECT_EQ(game_day(-1), -1);
}

TEST(Bounties, ATaskReadsAsWhatItAsks) {
  const content_tables tables = real_tables();
  EXPECT_EQ(describe_bounty(tables, {bounty_kind::defeat, "cave_rat", 2, 3, 1, 1}),
            "Defeat 3 cave rats at depth 2 or deeper");
  EXPECT_EQ(describe_bounty(tables, {bounty_kind::defeat, "cave_rat", 1, 1, 1, 1}), "Defeat a cave rat");
  EXPECT_EQ(describe_bounty(tables, {bounty_kind::open, "", 4, 1, 1, 1}), "Open a rune door at depth 4 or deeper");
  EXPECT_EQ(describe_bounty(tables, {bounty_kind::open, "", 4, 2, 1, 1}), "Open 2 rune doors at depth 4 or deeper");
  EXPECT_EQ(describe_bounty(tables, {bounty_kind::reach, "", 5, 1, 1, 1}), "Reach depth 5");
  EXPECT_EQ(describe_bounty(tables, {bounty_kind::scroll, "heal", 0, 1, 1, 1}),
            "Bring back a scroll of mending and sell it to the merchant");
  EXPECT_EQ(describe_bounty(tables, {bounty_kind::scroll, "heal", 0, 2, 1, 1}),
            "Bring back 2 scrolls of mending and sell them to the merchant");
  // A key a reload took away still reads as something.
  EXPECT_EQ(describe_bounty(tables, {bounty_kind::defeat, "gone_beast", 3, 2, 1, 1}),
            "Defeat 2 of the monsters called 'gone_beast' at depth 3 or deeper");
}

TEST(Bounties, ASmallTableStillFillsTheBoard) {
  content_copy copy("bounties_one_row");
  copy.write("bounties.toml",
             "[board]\nopen = 3\nmost_held = 1\n\n[[tasks]]\nkind = \"reach\"\nweight = 1\nmin_depth = 2\n"
             "max_depth = 2\nsilver = 5\nsilver_per_depth = 0\nxp = 0\nxp_per_depth = 0\n");
  auto loaded = load_content(copy.dir());
  ASSERT_TRUE(std::holds_alternative<content_tables>(loaded)) << std::get<content_error>(loaded).to_string();
  const content_tables& tables = std::get<content_tables>(loaded);
  const auto board = board_of_day(tables, world, a_day);
  ASSERT_EQ(board.size(), 3U);
  for (const bounty_task& t : board) {
    EXPECT_EQ(describe_bounty(tables, t), "Reach depth 2") << "the only task there is, three times over";
  }
}

TEST(Bounties, ABadBountyTableIsNamedWithFileKeyAndLine) {
  const auto error_of = [](std::string_view name, std::string_view from, std::string_view to) {
    content_copy copy(name);
    copy.replace("bounties.toml", from, to);
    return copy.load_error().to_string();
  };
  {
    const std::string e = error_of("bounties_kind", "kind = \"open\"", "kind = \"steal\"");
    EXPECT_NE(e.find("bounties.toml:"), std::string::npos) << e;
    EXPECT_NE(e.find("tasks[2].kind: \"steal\" is not one of defeat, open, reach, scroll"), std::string::npos) << e;
  }
  {
    const std::string e = error_of("bounties_range", "max_depth = 4\n", "max_depth = 0\n");
    EXPECT_NE(e.find("tasks[0].max_depth: must be at least min_depth (1)"), std::string::npos) << e;
  }
  {
    const std::string e = error_of("bounties_open", "open = 4", "open = 2");
    EXPECT_NE(e.find("board.open"), std::string::npos) << e;
  }
  {
    // A scroll task has no depth.
    const std::string e =
        error_of("bounties_scroll_depth", "kind = \"scroll\"\n", "kind = \"scroll\"\nmin_depth = 2\n");
    EXPECT_NE(e.find("min_depth"), std::string::npos) << e;
    EXPECT_NE(e.find("tasks[4]"), std::string::npos) << e;
  }
  {
    const std::string e = error_of("bounties_typo", "xp_per_count = 20\n", "xp_per_count = 20\nxp_per_kill = 1\n");
    EXPECT_NE(e.find("xp_per_kill"), std::string::npos) << e;
  }
  {
    content_copy copy("bounties_unpaid");
    copy.write("bounties.toml",
               "[board]\nopen = 3\nmost_held = 1\n\n[[tasks]]\nkind = \"reach\"\nweight = 1\nmin_depth = 2\n"
               "max_depth = 2\nsilver = 0\nsilver_per_depth = 0\nxp = 0\nxp_per_depth = 0\n");
    const std::string e = copy.load_error().to_string();
    EXPECT_NE(e.find("bounties.toml:"), std::string::npos) << e;
    EXPECT_NE(e.find("tasks[0]: a task must pay something"), std::string::npos) << e;
  }
  {
    content_copy copy("bounties_missing");
    std::filesystem::remove(copy.dir() / "bounties.toml");
    EXPECT_NE(copy.load_error().to_string().find("bounties.toml"), std::string::npos);
  }
}

}  // namespace
}  // namespace dw::content
