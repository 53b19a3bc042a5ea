#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "server/game/live_settings.hpp"
#include "server/game/output/colour.hpp"
#include "server/game/output/pager.hpp"
#include "server/game/output/prompt.hpp"
#include "server/game/roster/roster.hpp"

namespace dw::game {

/// The players' own settings that change how output looks (keys of `preferences`; "on"/"off", or a
/// prompt's format). An absent key means the default described with each.
namespace pref {
/// Colour: "on" (at least 16 colours), "off"; default: what the client reports, but off in screen-reader mode.
inline constexpr std::string_view colour = "colour";
/// Screen-reader mode: "on", "off"; default: the client's MTTS screen-reader bit.
inline constexpr std::string_view screen_reader = "screenreader";
/// Brief room descriptions on revisits: "on"; default off.
inline constexpr std::string_view brief = "brief";
/// The prompt's format (see expand_prompt); default: default_prompt / default_screen_reader_prompt.
inline constexpr std::string_view prompt = "prompt";
/// The pager (output longer than the window waits behind --More--): "off"; default on, but never in
/// screen-reader mode or in a WebSocket client (see pager_state).
inline constexpr std::string_view pager = "pager";
}  // namespace pref

/// How one person is shown things, from their client and their own settings.
struct view {
  colour_depth colour = colour_depth::none;
  colour_depth client_colour = colour_depth::none;  ///< what the client reports it can show
  bool screen_reader = false;
  bool brief = false;
};

/// The client's own colour depth from its abilities (MTTS, TTYPE).
colour_depth client_colour_depth(const client_abilities& client);
/// Whether things are shown in screen-reader mode on `client` to `ch` (nullptr: nobody in play): their own
/// setting (pref::screen_reader), else the client's MTTS bit.
bool screen_reader_mode(const client_abilities& client, const character* ch);

/// Everything besides the text itself that decides the bytes a client gets for it: wrapping width, colour
/// depth and the colour theme in force. Two sends with equal keys turn equal text into equal bytes, so
/// text that does not change (a room's description) can be laid out once and kept (places' room cache).
struct layout_key {
  std::uint16_t width = 0;
  colour_depth colour = colour_depth::none;
  std::uint32_t theme_generation = 0;
  bool operator==(const layout_key&) const = default;
};

/// Hears of every change of hit points shown (send_vitals), and is asked once at the end of every event,
/// before its output leaves, to send what it gathered: the groups part sends one GMCP Group a group,
/// however many rounds and members changed in the event.
class vitals_watch {
 public:
  virtual void vitals_changed(const character& ch) = 0;
  virtual void event_ending() = 0;

 protected:
  ~vitals_watch() = default;
};

/// Everything that leaves for a client: text wrapped to the person's window, prompts, GMCP; sending to
/// one connection, a room or everyone. Output gathers during an event and leaves once, with the event's
/// prompt, when the event ends (see event_loop). Colour and screen-reader rendering belong here too.
/// World thread only.
class output {
 public:
  output(roster& people, live_settings& settings);
  output(const output&) = delete;
  output& operator=(const output&) = delete;

  /// Sends text, which may carry style markup (style.hpp), rendered for this client: coloured or not.
  void send(connection& conn, std::string_view text);
  void send(std::uint64_t conn_id, std::string_view text);
  /// How text sent to `conn` is laid out now (see layout_key).
  layout_key layout_of(const connection& conn) const;
  /// Appends `text` (style markup allowed) to `out` as send() would write it for a client of `key`:
  /// wrapped, then rendered. Text ending in a new line lays out the same alone or followed by more.
  void lay_out(std::string_view text, const layout_key& key, std::string& out);
  /// Sends `laid_out` (made by lay_out() with layout_of(conn)) as it is, then `text` as send() does:
  /// one message, as if send() had been given both texts together.
  void send_laid_out(connection& conn, std::string_view laid_out, std::string_view text);
  /// Sends to everyone in the room but `except_account` (0: nobody is left out).
  void send_room(std::int64_t room_id, std::string_view text, std::int64_t except_account = 0);
  /// The same, with `screen_reader_text` for those in screen-reader mode (e.g. a fight round in one line).
  void send_room(std::int64_t room_id, std::string_view text, std::string_view screen_reader_text,
                 std::int64_t except_account);

  /// How `conn` is shown things (its client's abilities and, in play, its player's settings).
  view view_of(const connection& conn) const;
  view view_of(const character& ch) const;
  /// The same, for a connection and its player (nullptr: none) already at hand.
  view view_with(const connection& conn, const character* ch) const;
  /// Where %d and %x of a prompt come from (set once by the world).
  void set_prompt_facts(prompt_facts& facts) { facts_ = &facts; }
  /// The prompt format `ch` uses now (their own, or the default for their mode).
  std::string_view prompt_format(const character& ch) const;
  void send_all(std::string_view text);
  /// Tells every administrator in play.
  void tell_admins(std::string_view text);
  /// Sends one GMCP message, if the client enabled its package with Core.Supports (Core.* always goes):
  /// every GMCP sender goes through here, so every sender obeys the client's list.
  void send_gmcp(connection& conn, std::string_view package, std::string_view json);
  /// Whether send_gmcp would send `package` to `conn` (GMCP agreed and the package enabled): senders ask
  /// first when the message costs something to build.
  bool gmcp_wanted(const connection& conn, std::string_view package) const;
  /// The GMCP packages `conn`'s client asked for (Core.Supports.*: "Room", "Char.Vitals"), to change;
  /// kept by output, by connection id.
  std::vector<std::string>& gmcp_supports(const connection& conn) { return state_of(conn).gmcp_supports; }
  /// The same to read (empty before any GMCP, and for a client that never sent Core.Supports).
  const std::vector<std::string>& gmcp_supports_of(const connection& conn) const;
  /// GMCP Char.Vitals for a character: {"hp": 20, "maxhp": 20}, numbers; the vitals_watch hears of it.
  void send_vitals(const character& ch);
  /// Who hears of hit points shown (set once by the world).
  void set_vitals_watch(vitals_watch& watch) { vitals_watch_ = &watch; }
  /// Marks a connection as owed a prompt and a flush at the end of this event.
  void touch(const connection& conn) { touch(state_of(conn), conn.id); }
  /// `conn`'s client is on a fresh line (the person pressed Enter: the event loop says so for every line),
  /// so what is sent next needs no new line to leave a prompt first.
  void fresh_line(const connection& conn);
  /// Whether the last thing sent to `conn` was a prompt the person has not answered.
  bool at_prompt(const connection& conn) const;
  /// How many connections output keeps state for (each from its first output until forget()).
  std::size_t connections_kept() const { return clients_.size(); }

  // ---- the pager (pager.hpp): text longer than the window (NAWS height, 24 lines if unknown) leaves a
  // page at a time, each followed by a --More-- prompt; the rest waits in the pager's own table.
  /// A line `conn` typed while paging: Enter shows the next page and q drops the rest (true: the line was
  /// the pager's); anything else ends the paging and is for the commands (false). Costs nothing when
  /// nobody is paging.
  bool answer_pager(connection& conn, std::string_view line);
  /// Whether `conn` is paging now (text is held behind a --More--).
  bool paging_now(const connection& conn) const { return pager_.holds(conn.id); }
  /// Drops what `conn_id` holds (its output was discarded: the rest of it must not follow).
  void stop_paging(std::uint64_t conn_id) { pager_.stop(conn_id); }
  /// Whether the pager works for `conn` played by `ch`, and if not, why not.
  paging pager_state(const connection& conn, const character& ch) const { return pager::mode(conn, ch); }
  /// Disconnects with a farewell line (once everything flushed before it has left).
  void disconnect(connection& conn, std::string_view farewell);

  // ---- the end of an event (event_loop)
  /// The connections that got output during this event.
  const std::vector<std::uint64_t>& touched() const { return touched_; }
  /// Every touched connection gets its prompt and one write, released once batch `ticket` has committed.
  void end_event(std::uint64_t ticket);
  /// Drops what this event gathered for every connection (an event that is taken back).
  void discard_event();
  /// A connection has gone: output keeps nothing of it.
  void forget(std::uint64_t conn_id);

 private:
  void send_prompt(connection& conn);

  void load_theme(const config::settings& s);
  /// What output keeps of one connection, in its own table by connection id (not on the shared
  /// connection record).
  struct client_state {
    bool touched = false;    ///< got output during the current event; gets a prompt and a flush
    bool gmcp_only = false;  ///< only GMCP so far this event: flush without a prompt
    bool at_prompt = false;  ///< the last thing sent was a prompt the person has not answered
    std::vector<std::string> gmcp_supports;  ///< GMCP packages the client asked for ("Room", "Char")
  };
  /// `conn`'s state, made at its first output or GMCP (one allocation in a connection's life).
  client_state& state_of(const connection& conn) {
    return recent_ != nullptr && recent_id_ == conn.id ? *recent_ : look_up_state(conn.id);
  }
  /// `conn_id`'s state, or nullptr before its first output.
  const client_state* find_state(std::uint64_t conn_id) const {
    return recent_ != nullptr && recent_id_ == conn_id ? recent_ : find_state_in_table(conn_id);
  }
  /// state_of and find_state past the entry at hand: the table (state_of keeps the entry at hand).
  client_state& look_up_state(std::uint64_t conn_id);
  const client_state* find_state_in_table(std::uint64_t conn_id) const;
  /// Marks `m` (of `conn_id`) as owed a prompt and a flush.
  void touch(client_state& m, std::uint64_t conn_id);
  /// Writes the new line that leaves a prompt the person was looking at, if one was.
  static void leave_prompt(connection& conn, client_state& m);
  /// The theme in force (read again from the settings after a change).
  const colour_theme& theme();

  roster& people_;
  live_settings& settings_;
  colour_theme theme_{};
  bool theme_stale_ = false;
  std::uint32_t theme_generation_ = 0;  ///< counts theme loads: a layout_key made before one is stale
  prompt_facts* facts_ = nullptr;
  vitals_watch* vitals_watch_ = nullptr;
  std::unordered_map<std::uint64_t, client_state> clients_;  ///< by connection id
  /// The entry of clients_ looked up last (an event sends, prompts and flushes one connection several
  /// times in a row): a node of the map, which stays where it is until forget() erases it.
  std::uint64_t recent_id_ = 0;
  client_state* recent_ = nullptr;
  std::vector<std::uint64_t> touched_;  ///< the connections this event sent to, each once
  std::string prompt_buffer_;  ///< reused by send_prompt()
  std::string render_buffer_;  ///< reused by send(): the text as this client is shown it
  std::string wrap_buffer_;    ///< reused by send()
  pager pager_{people_};       ///< text held back a page at a time, by connection id
};

}  // namespace dw::game
