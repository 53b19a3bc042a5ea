#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace dw::game {

/// Rows of a window `width` columns wide that `laid_out` (wrapped and rendered text, "\n" line ends)
/// takes, counting no further than `limit` + 1. Pure.
std::size_t rows_of(std::string_view laid_out, std::size_t width, std::size_t limit);

/// Where the first page of `laid_out` ends in a window of `rows` rows and `width` columns: the byte
/// after the last whole line that fits (at least one line, however long), or npos when all of it fits.
/// A line longer than the window takes as many rows as the terminal wraps it into. Pure.
std::size_t page_end(std::string_view laid_out, std::size_t rows, std::size_t width);

/// Output longer than a window, held back a page at a time: output's own table, keyed by connection id
/// (the connection struct holds nothing of it). What is held is laid out already for that connection.
/// Changes made during an event are taken back with the event (discard_event), so a line that runs again
/// after a branch has loaded finds the pager as it was. World thread only.
class pager {
 public:
  /// True when nobody is paging and nothing changed this event: the caller's fast path.
  bool idle() const { return held_.empty() && before_.empty(); }
  /// `conn` has text held back.
  bool paging(std::uint64_t conn) const { return !held_.empty() && held_.contains(conn); }
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

  std::unordered_map<std::uint64_t, held_text> held_;
  std::vector<std::pair<std::uint64_t, std::optional<held_text>>> before_;  ///< this event's undo, oldest first
};

}  // namespace dw::game
