#pragma once

#include <string_view>

#include <string>

#include "server/game/character.hpp"
#include "server/store/records.hpp"

namespace dw::game {

class world;
struct connection;

/// The login conversation: create or connect, MUSH style on one line or asked step by step.
/// Runs on the world thread; hashing and reads go to workers through world's services.
namespace login_flow {
/// How a character comes into play: a new account, a login, or a hot reboot putting it back.
enum class entry_kind { created, returning, restored };
/// Shows the banner and the choices to a new connection.
void greet(world& w, connection& conn);
/// Handles one line typed before the connection is playing.
void handle_line(world& w, connection& conn, std::string_view line);
/// The character of an account as stored.
character character_from(const store::account_record& account, const store::character_record& rec);
/// The one way into play, for logins, take-overs and hot-reboot restores alike: refuses banned accounts
/// (and, except on a restore, logins under the wizlock), takes over an older connection playing the same
/// character, then puts the character in its room (or at the well if its room collapsed).
void admit(world& w, connection& conn, character ch, entry_kind kind, std::string pending_message);
/// A connection is closing: its password checks that have not started are dropped (and audited).
void forget_checks(world& w, connection& conn);
/// The `who` list, shown before login and by the `who` command.
std::string who_text(world& w);
}  // namespace login_flow

}  // namespace dw::game
