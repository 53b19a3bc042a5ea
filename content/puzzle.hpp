#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "content/content_tables.hpp"
#include "content/room_roll.hpp"
#include "content/tape.hpp"
#include "seed/mix64.hpp"

namespace dw::content {

/// Salt that turns a room's tape seed into its puzzle tape: the puzzle never reads the room's own
/// tape, so rooms roll their first values exactly as they did before puzzles existed.
inline constexpr std::uint64_t puzzle_salt = seed::golden_gamma ^ 0x52554e45ULL;  // "RUNE"

/// The puzzle tape of the room whose tape is `room_tape`. Read in order: the chance, the hint's
/// distance, its place on the ring at that distance, then one value per rune.
tape puzzle_tape(const tape& room_tape) noexcept;

/// Where on the puzzle tape a solved lock's reward scroll seeds start (one value each), far past the roll.
inline constexpr std::uint64_t puzzle_reward_index = 64;

/// A door of runes: pressed in `sequence` order (or the sequence spoken as one word) it opens.
struct rune_lock {
  std::vector<std::string> sequence;  ///< distinct rune names, in the order that opens the door
  std::int32_t hint_x = 0;            ///< where the solution is written (same branch)
  std::int32_t hint_y = 0;
  bool solved = false;

  /// "p1 <hint x> <hint y> <solved 0|1> <rune>..." (the room's stored contents).
  std::string encode() const;
  static std::optional<rune_lock> decode(std::string_view text);
  /// The word of opening: the runes in order run together ("sunmoonserpent").
  std::string word() const;
  /// The runes as the door shows them: sorted, so the door alone gives nothing away.
  std::vector<std::string> shown() const;
  bool operator==(const rune_lock&) const = default;
};

/// A wall with a lock's solution scratched into it.
struct rune_hint {
  std::int32_t lock_x = 0;
  std::int32_t lock_y = 0;
  std::vector<std::string> sequence;

  /// "h1 <lock x> <lock y> <rune>...".
  std::string encode() const;
  static std::optional<rune_hint> decode(std::string_view text);
  bool operator==(const rune_hint&) const = default;
};

/// The puzzles.toml row for `depth`, or nullptr above the first row.
const puzzle_depth* puzzle_depth_at(const puzzle_rules& rules, int depth) noexcept;

/// Whether the room at (x, y) and `depth` is a rune lock, and which: read from its puzzle tape only.
/// The hint's coordinate is the lock's plus an offset at a Manhattan distance within the table's range.
std::optional<rune_lock> roll_rune_lock(const content_tables& tables, const tape& room_tape, int depth, std::int32_t x,
                                        std::int32_t y);

/// A rolled room once puzzles are considered.
struct puzzle_roll {
  room_contents room;
  std::optional<rune_lock> lock;  ///< set when the room is a rune lock (room.event is rune_lock)
};

/// Rolls a new room (roll_room), then its puzzle. The hint goes on the first of hint_candidates (hint_places.hpp)
/// that is not the start room and that `taken(x, y)` does not refuse (a room, another hint, or only reached
/// through this lock there); a lock with no such place rolls as a monster room, with the values it read.
puzzle_roll roll_room_with_puzzle(const content_tables& tables, const tape& room_tape, int depth, std::int32_t x,
                                  std::int32_t y, carrier who,
                                  const std::function<bool(std::int32_t, std::int32_t)>& taken);

/// The room as a monster room: the monster and size values it read (tape values 2 and 3).
room_contents as_monster_room(const content_tables& tables, const tape& room_tape, int depth);

/// Runs of letters, lowercased and joined: "Sun, moon!" and "sunmoon" both give "sunmoon".
std::string letters_only(std::string_view text);

/// "sun, moon and serpent".
std::string rune_list(const std::vector<std::string>& runes);

}  // namespace dw::content
