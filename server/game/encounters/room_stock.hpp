#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "content/artefact_registry.hpp"
#include "content/fight_state.hpp"
#include "content/fighter.hpp"
#include "content/room_event.hpp"
#include "content/tape.hpp"
#include "dungeon/room.hpp"
#include "server/game/content_source.hpp"
#include "server/game/encounters/fight_table.hpp"
#include "server/game/encounters/rune_locks.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/live_settings.hpp"
#include "server/game/places/ground.hpp"
#include "server/game/places/room_hooks.hpp"
#include "server/game/roster/item.hpp"
#include "server/game/storage/reads.hpp"

namespace dw::game {

/// What each room holds: its event and monsters (rolled from the room's random tape when it is
/// discovered), the items on its floor, and the items themselves (names, ids, saving). The monsters rolled
/// with a new room or read with a branch go to the fights' table (fight_table), a rune lock or hint to the
/// puzzles' (rune_locks). Named apart from content::room_contents, the roll of one room that it makes.
/// World thread only.
class room_stock {
 public:
  /// What every part may read of a dungeon room: its branch and its event. (Its fight is the fights'
  /// table's, its rune lock or hint the puzzles'.)
  struct room_state {
    std::uint64_t branch = 0;
    content::room_event event = content::room_event::none;
  };

  room_stock(const live_settings& settings, const content_source& content, change_sink& changes, ground& where,
             rune_locks& locks, fight_table& fights, const storage::world_snapshot& startup);

  /// A branch's rooms' contents and floors, read from storage when the branch came into memory.
  void restore_branch(const storage::branch_snapshot& snapshot);
  /// Rolls a new room's contents (for the character walking in); returns whether it starts clear.
  bool decide_clear(const dungeon::room& r, const character* mover);
  /// Saves what decide_clear rolled for the room, and puts any find on its floor.
  void room_created(const dungeon::room& r);
  /// Lines describing the room's monsters and items.
  std::string room_extras(std::int64_t room_id, const character& viewer);
  /// The same as marks on the room's interior: the monsters (if any still stand), then each thing on the floor.
  std::vector<interior_mark> interior_marks(std::int64_t room_id, const character& viewer);
  /// A branch collapsed: forget its rooms' state.
  void forget_branch(std::uint64_t branch);

  /// The state of the dungeon room `ch` is in (nullptr in the fixed rooms).
  room_state* state_of(const character& ch);
  room_state* find_state(std::int64_t room_id);
  /// Whether wanderers keep out of the room (appearing, walking in, attacking): its own monsters still stand,
  /// or it keeps a rune door or its hint in its stored contents, which a wanderer's fight would overwrite.
  /// False for a room whose contents are not in memory.
  bool keeps_wanderers_out(std::int64_t room_id) const;
  std::vector<item>& floor_of(std::int64_t room_id);
  /// What lies inside a container (a fallen pack) by its id; not on any floor.
  std::vector<item>& inside(std::int64_t container_id) { return inside_[container_id]; }
  const std::vector<item>* inside_of(std::int64_t container_id) const;
  /// Takes everything out of a container (it is then forgotten).
  std::vector<item> empty_out(std::int64_t container_id);
  /// Forgets what a container holds, as empty_out does without handing it over (the undo of a new pack filled).
  void forget_contents(std::int64_t container_id) { inside_.erase(container_id); }
  /// "a goblin", "three large rats" ("" once they are all down).
  std::string monsters_text(const content::fight_state& monsters) const;
  /// The monsters of the room `ch` is in when they still stand, or nullptr (reads the branch first, as
  /// state_of does).
  const room_fight* standing_fight(const character& ch);
  /// Saves a known room's event and its stored contents: its fight from the fights' table if there is one,
  /// else the rune lock or hint the puzzles' table holds for it. (Wanderers keep out of lock and hint rooms,
  /// so a fight never hides a lock.)
  void save_contents(std::int64_t room_id);

  // ---- items
  /// Turns stored items into items in play.
  static item from_record(const storage::item_record& rec);
  /// "a short sword", "a very ornate golden scroll tube".
  std::string item_name(const item& it) const;
  /// What a generated artefact is: the one it was made as, or (for one not made yet: stored before
  /// artefacts were kept) made now from today's tables and kept in the item. nullptr for gear, supplies and
  /// packs, and for an unknown artefact type.
  std::shared_ptr<const content::artefact> artefact_of(const item& it) const;
  /// What an item weighs: gear and supplies from their tables, an artefact as it was made (its parts'
  /// pounds), a fallen pack nothing of its own.
  double pounds_of(const item& it) const;
  std::int64_t new_item_id() { return next_item_id_++; }
  /// Saves where an item is: carried by `owner` (an account id) or lying in `room` (the other is 0).
  void persist_item(const item& it, std::int64_t owner, std::int64_t room);
  /// Puts a new item on a room's floor (saved; gone again if the event cannot be saved).
  void drop_new(item it, std::int64_t room_id);
  /// What drop_loot put down: "  <name>\n" for each item (for the text that announces them), and the
  /// items themselves (for GMCP Char.Items, sent after that text).
  struct dropped_loot {
    std::string text;
    std::vector<item> items;
  };
  /// Puts loot on a room's floor with drop_new, in order, giving an id to each item that has none yet.
  dropped_loot drop_loot(std::vector<item> loot, std::int64_t room_id);
  /// A new scroll (from `seed`, or one derived from the world seed and its id), lying in `room_id`.
  item make_scroll(std::optional<std::uint64_t> seed);
  const content::artefact_registry& artefacts() const { return artefacts_; }
  /// The random tape of room (x, y) of `branch` (a branch id): room_tape with the branch's stored tape key.
  content::tape tape_of(std::uint64_t branch, std::int32_t x, std::int32_t y) const;
  const content::content_tables& tables() const { return content_.get(); }

 private:
  /// The undo of drop_new: the item `item_id` is taken off the floor of `room_id` again (if the floor is known).
  void take_back_new(std::int64_t room_id, std::int64_t item_id);

  const live_settings& settings_;
  const content_source& content_;
  change_sink& changes_;
  ground& ground_;
  rune_locks& locks_;     ///< a new room's lock or hint goes there; a room without a fight stores what it holds
  fight_table& fights_;   ///< a new room's monsters go there; a room with a fight stores it
  content::artefact_registry artefacts_;
  std::unordered_map<std::int64_t, room_state> rooms_;
  std::unordered_map<std::int64_t, std::vector<item>> floors_;
  std::unordered_map<std::int64_t, std::vector<item>> inside_;  ///< container id -> what it holds
  /// What decide_clear rolled for a new room, kept until room_created saves it: the room's state, its
  /// monsters that go to the fights' table and the lock or hint that goes to the puzzles'.
  struct rolled_room {
    room_state state;
    std::optional<content::fight_state> monsters;
    std::optional<content::rune_lock> lock;
    std::optional<content::rune_hint> hint;
  };
  std::unordered_map<std::int64_t, rolled_room> rolled_;
  std::int64_t next_item_id_ = 1;
  /// The room rolled at `r`, puzzles considered; fills `rolled` and returns the content roll.
  content::room_contents roll_new_room(const dungeon::room& r, const content::carrier& who, rolled_room& rolled);
};

/// A room's random tape: every roll about the room (contents, fight rounds) is drawn from it. `tape_key` is its
/// branch's (dungeon::branch_info::tape_key): the branch's own seed, or the id for branches stored before
/// issue 28. room_stock::tape_of finds it from a branch id.
content::tape room_tape(const config::settings& s, std::uint64_t tape_key, std::int32_t x, std::int32_t y);
/// room_tape of room (x, y) of `branch` (a branch id), with the branch's stored tape key from `d`'s branch table.
content::tape tape_in_branch(const config::settings& s, const dungeon::dungeon& d, std::uint64_t branch, std::int32_t x,
                             std::int32_t y);

}  // namespace dw::game
