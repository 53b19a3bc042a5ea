#pragma once

// The login conversation's password work, apart from the conversation itself (login_flow.cpp): the fair,
// bounded queue of hashes and checks, the throttle and the lock-out, and what a check's answer does.
// Internal to server/game.
#include <cstdint>
#include <string>

#include "server/game/roster/connection.hpp"
#include "server/game/services.hpp"
#include "server/game/login/login.hpp"


namespace dw::game::login_flow {

/// Back to the menu, forgetting the name and passwords typed (its conversation ends; login_flow.cpp).
void back_to_menu(login_context& w, connection& conn);
/// `connect <name> <password>`: throttled, then checked on a worker; the answer follows.
void start_connect(login_context& w, connection& conn, std::string name, std::string password);
/// `create <name> <password>`: capped per address, hashed on a worker, then saved; the welcome follows.
void start_create(login_context& w, connection& conn, std::string name, std::string password);
/// A login's read or hash failed on its worker: the storage fault is noted and the person, back at the
/// menu, is told nothing happened.
void read_failed(login_context& w, std::uint64_t conn_id, const read_result& result);

}  // namespace dw::game::login_flow
