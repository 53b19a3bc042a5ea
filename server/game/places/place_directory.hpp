#pragma once

// The directory of places and who is where: the fixed rooms and the dungeon model (owned here) behind one
// notion of a place, the lookups, each dungeon room's interior (its words come from it), branch residency
// (a branch's rooms are read on a worker before play touches them), entering and leaving a room (occupancy
// and branch counts), saving a character's place, and marking a room clear. World thread only.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "content/room_interior.hpp"
#include "dungeon/dungeon.hpp"
#include "server/game/content_source.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/live_settings.hpp"
#include "server/game/places/place.hpp"
#include "server/game/places/room_hooks.hpp"
#include "server/game/places/static_rooms.hpp"
#include "server/game/roster/roster.hpp"
#include "server/game/services.hpp"
#include "server/game/storage/reads.hpp"

namespace dw::game {

/// The dungeon model's settings out of the server's (the [dungeon] keys).
dungeon::dungeon_settings dungeon_settings_of(const config::settings& s);

/// A lookup whose answer may lie in a branch not read into memory yet: then `load` says what to read (the
/// caller asks event_runner::defer_until_loaded for it and returns), and `found` is empty. Otherwise `found` is
/// the answer (nullopt: there is none).
template <class T>
struct lookup {
  std::optional<T> found;
  std::optional<load_request> load;
};

class place_directory {
 public:
  place_directory(live_settings& settings, const content_source& content, roster& people, change_sink& changes,
                  services& svc, const storage::world_snapshot& startup);
  place_directory(const place_directory&) = delete;
  place_directory& operator=(const place_directory&) = delete;
  /// What fills the rooms (set once, right after construction).
  void set_hooks(room_hooks& hooks) { hooks_ = &hooks; }

  // ---- one notion of a place
  /// The place at `where`, or nullopt if it does not exist (any more). Its branch must be in memory: where a
  /// character in play stands always is (event_loop asks needed_for before each line), and a place found by
  /// find_room is; any other caller asks needs_load first. (Reading a room of a branch not in memory is a bug
  /// the dungeon's loader reports: see resident_only_loader.)
  std::optional<place> at(const location& where);
  /// "The Village Square", "East branch 3 (1,2)".
  std::string where_text(const location& where);
  /// The place with this room id: a fixed room or one in a branch in memory; or, when it may be in a branch not
  /// read yet, the room to look up and read (once read, a room in no branch is answered "none").
  lookup<location> find_room(std::int64_t room_id);
  /// The place at a branch's grid position, if that room exists; or the branch to read first.
  lookup<location> find_room(std::int64_t branch, dungeon::coord at);
  /// A fixed room (the village square, the start room), or nullptr.
  const static_room* fixed_room(std::int64_t room_id) const { return rooms_.find(room_id); }
  /// The depth `ch` stands at (0 above and at the well).
  static int depth(const character& ch);
  /// Whether `ch` can see in its room: not in a dark band (rooms.toml) without a lantern carried.
  bool can_see(const character& ch) const;
  dungeon::dungeon& dungeon() { return *dungeon_; }

  // ---- interiors
  /// The interior of the dungeon room at `where`, made from its seed on first need and kept while it is in
  /// play; nullptr for the fixed rooms (and a room that no longer exists).
  std::shared_ptr<const content::room_interior> interior(const location& where);
  std::shared_ptr<const content::room_interior> interior(const dungeon::room& r, const dungeon::branch_info& b);
  /// A collapsed branch's interiors go with it.
  void forget_interiors(std::int64_t branch);

  // ---- who is where
  /// Puts `ch` into its room (and its branch's count). `record` saves the branch's occupancy; undo
  /// steps pass false.
  void enter(const character& ch, bool record = true);
  void leave(const character& ch, bool record = true);
  /// Saves a character's location and hit points (the caller registers the undo of what it changed).
  void save_character(const character& ch);
  /// The side of its room `account`'s character came in by (0 north .. 3 west; -1: not by a side, e.g. at
  /// login): where `survey` shows it standing, and the way a flight takes back. Walking sets it; in memory only.
  int arrived_side(std::int64_t account) const;
  void set_arrived_side(std::int64_t account, int side);
  /// `account`'s character has left play: the side it came in by is forgotten.
  void left_play(std::int64_t account) { arrived_sides_.erase(account); }

  // ---- the dungeon's changes
  /// Saves what the dungeon model changed (rooms, exits, counters), if anything.
  void persist_changes(const dungeon::change_set& changes);
  /// Whether a new room `mover` walks into starts clear (the hooks roll what it holds).
  bool decide_clear(const dungeon::room& r, const character& mover);
  /// Tests may override the decision of whether a new room starts clear.
  void set_clear_decider(std::function<bool(const dungeon::room&)> decide) { clear_decider_ = std::move(decide); }
  /// Marks a dungeon room clear (saved, and taken back if the event cannot be saved).
  void mark_clear(std::uint64_t branch, dungeon::coord at);

  // ---- branches in memory
  /// What to read before branch `b`'s rooms may be looked at: nothing when all are in memory (or `b` is 0 or
  /// unknown), else the branch.
  std::optional<load_request> needs_load(std::int64_t b) const;
  /// The same, for a caller that cannot meet a branch not in memory (the branch its actor stands in): throws
  /// std::logic_error if it does, which the event loop reports as a failed event (a bug, not a wait).
  void expect_in_memory(std::int64_t b) const;
  /// What to read before a line of `conn` runs: the branch its character stands in, if that is not in memory
  /// (load_target::needed_for).
  std::optional<load_request> needed_for(const connection& conn);
  /// A branch read from storage, put into memory (with what its rooms hold, through the hooks).
  void branch_loaded(const storage::branch_snapshot& snapshot);
  /// A room id asked for is in no branch: the next lookup of it answers "none" instead of reading again.
  void room_missing(std::int64_t room_id) { missing_rooms_.insert(room_id); }

 private:
  std::optional<place> fixed_place(std::int64_t room_id) const;
  std::optional<place> dungeon_place(const location& where);

  live_settings& settings_;
  const content_source& content_;
  roster& people_;
  change_sink& changes_;
  services& services_;
  room_hooks* hooks_ = nullptr;
  /// The dungeon's loader: rooms are never read on the world thread. Every caller makes sure a branch is in
  /// memory before it looks at its rooms (needs_load, and the line's actor's own branch checked by the event
  /// loop), so the dungeon model never asks; if it does, that is a bug, reported as a failed event.
  class resident_only_loader final : public dungeon::room_loader {
   public:
    std::optional<dungeon::room> load(dungeon::branch_id b, dungeon::coord) override;
  };
  resident_only_loader room_loader_;
  std::unique_ptr<dungeon::dungeon> dungeon_;
  static_rooms rooms_;
  std::unordered_set<std::int64_t> missing_rooms_;  ///< room ids a lookup found in no branch
  std::unordered_map<std::int64_t, int> arrived_sides_;  ///< by account id, of those in play; none: -1
  std::function<bool(const dungeon::room&)> clear_decider_;
  /// Interiors made so far, by room id; one is made again when its room's exits are on other sides now.
  struct cached_interior {
    std::shared_ptr<const content::room_interior> room;
    unsigned sides = 0;
    std::int64_t branch = 0;
  };
  std::unordered_map<std::int64_t, cached_interior> interiors_;
};

}  // namespace dw::game
