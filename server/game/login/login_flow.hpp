#pragma once

#include <string>
#include <string_view>

#include "server/game/login/login.hpp"
#include "server/game/roster/character.hpp"
#include "server/game/storage/reads.hpp"
#include "server/game/storage/records.hpp"

// The login conversation's steps, shared by login_flow.cpp (the conversation and the menu), login_checks.cpp
// (passwords), admission.cpp (into play) and departure.cpp (out of it); login.cpp is the part's face to the
// game. Internal to the login part.
namespace dw::game::login_flow {

/// How a character comes into play: a new account, a login, or a hot reboot putting it back.
enum class entry_kind { created, returning, restored };
/// The login menu's commands: quit, who, help, create, connect.
void register_menu(login_menu& menu);
void greet(login_context& w, connection& conn);
void handle_line(login_context& w, connection& conn, std::string_view line);
/// The character of an account as stored (nothing carried, default preferences: a new account).
character character_from(const storage::account_record& account, const storage::character_record& rec);
/// The character `rec` of a login read, with what it carries and the player's preferences.
character character_from(const storage::login_record& login, const storage::character_record& rec);
/// The one way into play, for logins, take-overs and hot-reboot restores alike: refuses banned accounts
/// (and, except on a restore, logins under the wizlock), takes over an older connection playing the same
/// character, then puts the character in its room (or at the well if its room collapsed). `stored` is what
/// storage read of the account (nullptr for a new one): the parts that keep their own records take theirs.
void admit(login_context& w, connection& conn, character ch, entry_kind kind, std::string pending_message,
           const storage::login_record* stored);
/// A connection taken over from the previous image of the server (login::restore): its character is read
/// on a worker and comes back through admit, its fight going on; without one, it is greeted again.
void restore(login_context& w, connection& conn, const saved_connection& saved);
/// A connection is closing (login::leave_play): the character it plays, if any, leaves play (departure.cpp).
void leave_play(login_context& w, connection& conn);
/// A connection has gone: its password checks that have not started are dropped (audited) and its
/// conversation is forgotten.
void connection_gone(login_context& w, connection& conn);

}  // namespace dw::game::login_flow
