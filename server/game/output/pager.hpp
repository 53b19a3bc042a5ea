#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "server/game/roster/roster.hpp"

namespace dw::game {

/// Rows of a window `width` columns wide that `laid_out` (wrapped and rendered text, "\n" line ends)
/// takes, counting no further than `limit` + 1. Pure.
std::size_t rows_of(std::string_view laid_out, std::size_t width, std::size_t limit);

/// Where the first page of `laid_out` ends in a window of `rows` rows and `width` columns: the byte
/// after the last whole line that fits (at least one line, however long), or npos when all of it fits.
/// A line longer than the window takes as many rows as the terminal wraps it into. Pure.
std::size_t page_end(std::string_view laid_out, std::size_t rows, std::size_t width);

/// Whether output longer than a person's window is cut into pages for them, and if not, why not.
enum class paging : std::uint8_t { on, off_by_choice, off_screen_reader, off_web_client };

/// Output longer than a window (NAWS height, 24 lines if unknown), held back a page at a time, each followed
/// by a --More-- prompt: which text is cut into pages, that prompt, the answers to it, and the text held back
/// in a table of its own, keyed by connection id (the connection struct holds nothing of it). What is held
/// is laid out already for that connection. Changes made during an event are taken back with the event
/// (discard_event), so a line that runs again after a branch has loaded finds the pager as it was. Output
/// holds the pager and hands it the text it has laid out; the pager writes it to the port. World thread only.
class pager {
 public:
  /// `people`: who plays a connection (asked only when text is longer than the window).
  explicit pager(const roster& people) : people_(people) {}
  pager(const pager&) = delete;
  pager& operator=(const pager&) = delete;

  // ---- a connection's text
  /// Whether the pager works for `conn` played by `ch`, and if not, why not.
  static paging mode(const connection& conn, const character& ch);
  /// Writes laid-out text to `conn`: at once when it fits the window (or the pager is off for it), else its
  /// first page, holding the rest; behind what is held when paging began during this event.
  void write(connection& conn, std::string_view laid_out);
  /// What a line typed while paging was.
  enum class reply : std::uint8_t {
    for_commands,  ///< not paging, or another command (the paging ended): the line is the commands'
    next_page,     ///< Enter (or blanks): the next page was appended to `page`
    stopped,       ///< q: the rest was dropped
  };
  /// Answers a line `conn` typed. Costs nothing when nobody is paging.
  reply answer(const connection& conn, std::string_view line, std::string& page);
  /// Appends the --More-- prompt for `conn` (how many rows it still holds) to `out`.
  void more_prompt(const connection& conn, std::string& out) const;

  // ---- the table
  /// True when nobody is paging and nothing changed this event: the caller's fast path.
  bool idle() const { return held_.empty() && before_.empty(); }
  /// `conn` has text held back.
  bool holds(std::uint64_t conn) const { return !held_.empty() && held_.contains(conn); }
  /// Output to `conn` goes behind what is held: its paging started during this event, so what follows
  /// in the same event belongs after it.
  bool filling(std::uint64_t conn) const;

  /// Holds `rest` for `conn` (replacing anything held before); more of this event's output joins it.
  void hold(std::uint64_t conn, std::string rest);
  /// Appends to what `conn` holds (this event's output after a page).
  void append(std::uint64_t conn, std::string_view more);
  /// Appends the next page of what `conn` holds to `out`, for a window of `rows` rows and `width`
  /// columns; paging ends when that was the last of it.
  void next_page(std::uint64_t conn, std::size_t rows, std::size_t width, std::string& out);
  /// Rows of what `conn` still holds (for the --More-- prompt), counting at most to `limit`.
  std::size_t rows_left(std::uint64_t conn, std::size_t width, std::size_t limit) const;
  /// Drops what `conn` holds.
  void stop(std::uint64_t conn);

  /// The event ended and its output left: what it changed stands.
  void end_event();
  /// The event was taken back: every change it made is undone.
  void discard_event();
  /// The connection has gone.
  void forget(std::uint64_t conn);

 private:
  struct held_text {
    std::string text;
    std::size_t at = 0;  ///< where the next page starts
    bool filling = false;
  };
  /// Keeps `conn`'s state as it was before this event's first change to it (for discard_event).
  void remember(std::uint64_t conn);

  const roster& people_;
  std::unordered_map<std::uint64_t, held_text> held_;
  std::vector<std::pair<std::uint64_t, std::optional<held_text>>> before_;  ///< this event's undo, oldest first
};

}  // namespace dw::game
