#pragma once

// What the encounters part (fights, rest, puzzles, wanderers, what rooms hold) asks of places: the ground
// its rooms stand on. Places implement it; encounters take it instead of the places class, so that a
// test builds fights or puzzles alone on a fake ground, and a change inside places does not reach them.
#include <cstdint>
#include <optional>
#include <string_view>

#include "dungeon/dungeon.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/location.hpp"
#include "server/game/places/place.hpp"
#include "server/game/roster/character.hpp"
#include "server/game/roster/connection.hpp"

namespace dw::game {

class ground {
 public:
  /// The place at `where`, or nullopt if it does not exist (any more). Its branch must be in memory (where a
  /// character in play stands always is; otherwise ask needs_load first).
  virtual std::optional<place> at(const location& where) = 0;
  /// The depth `ch` stands at (0 above and at the well).
  virtual int depth(const character& ch) = 0;
  /// What to read before branch `b`'s rooms may be looked at (nothing when all are in memory, or `b` is 0 or
  /// unknown): the caller asks event_runner::defer_until_loaded for it and returns.
  virtual std::optional<load_request> needs_load(std::int64_t b) = 0;
  /// For a caller that cannot meet a branch not in memory (its actor's own): throws std::logic_error if it does.
  virtual void expect_in_memory(std::int64_t b) = 0;
  /// The dungeon model: the branches' rooms in memory, their exits and seeds.
  virtual dungeon::dungeon& dungeon() = 0;

  /// The side of its room `ch` came in by (0 north .. 3 west; -1: not by a side): the way back it flees by.
  virtual int arrived_side(const character& ch) = 0;

  /// Walks `ch` one step, with every refusal explained, as if it had typed the direction (fleeing). Like
  /// move_character, a step made calls back into the room hooks (room_hooks::leave_room; arrived on entering a
  /// dungeon room).
  virtual void walk(connection& conn, character& ch, exit_dir d) = 0;
  /// Moves `ch` to `to`, telling both rooms, saving the new location and showing the room (a knock-out).
  /// It calls room_hooks::leave_room for `ch` first (so fights hear of it even when the caller already
  /// took `ch` out of its fight). Taken back if the event cannot be saved.
  virtual void move_character(character& ch, const location& to, std::string_view leave_text,
                              std::string_view arrive_text) = 0;
  /// Saves a character's location and hit points (the caller registers the undo of what it changed).
  virtual void save_character(const character& ch) = 0;
  /// GMCP Char.Status again to `ch` (its silver changed).
  virtual void send_status(const character& ch) = 0;

  /// Marks a dungeon room clear (saved, and taken back if the event cannot be saved).
  virtual void mark_clear(std::uint64_t branch, dungeon::coord at) = 0;
  /// Everyone in the room gets a fresh Room.Info (it was cleared, or its exits changed).
  virtual void refresh_room_info(std::int64_t room_id) = 0;

 protected:
  ~ground() = default;
};

}  // namespace dw::game
