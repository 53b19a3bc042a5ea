#pragma once

#include <string_view>

namespace dw::game {

class world;
struct connection;

/// The login conversation: create or connect, MUSH style on one line or asked step by step.
/// Runs on the world thread; hashing and reads go to workers through world's services.
namespace login_flow {
/// Shows the banner and the choices to a new connection.
void greet(world& w, connection& conn);
/// Handles one line typed before the connection is playing.
void handle_line(world& w, connection& conn, std::string_view line);
/// A connection is closing: its password checks that have not started are dropped (and audited).
void forget_checks(world& w, connection& conn);
/// The `who` list, shown before login and by the `who` command.
std::string who_text(world& w);
}  // namespace login_flow

}  // namespace dw::game
