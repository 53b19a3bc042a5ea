#pragma once

// The bounty board's tasks: which a game day offers (drawn from the world seed and the day, so everyone
// sees the same board all day) and how a task reads. Pure.
#include <cstdint>
#include <string>
#include <vector>

#include "content/bounty_rules.hpp"
#include "content/content_tables.hpp"

namespace dw::content {

/// One task: what it asks and what it pays. A task a character accepted keeps these values whatever
/// later reloads of bounties.toml say.
struct bounty_task {
  bounty_kind kind = bounty_kind::defeat;
  std::string target;  ///< the monster's key (defeat) or the scroll effect's key (scroll); empty otherwise
  int depth = 0;       ///< at this depth or deeper (defeat, open, reach); 0 for scrolls
  int count = 1;       ///< how many (1 for reach)
  std::int64_t silver = 0;
  std::int64_t xp = 0;

  bool operator==(const bounty_task&) const = default;
};

/// The game day of a moment: whole days since 1970-01-01 UTC (a day turns at midnight UTC).
constexpr std::int64_t game_day(std::int64_t unix_seconds) {
  constexpr std::int64_t day = 86'400;
  return unix_seconds >= 0 ? unix_seconds / day : -((-unix_seconds + day - 1) / day);
}

/// The seed of day `day`'s board in the world `world_seed`.
std::uint64_t board_seed(std::uint64_t world_seed, std::int64_t day);

/// The tasks on the board on day `day` (bounty_rules::open of them, in board order): every row of
/// bounties.toml is drawn (by weight) before any is drawn again, and no two tasks of a day are alike
/// unless the table leaves no other choice. The same tables, world seed and day give the same board.
std::vector<bounty_task> board_of_day(const content_tables& tables, std::uint64_t world_seed, std::int64_t day);

/// What the task asks, in words: "Defeat 3 cave rats at depth 2 or deeper". Keys the tables no longer
/// know are shown as they are.
std::string describe_bounty(const content_tables& tables, const bounty_task& task);

}  // namespace dw::content
