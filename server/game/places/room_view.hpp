#pragma once

// What a person sees of a place: the room's text (styled; in words in screen-reader mode; brief on a
// revisit; dark without a light), GMCP Room.Info, Room.Map and Char.Status, and the prompt's depth and
// exits. It keeps the rooms' heads laid out (its own cache, by room) and the rooms each person in play has
// been shown (for brief mode). World thread only.
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "server/game/live_settings.hpp"
#include "server/game/output/output.hpp"
#include "server/game/places/interior_view.hpp"
#include "server/game/places/place_directory.hpp"
#include "server/game/places/room_hooks.hpp"
#include "server/game/progression/progression.hpp"
#include "server/game/roster/roster.hpp"
#include "server/game/services.hpp"

namespace dw::game {

class room_view {
 public:
  room_view(const live_settings& settings, roster& people, output& out, services& svc, place_directory& rooms,
            interior_view& insides)
      : settings_(settings), people_(people), out_(out), services_(svc), rooms_(rooms), insides_(insides) {}
  room_view(const room_view&) = delete;
  room_view& operator=(const room_view&) = delete;
  /// What fills the rooms, and whose standing Char.Status shows (set once, right after construction).
  void set_hooks(room_hooks& hooks) { hooks_ = &hooks; }
  void set_progress(const progression& standing) { progress_ = &standing; }

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
  void refresh_room_info(std::int64_t room_id);
  /// GMCP Char.Status: {"name", "role", "depth", "branch", "silver", "deepest"} (branch: "" in the fixed
  /// rooms). Sent on entry and whenever one of them changes (a move to another depth or branch, a new
  /// role, silver spent or earned).
  void send_status(const character& ch);
  /// The depth and branch name Char.Status reports for a location.
  std::pair<int, std::string> status_of(const location& where);
  /// The prompt's %x: the exits' letters, "?" after an unexplored one ("-": none, or not in memory yet).
  void exits(const character& ch, std::string& out);
  /// `account`'s character has left play: the rooms it was shown are forgotten (the next session shows each in
  /// full again, brief mode or not).
  void left_play(std::int64_t account) { rooms_seen_.erase(account); }

 private:
  std::string room_text(const character& viewer, const std::optional<place>& here, bool brief = false);
  /// How much of a room a person is shown: all of it, its title and exits (brief), or what the dark allows.
  enum class room_mode : std::uint8_t { full, brief, dark };
  /// The part of a room's text that only the room decides: its title, where it is, its description and,
  /// unless `spoken`, its exits; in brief and dark mode the whole text.
  static std::string room_head(const place& here, bool spoken, room_mode mode);
  /// The rest of a full room's text: what it holds, footprints by the well, who is here, and when `spoken`
  /// the exits.
  std::string room_tail(const character& viewer, const place& here, bool spoken);
  /// After a brief room's head: in a room not cleared yet, what it holds (what blocks the way), else "".
  std::string brief_tail(const character& viewer, const place& here);
  /// room_head laid out for `conn`, kept from the last time it was made for this room, mode and layout
  /// unless the room has changed since.
  const std::string& laid_out_head(const connection& conn, const place& here, bool spoken, room_mode mode);
  /// "Here: Ann, Bob and 2,997 others.\n" (in screen-reader mode one "Ann is here." a line, then "And 2,997
  /// others are here."): the others in `viewer`'s room, at most game.crowd_names of them named.
  std::string people_here(const character& viewer, bool spoken);
  static std::string room_info_json(const std::optional<place>& here);

  const live_settings& settings_;
  roster& people_;
  output& out_;
  services& services_;
  place_directory& rooms_;
  interior_view& insides_;
  room_hooks* hooks_ = nullptr;
  const progression* progress_ = nullptr;
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
  /// The rooms each character in play has been shown this session, by account id (brief mode shortens them on
  /// a revisit). In memory only: a take-over keeps them, leaving play forgets them.
  std::unordered_map<std::int64_t, std::unordered_set<std::int64_t>> rooms_seen_;
};

}  // namespace dw::game
