#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "server/game/administration/administration.hpp"
#include "server/game/bounties/bounties.hpp"
#include "server/game/commands/command_registry.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/groups/groups.hpp"
#include "server/game/live_settings.hpp"
#include "server/game/login/listing.hpp"
#include "server/game/login/login_throttle.hpp"
#include "server/game/login/password_queue.hpp"
#include "server/game/login/play_door.hpp"
#include "server/game/login/saved_connection.hpp"
#include "server/game/output/output.hpp"
#include "server/game/roster/roster.hpp"
#include "server/game/services.hpp"

namespace dw::game {

struct login_context;

/// What a connection has typed so far in the login conversation: login's own, kept in
/// `login_context::conversations` by connection id. There is one only while a `create` or `connect` is
/// under way (from the command to the account's check): a connection at the menu, in play or gone has none.
struct login_conversation {
  bool creating = false;     ///< creating an account (not connecting to one)
  std::string pending_name;  ///< the name typed
  std::string pending_password;  ///< creating: the first password, until it is typed again
};

/// A line typed at the login menu, for the menu's table of commands.
struct menu_context {
  login_context& login;
  connection& conn;
  const command_args& args;
};
using login_menu = command_table<menu_context>;

/// What the login conversation works with: the parts it reaches, and its own state (the password queue,
/// the throttle, the cap on new accounts, the menu's commands).
struct login_context {
  login_context(live_settings& s, roster& people, output& out, event_runner& events, change_sink& changes,
                services& svc, administration& admin, play_door& door, std::size_t password_workers);

  const live_settings& settings;
  roster& people;
  output& out;
  event_runner& events;
  change_sink& changes;
  services& svc;
  administration& admin;
  play_door& door;  ///< into play and out of it: the rooms and fights, through the world
  progression* progress = nullptr;  ///< set once by the world (login::set_progress)
  bounties* board = nullptr;        ///< set once by the world (login::set_bounties)
  groups* company = nullptr;        ///< set once by the world (login::set_groups)
  login_throttle throttle;
  password_queue passwords;
  creation_limit creations;
  login_menu menu;
  /// What MUD crawlers are told (MSSP), set once at start-up by the server around the game (none: nothing).
  std::shared_ptr<const listing_source> listing;
  /// The conversations under way, by connection id (see login_conversation).
  std::unordered_map<std::uint64_t, login_conversation> conversations;
  /// `conn`'s conversation, begun now if it had none.
  login_conversation& conversation_of(const connection& conn) { return conversations[conn.id]; }
};

/// The login conversation (create or connect, on one line or step by step), account rules, throttling,
/// the one way into play shared by logins, take-overs and hot-reboot restores, and the one way out of
/// it when a connection closes. World thread only.
class login {
 public:
  login(live_settings& settings, roster& people, output& out, event_runner& events, change_sink& changes,
        services& svc, administration& admin, play_door& door, std::size_t password_workers);
  login(const login&) = delete;
  login& operator=(const login&) = delete;

  /// Who keeps characters' experience as they come into play (set once, right after construction).
  void set_progress(progression& p) { ctx_.progress = &p; }
  /// Who keeps characters' bounties as they come into play (set once, right after construction).
  void set_bounties(bounties& b) { ctx_.board = &b; }
  /// Whose groups characters leave as they leave play (set once, right after construction).
  void set_groups(groups& g) { ctx_.company = &g; }

  /// A new connection: refused if its address is banned or already has too many connections at the login
  /// screen; otherwise greeted.
  void welcome(connection& conn);
  /// Connections from `address` at the login screen (open, not yet playing): bounded per address by
  /// server.max_unauthenticated_per_address, a bound the web port's connections not yet upgraded share.
  std::int64_t at_login_screen(std::string_view address) const;
  /// Shows the banner and the choices to a connection.
  void greet(connection& conn);
  /// Handles one line typed before the connection is playing.
  void handle_line(connection& conn, std::string_view line);
  /// A connection is closing: its password checks that have not started are dropped (and audited), and
  /// its conversation is forgotten.
  void connection_gone(connection& conn);
  /// How many connections are in the middle of a `create` or `connect` (what login keeps for each).
  std::size_t conversations() const { return ctx_.conversations.size(); }
  /// Whether `conn_id` has a conversation under way.
  bool in_conversation(std::uint64_t conn_id) const { return ctx_.conversations.contains(conn_id); }
  /// A connection is closing (departure.cpp): the character it plays, if any, leaves play. Its fight
  /// takes one more round, it leaves its group, the room sees it fade, and where it rests is saved;
  /// then every part forgets it. A take-over does not come here: the character stays in play.
  void leave_play(connection& conn);
  /// A connection taken over from the previous image of the server: its character comes back into play
  /// the way every character does (read on a worker first), and its fight goes on.
  void restore(connection& conn, const saved_connection& saved);
  /// Drops every password check still waiting (shutting down); returns how many.
  std::size_t drop_waiting_checks() { return ctx_.passwords.clear(); }
  const password_queue& passwords() const { return ctx_.passwords; }
  /// What this server tells MUD crawlers (set once at start-up).
  void set_listing(std::shared_ptr<const listing_source> listing) { ctx_.listing = std::move(listing); }
  /// The listing now (PLAYERS counts the characters in play); empty before set_listing.
  std::vector<listing_entry> listing() const;

 private:
  login_context ctx_;
};

}  // namespace dw::game
