#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "content/room_interior.hpp"
#include "dungeon/dungeon.hpp"
#include "server/game/content_source.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/live_settings.hpp"
#include "server/game/output/output.hpp"
#include "server/game/places/crowds.hpp"
#include "server/game/places/ground.hpp"
#include "server/game/places/map_view.hpp"
#include "server/game/places/hall_of_fame.hpp"
#include "server/game/places/place.hpp"
#include "server/game/places/room_hooks.hpp"
#include "server/game/places/steps.hpp"
#include "server/game/progression/progression.hpp"
#include "server/game/places/static_rooms.hpp"
#include "server/game/roster/roster.hpp"
#include "server/game/services.hpp"
#include "server/game/storage/reads.hpp"

namespace dw::game {

/// The rooms: the fixed ones above the dungeon and the dungeon's own, behind one notion of a place
/// (what it looks like, its exits, who may enter, entering and leaving). It owns the dungeon model and
/// brings branches into memory ahead of play. World thread only.
class places final : public load_target, public prompt_facts, public step_taker, public ground {
 public:
  places(live_settings& settings, const content_source& content, roster& people, output& out, change_sink& changes,
         event_runner& events, services& svc, const storage::world_snapshot& startup);
  places(const places&) = delete;
  places& operator=(const places&) = delete;
  /// What fills the rooms (set once, right after construction).
  void set_hooks(room_hooks& hooks) { hooks_ = &hooks; }
  /// Who hears of a new deepest depth reached, and whose standing Char.Status shows (set once).
  void set_progress(deeds& told, const progression& standing) {
    deeds_ = &told;
    progress_ = &standing;
  }
  /// Who hears of every step walked (set once; the groups part, which moves followers).
  void set_step_watch(step_watch& watch) { steps_ = &watch; }

  // ---- one notion of a place
  /// The place at `where`, or nullopt if it does not exist (any more). Throws storage::load_needed when
  /// its branch is not in memory yet.
  std::optional<place> at(const location& where) override;
  /// "The Village Square", "East branch 3 (1,2)".
  std::string where_text(const location& where);
  /// The place with this room id, if it is a fixed room or in a branch in memory. Throws
  /// storage::load_needed(0, id) when it may be in a branch not read yet.
  std::optional<location> find_room(std::int64_t room_id);
  /// The place at a branch's grid position, if that room exists.
  std::optional<location> find_room(std::int64_t branch, dungeon::coord at);

  // ---- what a person sees
  /// The whole room as `viewer` sees it (marked with styles; in words in screen-reader mode).
  std::string room_text(const character& viewer);
  /// GMCP Room.Info for the room `viewer` is in.
  std::string room_info_json(const character& viewer);
  /// Sends the room's text, what lies on its floor (GMCP Char.Items.List "room", through the hooks) and
  /// its Room.Info; in brief mode a room seen before shows its title and exits only, unless `full` (look).
  void show_room(const character& ch, bool full = false);
  void send_room_info(const character& ch);
  /// GMCP Room.Map to `ch` (in a branch, to a client that asked for Room): the known rooms around it in the
  /// shape of Room.Info entries ({"area", "rooms": [{"num", "coords", "clear", "exits"}]}, no names), so a
  /// client that has just logged in draws what is known of the branch, not only the room it stands in.
  void send_room_map(const character& ch);
  /// Everyone in the room gets a fresh Room.Info (it was cleared, or its exits changed).
  void refresh_room_info(std::int64_t room_id) override;
  /// GMCP Char.Status: {"name", "role", "depth", "branch", "silver", "deepest"} (branch: "" in the fixed
  /// rooms). Sent on entry and whenever one of them changes (a move to another depth or branch, a new
  /// role, silver spent or earned).
  void send_status(const character& ch) override;
  /// The maps: around a character, spoken, and a whole branch (map_view.hpp).
  game::map_view maps;

  // ---- interiors (interiors.cpp)
  /// The interior of the dungeon room at `where`, made from its seed on first need and kept while it is in
  /// play; nullptr for the fixed rooms (and a room that no longer exists).
  std::shared_ptr<const content::room_interior> interior(const location& where);
  /// `survey`: the room's interior drawn as text with a legend, or said in words in screen-reader mode.
  std::string survey(const character& ch);
  /// What `look <words>` sees of the room's tiles (water, pillars, walls, doors), if the room has any.
  std::optional<std::string> look_at_interior(const character& ch, std::string_view words);
  /// GMCP Room.Interior for `ch`'s room: the tile rows, their legend, doors, things and where `ch` stands
  /// ("{}" outside the dungeon).
  std::string room_interior_json(const character& ch);

  // ---- prompt_facts (for %d and %x in prompts)
  int depth(const character& ch) override;
  void exits(const character& ch, std::string& out) override;

  // ---- coming and going
  /// Walks `ch` one step, with every refusal explained (walking.cpp); the step_watch hears of a step made.
  void walk(connection& conn, character& ch, exit_dir d) override;
  /// step_taker: walk() for someone following another, into the leader's branch from the well (walking.cpp).
  bool step_after(character& ch, exit_dir d, const location& leader_at) override;
  /// Moves `ch` to `to`, telling both rooms, saving the new location and showing the room. Taken back
  /// if the event cannot be saved.
  void move_character(character& ch, const location& to, std::string_view leave_text,
                      std::string_view arrive_text) override;
  /// The same for a walk: in a room holding more than game.crowd_size people (or one whose batch is already
  /// gathering) the leaving and arriving join the room's batch, told once game.crowd_flush_ms has passed
  /// (crowds.cpp).
  void move_character(character& ch, const location& to, const passing& leaving, const passing& arriving);
  /// Who comes and goes in each room, as the room hears it: moves tell it, and so do logins and quits.
  game::crowds crowds;
  /// Puts `ch` into its room (and its branch's count). `record` saves the branch's occupancy; undo
  /// steps pass false.
  void enter(const character& ch, bool record = true);
  void leave(const character& ch, bool record = true);
  /// Saves a character's location and hit points (the caller registers the undo of what it changed).
  void save_character(const character& ch) override;
  /// The board by the well: the greatest depths reached, kept up to date by move_character.
  const hall_of_fame& fame() const { return fame_; }
  /// Whether `ch` can see in its room: not in a dark band (rooms.toml) without a lantern carried.
  bool can_see(const character& ch);

  // ---- branches
  /// Throws storage::load_needed unless every room of branch `b` is in memory (an unknown branch is fine).
  void require_branch(std::int64_t b) override;
  void branch_loaded(const storage::branch_snapshot& snapshot) override;
  void room_missing(std::int64_t room_id) override { missing_rooms_.insert(room_id); }
  /// Marks a dungeon room clear (saved, and taken back if the event cannot be saved).
  void mark_clear(std::uint64_t branch, dungeon::coord at) override;
  /// Collapses branches that have been empty long enough; tells nobody (nobody is inside).
  void collapse_idle();
  /// Collapses one branch now; with `evacuate`, characters inside are first moved to the well. Returns how
  /// many were moved.
  int collapse(dungeon::branch_id b, bool evacuate);

  dungeon::dungeon& dungeon() override { return *dungeon_; }
  /// Tests may override the decision of whether a new room starts clear.
  void set_clear_decider(std::function<bool(const dungeon::room&)> decide) { clear_decider_ = std::move(decide); }

 private:
  std::string room_text(const character& viewer, const std::optional<place>& here, bool brief = false);
  /// How much of a room a person is shown: all of it, its title and exits (brief), or what the dark allows.
  enum class room_mode : std::uint8_t { full, brief, dark };
  /// The part of a room's text that only the room decides (room_view.cpp): its title, where it is, its
  /// description and, unless `spoken`, its exits; in brief and dark mode the whole text.
  static std::string room_head(const place& here, bool spoken, room_mode mode);
  /// The rest of a full room's text: what it holds, footprints by the well, who is here, and when `spoken`
  /// the exits.
  std::string room_tail(const character& viewer, const place& here, bool spoken);
  /// After a brief room's head: in a room not cleared yet, what it holds (what blocks the way), else "".
  std::string brief_tail(const character& viewer, const place& here);
  /// room_head laid out for `conn`, kept from the last time it was made for this room, mode and layout
  /// unless the room has changed since (room_view.cpp).
  const std::string& laid_out_head(const connection& conn, const place& here, bool spoken, room_mode mode);
  /// "Here: Ann, Bob and 2,997 others.\n" (in screen-reader mode one "Ann is here." a line, then "And 2,997
  /// others are here."): the others in `viewer`'s room, at most game.crowd_names of them named.
  std::string people_here(const character& viewer, bool spoken);
  static std::string room_info_json(const std::optional<place>& here);
  /// The depth and branch name Char.Status reports for a location.
  std::pair<int, std::string> status_of(const location& where);
  std::optional<place> fixed_place(std::int64_t room_id) const;
  std::optional<place> dungeon_place(const location& where);
  bool decide_clear(const dungeon::room& r, const character& mover);
  void persist_changes(const dungeon::change_set& changes);
  /// One step, told to the step_watch when it was made; `into` (a step after a leader): the room a passage
  /// from the well leads to. Returns whether `ch` moved.
  bool step(connection& conn, character& ch, exit_dir d, const location* into);
  bool walk_fixed(connection& conn, character& ch, exit_dir d, const location* into);
  bool walk_branch(connection& conn, character& ch, exit_dir d);
  /// Joins `into`'s branch from the well by start exit `d`, when that is where the exit leads (false: it
  /// does not, and nothing happened).
  bool join_branch(connection& conn, character& ch, exit_dir d, const location& into);
  std::shared_ptr<const content::room_interior> interior(const dungeon::room& r, const dungeon::branch_info& b);
  /// A collapsed branch's interiors go with it.
  void forget_interiors(std::int64_t branch);

  live_settings& settings_;
  const content_source& content_;
  roster& people_;
  output& out_;
  change_sink& changes_;
  event_runner& events_;
  services& services_;
  room_hooks* hooks_ = nullptr;
  deeds* deeds_ = nullptr;
  const progression* progress_ = nullptr;
  step_watch* steps_ = nullptr;
  hall_of_fame fame_;
  /// The dungeon's loader: rooms are never read on the world thread, so a miss on a branch that is not
  /// fully in memory asks for it to be loaded (see storage::load_needed).
  class resident_only_loader final : public dungeon::room_loader {
   public:
    std::optional<dungeon::room> load(dungeon::branch_id b, dungeon::coord) override {
      throw storage::load_needed(static_cast<std::int64_t>(b));
    }
  };
  resident_only_loader room_loader_;
  std::unique_ptr<dungeon::dungeon> dungeon_;
  static_rooms rooms_;
  std::unordered_set<std::int64_t> missing_rooms_;  ///< room ids a lookup found in no branch
  std::function<bool(const dungeon::room&)> clear_decider_;
  /// Interiors made so far, by room id; one is made again when its room's exits are on other sides now.
  struct cached_interior {
    std::shared_ptr<const content::room_interior> room;
    unsigned sides = 0;
    std::int64_t branch = 0;
  };
  std::unordered_map<std::int64_t, cached_interior> interiors_;
  /// Room heads laid out, by room id, spoken and mode (head_key in room_view.cpp). An entry keeps the
  /// place it was made from and is made again when the room shown differs from it in anything its head
  /// shows (a changed description, exit or clear flag), so no change has to remember to drop it. `look`
  /// then costs the people and things in the room, not wrapping and colouring the same description again.
  struct cached_head {
    place face;          ///< the room as it was when `styled` was made
    std::string styled;  ///< room_head(face, ...), with style markup
    std::vector<std::pair<layout_key, std::string>> layouts;  ///< `styled` laid out, for a few layouts
  };
  std::unordered_map<std::uint64_t, cached_head> heads_;
};

}  // namespace dw::game
