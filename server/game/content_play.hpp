#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "content/artefact_registry.hpp"
#include "content/fight_state.hpp"
#include "content/room_event.hpp"
#include "dungeon/coord.hpp"
#include "dungeon/room.hpp"
#include "server/game/item.hpp"
#include "server/game/storage/reads.hpp"
#include "server/store/records.hpp"

namespace dw::game {

class world;
class command_registry;
struct character;
struct connection;

/// Rooms made dangerous and rewarding: what each new room holds (from its random tape), fights,
/// items on the floor and in hands, scrolls. World thread only. The world calls its hooks; the
/// content layer (pure) decides every number.
class content_play {
 public:
  explicit content_play(world& w);

  /// Item ids continue after the highest one stored.
  void set_next_item_id(std::int64_t next) { next_item_id_ = next; }
  /// What lies in the static rooms, read at start-up.
  void restore_static_floors(const std::vector<store::item_record>& items);
  /// A branch's rooms' contents and floors, read from storage when the branch came into memory.
  void restore_branch(const storage::branch_snapshot& snapshot);

  // ---- hooks from the world and the dungeon
  /// Rolls a new room's contents from its tape (for the character walking in); returns whether it starts clear.
  bool decide_clear(const dungeon::room& r, const character* mover);
  /// Persists what decide_clear rolled for the room, and puts any find on its floor.
  void room_created(const dungeon::room& r);
  /// Lines describing the room's monsters and items.
  std::string room_extras(std::int64_t room_id, const character& viewer);
  bool in_combat(const character& ch) const;
  /// A character is leaving its room (walking, fleeing, quitting, dying): it leaves the fight there.
  void leave_room(const character& ch);
  /// A branch collapsed: forget its rooms' state.
  void forget_branch(std::uint64_t branch);
  /// Once a second: rest at the surface restores hit points.
  void tick();
  /// GMCP Char.Vitals for a character.
  void send_vitals(character& ch);

  /// Turns stored items into items in play.
  static item from_record(const store::item_record& rec);
  /// "a short sword", "a very ornate golden scroll tube".
  std::string item_name(const item& it) const;

  void register_commands(command_registry& registry);

  // ---- used by the commands (in content_commands.cpp)
  struct room_state {
    std::uint64_t branch = 0;
    content::room_event event = content::room_event::none;
    std::optional<content::fight_state> fight;  ///< monsters still in the room (alive or not yet fought)
    std::vector<std::int64_t> fighters;         ///< account ids in join order
    bool active = false;
    std::uint64_t generation = 0;  ///< guards round timers from an earlier fight
  };
  room_state* state_of(const character& ch);
  std::vector<item>& floor_of(std::int64_t room_id);
  void join_fight(character& ch, connection& conn);
  /// After a hot reboot: `ch` was fighting here, and the fight goes on (rounds start again on the timer).
  void resume_fight(character& ch, connection& conn);
  void flee(character& ch, connection& conn);
  /// Clears the room `ch` is in at once (administration); false outside the dungeon.
  bool clear_room(character& ch);
  void spawn_scroll(character& ch, connection& conn, std::optional<std::uint64_t> seed);
  std::int64_t new_item_id() { return next_item_id_++; }
  /// Saves where an item is: carried by `owner` (an account id) or lying in `room` (the other is 0).
  void persist_item(const item& it, std::int64_t owner, std::int64_t room);
  /// If the event cannot be saved, the new item `item_id` put on the floor of `room_id` goes again.
  void undo_new_floor_item(std::int64_t room_id, std::int64_t item_id);
  const content::artefact_registry& artefacts() const { return artefacts_; }
  world& owner() { return world_; }

 private:
  void schedule_round(std::int64_t room_id, std::uint64_t generation);
  void fight_round(std::int64_t room_id);
  void win(std::int64_t room_id, room_state& state, const character& any_fighter,
           const std::vector<std::uint64_t>& scroll_seeds, const std::optional<std::string>& item_key);
  void knock_out(character& ch);
  /// Marks a dungeon room clear (saved, and taken back if the event cannot be saved).
  void mark_clear(std::uint64_t branch, dungeon::coord at);
  void save_contents(std::int64_t room_id, const room_state& state);
  std::string monsters_text(const room_state& state) const;

  world& world_;
  content::artefact_registry artefacts_;
  std::unordered_map<std::int64_t, room_state> rooms_;
  std::unordered_map<std::int64_t, std::vector<item>> floors_;
  std::unordered_map<std::int64_t, room_state> rolled_;  ///< decided by decide_clear, persisted by room_created
  std::int64_t next_item_id_ = 1;
  std::int64_t rest_counter_ = 0;
};

}  // namespace dw::game
