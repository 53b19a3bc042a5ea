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
struct connection {
  std::uint64_t id = 0;
  session_port* port = nullptr;  ///< owned by the network layer; valid until on_disconnect
  login_stage stage = login_stage::menu;
  bool creating = false;     ///< the login conversation is creating an account
  std::string pending_name;  ///< name typed during the conversation
  std::string pending_password;
  std::int64_t account_id = 0;  ///< the character played, when stage == playing
  std::int64_t connected_at = 0;
  std::int64_t last_input = 0;
  bool idle_warned = false;
  double command_tokens = 0;  ///< rate-limit bucket
  std::int64_t tokens_at_ms = 0;
  bool rate_warned = false;
  std::int64_t flood_since_ms = 0;      ///< when the current flood began (0: not flooding)
  std::int64_t flood_last_drop_ms = 0;  ///< the last command dropped for speed
  bool touched = false;    ///< got output during the current event; gets a prompt and a flush
  bool gmcp_only = false;  ///< only GMCP so far this event: flush without a prompt
  bool at_prompt = false;  ///< the last thing sent was a prompt the person has not answered
  bool closing = false;
  /// Its last command's changes are being saved: lines typed meanwhile wait in typed_ahead, so that
  /// each command starts from a world in which the one before it is known to have happened.
  bool awaiting_commit = false;
  /// Its last line needs a dungeon branch read into memory first: that line waits at the head of
  /// typed_ahead and runs again once the branch is in.
  bool awaiting_load = false;
  int deferrals = 0;  ///< times its current line has waited for a load (a guard against loops)
  /// Lines that arrived while busy, run in order afterwards. A list: an empty std::deque holds a 512-byte
  /// block, and almost every connection has nothing typed ahead (issue 14: memory per player).
  std::list<std::string> typed_ahead;
  std::size_t typed_ahead_bytes = 0;
  bool typed_ahead_warned = false;
  std::string gmcp_client;  ///< from GMCP Core.Hello
  std::string gmcp_client_version;
  std::vector<std::string> gmcp_supports;  ///< GMCP packages the client asked for ("Room", "Char")
};

}  // namespace dw::game
