#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "content/bounties.hpp"
#include "server/game/content_source.hpp"
#include "server/game/deeds.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/live_settings.hpp"
#include "server/game/output/output.hpp"
#include "server/game/progression/progression.hpp"
#include "server/game/roster/roster.hpp"
#include "server/game/services.hpp"
#include "server/game/storage/reads.hpp"

namespace dw::game {

/// A bounty a character holds: where it was on the board, what it asks and pays, and how far along it is.
struct held_bounty {
  std::int64_t day = 0;  ///< the game day whose board it was on
  int slot = 0;          ///< its number on that board, from 1
  content::bounty_task task;
  int progress = 0;
  bool turned_in = false;  ///< paid; kept until its day is over, so that it is not taken again that day

  bool done() const { return progress >= task.count; }
  bool operator==(const held_bounty&) const = default;
};

/// One character's bounties: what it holds (in board order: by day, then number) and how many it has
/// completed.
struct bounty_book {
  std::int64_t completed = 0;
  std::vector<held_bounty> tasks;

  bool operator==(const bounty_book&) const = default;
};

/// The bounty board in the village square: each game day's tasks (content/bounties.toml, drawn from the
/// world seed and the day), the tasks characters accept, their progress (learnt from deeds), and the
/// reward paid at the board. Keeps each character's bounties in its own table, by account, while it is
/// in play, and saves them as a whole (save_bounties) with every event that changes them. It does not
/// know where the board stands: the command set asks it only of characters standing there. World thread
/// only.
class bounties final : public deeds {
 public:
  bounties(const live_settings& settings, const content_source& content, roster& people, output& out,
           change_sink& changes, services& svc, progression& levels);

  /// `ch` comes into play with what storage holds of it. A take-over keeps what is already in play.
  void enter(const character& ch, const storage::login_record* stored);
  /// `account` has left play (its bounties are saved with every change).
  void leave(std::int64_t account);

  /// The game day now (UTC, from the services' clock) and its board.
  std::int64_t today();
  std::vector<content::bounty_task> board(std::int64_t day) const;

  // ---- at the board (the command set checks that `ch` stands there)
  /// Pays out every task of `ch`'s that is done, then shows the day's board and `ch`'s own tasks. Returns
  /// how many were paid (its silver changed).
  int visit_board(character& ch);
  /// Takes the board's task `number` (from 1).
  void accept(character& ch, int number);
  // ---- anywhere
  /// `ch`'s own tasks and their progress, and, away from the board, where it is.
  void show_own(character& ch, bool at_board);
  /// Gives up `ch`'s own task `number` (from 1, as show_own lists them).
  void drop(character& ch, int number);
  /// The lines `score` shows: bounties completed, and each one held with its progress.
  std::string score_text(const character& ch) const;
  /// GMCP Char.Bounty: {"tasks": [{"n", "kind", "text", "progress", "count", "done", "silver", "xp", "day"}],
  /// "most_held", "completed"}.
  void send_gmcp(const character& ch);
  /// What `account` holds (nullptr when not in play).
  const bounty_book* book_of(std::int64_t account) const;

  // ---- deeds
  void won(const fight_won& fight) override;
  void reached(character&, int) override {}
  void arrived(character& ch, int depth) override;
  void opened(character& ch, int depth) override;
  void sold_scroll(character& ch, std::string_view effect) override;

 private:
  /// Adds `amount` to every unfinished task of `ch` that `counts`, telling `ch` of each.
  template <typename Counts>
  void advance(character& ch, int amount, Counts counts);
  /// `ch`'s book has changed from `before`: saved with this event, and put back if the event cannot be.
  void changed(const character& ch, const bounty_book& before);
  /// Forgets tasks turned in on a day before `day` (they no longer stop anyone taking them again).
  static void forget_past(bounty_book& book, std::int64_t day);
  /// Sorts the tasks as the boards listed them: by day, then by their number on it (the order they are
  /// stored and numbered in, so that a player's numbers stay the same across a restart).
  static void in_board_order(bounty_book& book);
  /// The tasks `ch` holds and has not turned in, in order: what show_own numbers.
  static std::vector<held_bounty*> open_tasks(bounty_book& book);
  std::string describe(const content::bounty_task& task) const;
  std::string progress_text(const held_bounty& held) const;

  const live_settings& settings_;
  const content_source& content_;
  roster& people_;
  output& out_;
  change_sink& changes_;
  services& services_;
  progression& levels_;
  std::unordered_map<std::int64_t, bounty_book> books_;  ///< by account, for characters in play
};

}  // namespace dw::game
