#pragma once

#include <cstdint>
#include <list>
#include <memory>
#include <string>
#include <vector>

#include "server/game/roster/session_port.hpp"

namespace dw::game {

/// Where a connection is in the login conversation.
enum class login_stage : std::uint8_t {
  menu,              ///< "create ...", "connect ...", "who", "quit"
  ask_name,          ///< `create`/`connect` alone asked "Name:"
  ask_password,      ///< asked "Password:" with echo off
  ask_new_password,  ///< creating: first password
  confirm_password,  ///< creating: the password again
  waiting,           ///< hashing or reading on a worker; input is held back
  playing,
};

/// One connection as the game sees it. World thread only.
///
/// It holds only what many parts read (issue 29): `id` and `port` (who it is and how to reach it: every
/// part that answers someone), `stage` (whether someone is playing or where it is in the login: output,
/// events, login, commands and world all ask), `account_id` (the character played: everyone who goes from a
/// connection to its character), `connected_at` and `last_input` (when it arrived and last typed: set by
/// the roster on arrival, read by the idle and login timeouts, carried by a hot reboot), and `closing`
/// (every sender stops writing to it). A part's own state of a connection lives
/// in that part, in a table of its own by connection id, made when the connection arrives or the state
/// is first needed and dropped when it leaves: login's `login_conversation` (login.hpp), the event loop's
/// `input_queue` (command rate, flood, idle warning, waits and lines typed ahead: events/input_queue.hpp). The
/// output's per-event marks, prompt and GMCP client facts (`output::client_state`, output.hpp).
/// sizeof(connection) was 304 bytes (GCC 12, x86-64) before login's fields left, 240 before the event
/// loop's, 144 before output's; it is 56 now.
struct connection {
  std::uint64_t id = 0;
  session_port* port = nullptr;  ///< owned by the network layer; valid until on_disconnect
  login_stage stage = login_stage::menu;
  std::int64_t account_id = 0;  ///< the character played, when stage == playing
  std::int64_t connected_at = 0;
  std::int64_t last_input = 0;
  bool closing = false;
};

}  // namespace dw::game
