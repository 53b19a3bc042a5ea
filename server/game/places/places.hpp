#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "server/game/content_source.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/live_settings.hpp"
#include "server/game/output/output.hpp"
#include "server/game/places/collapse.hpp"
#include "server/game/places/crowds.hpp"
#include "server/game/places/ground.hpp"
#include "server/game/places/interior_view.hpp"
#include "server/game/places/map_view.hpp"
#include "server/game/places/place.hpp"
#include "server/game/places/place_directory.hpp"
#include "server/game/places/room_hooks.hpp"
#include "server/game/places/room_view.hpp"
#include "server/game/places/steps.hpp"
#include "server/game/places/walking.hpp"
#include "server/game/progression/progression.hpp"
#include "server/game/roster/roster.hpp"
#include "server/game/services.hpp"
#include "server/game/storage/reads.hpp"

namespace dw::game {

/// The places part: the rooms, the fixed ones above the dungeon and the dungeon's own, as classes by
/// concept, built here in the order they take each other: the directory of places and who is where
/// (place_directory), crowds, what a place shows (interior_view, room_view, map_view), movement (walking)
/// and collapse (branch_collapse). This class holds them, wires what fills the rooms into them, and answers
/// the ports other parts take of places (ground for encounters, step_taker for groups, prompt_facts for
/// output, load_target for events) by handing each call to the class that owns it. No rule lives here.
/// World thread only.
class places final : public load_target, public prompt_facts, public step_taker, public ground {
 public:
  places(live_settings& settings, const content_source& content, roster& people, output& out, change_sink& changes,
         event_runner& events, services& svc, const storage::world_snapshot& startup)
      : directory(settings, content, people, changes, svc, startup),
        crowds(settings, people, out, changes, events, svc),
        insides(content, people, out, directory),
        view(settings, people, out, svc, directory, insides),
        maps(people, out, svc, *this),
        moves(people, out, changes, events, svc, directory, view, crowds, startup),
        collapses(people, out, changes, svc, directory, moves) {}
  places(const places&) = delete;
  places& operator=(const places&) = delete;

  /// What fills the rooms (set once, right after construction).
  void set_hooks(room_hooks& hooks) {
    directory.set_hooks(hooks);
    insides.set_hooks(hooks);
    view.set_hooks(hooks);
    moves.set_hooks(hooks);
    collapses.set_hooks(hooks);
  }
  /// Who hears of a new deepest depth reached, and whose standing Char.Status shows (set once).
  void set_progress(deeds& told, const progression& standing) {
    moves.set_deeds(told);
    view.set_progress(standing);
  }
  /// Who hears of every step walked (set once; the groups part, which moves followers).
  void set_step_watch(step_watch& watch) { moves.set_step_watch(watch); }
  /// `ch` has left play (after it has left its room): what places kept of it in memory is forgotten, the
  /// rooms it was shown and the side it came in by.
  void left_play(const character& ch) {
    view.left_play(ch.account_id);
    directory.left_play(ch.account_id);
  }

  // The classes, in the order they are built (each takes only those before it).
  place_directory directory;  ///< lookups, the dungeon model, interiors, residency, who is where
  game::crowds crowds;        ///< a crowded room's comings and goings, told together
  interior_view insides;      ///< survey, look at a room's parts, GMCP Room.Interior
  room_view view;             ///< room text, Room.Info, Room.Map, Char.Status, the prompt's exits
  map_view maps;              ///< the maps (read through ground)
  walking moves;              ///< walking, moving between rooms, the hall of fame
  branch_collapse collapses;  ///< branches that fall in

  // ---- load_target (events)
  void branch_loaded(const storage::branch_snapshot& snapshot) override { directory.branch_loaded(snapshot); }
  void room_missing(std::int64_t room_id) override { directory.room_missing(room_id); }
  std::optional<load_request> needed_for(const connection& conn) override { return directory.needed_for(conn); }

  // ---- prompt_facts (output: %d and %x in prompts)
  int depth(const character& ch) override { return place_directory::depth(ch); }
  void exits(const character& ch, std::string& out) override { view.exits(ch, out); }

  // ---- step_taker (groups)
  bool step_after(character& ch, exit_dir d, const location& leader_at) override {
    return moves.step_after(ch, d, leader_at);
  }

  // ---- ground (encounters)
  std::optional<place> at(const location& where) override { return directory.at(where); }
  std::optional<load_request> needs_load(std::int64_t b) override { return directory.needs_load(b); }
  void expect_in_memory(std::int64_t b) override { directory.expect_in_memory(b); }
  dungeon::dungeon& dungeon() override { return directory.dungeon(); }
  int arrived_side(const character& ch) override { return directory.arrived_side(ch.account_id); }
  void walk(connection& conn, character& ch, exit_dir d) override { moves.walk(conn, ch, d); }
  void move_character(character& ch, const location& to, std::string_view leave_text,
                      std::string_view arrive_text) override {
    moves.move_character(ch, to, leave_text, arrive_text);
  }
  void save_character(const character& ch) override { directory.save_character(ch); }
  void send_status(const character& ch) override { view.send_status(ch); }
  void mark_clear(std::uint64_t branch, dungeon::coord at) override { directory.mark_clear(branch, at); }
  void refresh_room_info(std::int64_t room_id) override { view.refresh_room_info(room_id); }
};

}  // namespace dw::game
