#include "server/game/login_flow.hpp"

#include "server/game/login_checks.hpp"

#include <spdlog/spdlog.h>
#include <functional>
#include <memory>

#include "server/game/accounts.hpp"
#include "server/game/command_parser.hpp"
#include "server/game/world.hpp"
#include "server/store/accounts.hpp"
#include "server/store/audit.hpp"
#include "server/text/log_safe.hpp"

namespace dw::game::login_flow {
namespace {

constexpr std::string_view menu_text =
    "Type one of:\n"
    "  create <name> <password>   make a new character\n"
    "  connect <name> <password>  play an existing one\n"
    "  create  or  connect        to be asked step by step\n"
    "  who                        see who is playing\n"
    "  quit                       leave\n";

void ask_hidden(world& w, connection& conn, login_stage stage) {
  conn.stage = stage;
  conn.port->set_hidden_input(true);
  w.touch(conn);
}

void end_hidden(connection& conn) {
  conn.port->set_hidden_input(false);
  // The client did not echo the Enter that ended the password: start a fresh line.
  conn.port->write_text("\n");
}

/// What was typed as a name cannot be one (perhaps it was the password): refuse it without repeating or
/// logging it.
void refuse_unshaped_name(world& w, connection& conn) {
  back_to_menu(conn);
  w.send(conn, "There is no character with that name: names are 3 to 20 letters, A to Z.\n");
}

/// "quit" typed at a password prompt: no password is that short, so it can only mean leaving.
bool is_quit(std::string_view line) {
  line = trim(line);
  return iequals(line, "quit") || iequals(line, "q");
}

/// The name is chosen: ask for the password. Creating, a name already taken is refused first, before
/// anyone types a password for it (the name is looked up on a worker meanwhile).
void ask_password_for(world& w, connection& conn) {
  if (!conn.creating) {
    ask_hidden(w, conn, login_stage::ask_password);
    return;
  }
  conn.stage = login_stage::waiting;
  auto taken = std::make_shared<std::optional<std::string>>();
  const std::uint64_t conn_id = conn.id;
  w.svc().run_blocking(
      [taken, name = conn.pending_name](storage::loader& l) {
        if (auto found = l.login_by_name(name)) {
          *taken = found->account.name;
        }
      },
      [&w, taken, conn_id](const read_result& result) {
        if (!result.ok) {
          read_failed(w, conn_id, result);
          return;
        }
        w.run_event(conn_id, [&] {
          connection* c = w.find_connection(conn_id);
          if (c == nullptr || c->closing) {
            return;
          }
          if (*taken) {
            back_to_menu(*c);
            w.send(*c, "The name " + **taken + " is already taken; choose another.\n");
            return;
          }
          ask_hidden(w, *c, login_stage::ask_new_password);
        });
      });
}

bool split_credentials(std::string_view args, std::string& name, std::string& password) {
  args = trim(args);
  const std::size_t space = args.find(' ');
  if (space == std::string_view::npos) {
    name = std::string(args);
    password.clear();
    return false;
  }
  name = std::string(args.substr(0, space));
  password = std::string(trim(args.substr(space + 1)));
  return !password.empty();
}

void menu_line(world& w, connection& conn, std::string_view line) {
  const parsed_command cmd = parse_command(line);
  if (cmd.verb.empty()) {
    w.touch(conn);
    return;
  }
  if (iequals(cmd.verb, "quit") || iequals(cmd.verb, "q")) {
    w.disconnect(conn, "Goodbye.\n");
    return;
  }
  if (iequals(cmd.verb, "who")) {
    w.send(conn, who_text(w));
    return;
  }
  if (iequals(cmd.verb, "help") || iequals(cmd.verb, "look") || iequals(cmd.verb, "l")) {
    w.send(conn, std::string(menu_text));
    return;
  }
  const bool creating = iequals(cmd.verb, "create") || iequals(cmd.verb, "new");
  const bool connecting = iequals(cmd.verb, "connect") || iequals(cmd.verb, "con");
  if (!creating && !connecting) {
    w.send(conn, "You are not logged in. " + std::string(menu_text));
    return;
  }
  conn.creating = creating;
  std::string name;
  std::string password;
  const bool both = split_credentials(cmd.args, name, password);
  if (name.empty()) {
    conn.stage = login_stage::ask_name;
    w.touch(conn);
    return;
  }
  if (auto why = check_name(name); why && creating) {
    w.send(conn, *why + "\n");
    return;
  }
  if (!is_name_shaped(name)) {
    refuse_unshaped_name(w, conn);
    return;
  }
  conn.pending_name = canonical_name(name);
  if (!both) {
    ask_password_for(w, conn);
    return;
  }
  if (creating) {
    if (auto why = check_password(password)) {
      w.send(conn, *why + "\n");
      back_to_menu(conn);
      return;
    }
    start_create(w, conn, conn.pending_name, password);
  } else {
    start_connect(w, conn, conn.pending_name, password);
  }
}

}  // namespace

void back_to_menu(connection& conn) {
  conn.stage = login_stage::menu;
  conn.creating = false;
  conn.pending_name.clear();
  conn.pending_password.clear();
}

character character_from(const store::account_record& account, const store::character_record& rec) {
  character ch;
  ch.account_id = account.id;
  ch.name = account.name;
  ch.account_role = account.account_role;
  ch.where = rec.where;
  ch.hp = rec.hp;
  ch.max_hp = rec.max_hp;
  return ch;
}

void admit(world& w, connection& conn, character ch, entry_kind kind, std::string pending_message) {
  // A hot reboot keeps who was playing: the wizlock stops logins, not players already in.
  if (auto refusal = w.admin().login_refusal(ch.name, ch.account_role, kind != entry_kind::restored)) {
    spdlog::warn("login refused for {} (connection {}, {}): {}", ch.name, conn.id, conn.port->address(),
                 log_safe(*refusal));
    w.admin().audit(ch.name, "login refused", *refusal);
    w.disconnect(conn, *refusal + "\n");
    return;
  }
  if (kind == entry_kind::returning) {  // a new account's audit row was written with the account
    w.admin().audit(ch.name, "login", std::string(conn.port->address()));
  }
  if (character* existing = w.find_character(ch.account_id)) {
    // Take-over: the newest connection wins; the in-memory character is the freshest state.
    if (connection* old = w.find_connection(existing->connection); old != nullptr && old->id != conn.id) {
      spdlog::info("{} taken over by connection {} ({}) from connection {}", existing->name, conn.id,
                   conn.port->address(), old->id);
      w.disconnect(*old, "Someone has connected to your character from elsewhere. Goodbye.\n");
      old->stage = login_stage::menu;  // the old connection no longer owns the character
      old->account_id = 0;
    }
    ch.where = existing->where;
    ch.hp = existing->hp;
    ch.max_hp = existing->max_hp;
    ch.inventory = existing->inventory;
    w.send(conn, "You take over your character from your other connection.\n");
  }
  w.enter_play(conn, std::move(ch), kind, std::move(pending_message));
}

void forget_checks(world& w, connection& conn) {
  // Checks still waiting for a worker are dropped unrun, but every guess is still on record.
  for (const password_queue::job& job : w.passwords().cancel(conn.id)) {
    spdlog::info("login attempt for '{}' from {} dropped: connection {} closed before its password was checked",
                 log_safe(job.name), job.address, conn.id);
    w.admin().audit(job.name, "login attempt dropped (connection closed before the check)", job.address);
  }
}

void greet(world& w, connection& conn) {
  w.send(conn,
         "\n"
         "     ~ D E E P W E L L ~\n"
         "  A well in the village square. Below it, a dungeon that is never the same twice.\n"
         "\n" +
             std::string(menu_text));
}

std::string who_text(world& w) {
  const auto players = w.online();
  if (players.empty()) {
    return "Nobody is playing right now.\n";
  }
  std::string out = "Playing now:\n";
  for (const character* ch : players) {
    out += "  " + ch->name;
    if (ch->account_role != role::player) {
      out += " (" + std::string(role_name(ch->account_role)) + ")";
    }
    out += "\n";
  }
  out += std::to_string(players.size()) + (players.size() == 1 ? " player.\n" : " players.\n");
  return out;
}

void handle_line(world& w, connection& conn, std::string_view line) {
  switch (conn.stage) {
    case login_stage::menu:
      menu_line(w, conn, line);
      return;
    case login_stage::ask_name: {
      const std::string_view name = trim(line);
      if (iequals(name, "quit") || iequals(name, "q")) {
        w.disconnect(conn, "Goodbye.\n");
        return;
      }
      if (name.empty()) {
        back_to_menu(conn);
        w.send(conn, std::string(menu_text));
        return;
      }
      if (auto why = check_name(name); why && conn.creating) {
        w.send(conn, *why + "\n");
        return;
      }
      if (!is_name_shaped(name)) {
        refuse_unshaped_name(w, conn);
        return;
      }
      conn.pending_name = canonical_name(name);
      ask_password_for(w, conn);
      return;
    }
    case login_stage::ask_password: {
      end_hidden(conn);
      if (is_quit(line)) {
        w.disconnect(conn, "Goodbye.\n");
        return;
      }
      start_connect(w, conn, conn.pending_name, std::string(line));
      return;
    }
    case login_stage::ask_new_password: {
      if (is_quit(line)) {
        end_hidden(conn);
        w.disconnect(conn, "Goodbye.\n");
        return;
      }
      if (auto why = check_password(line)) {
        w.send(conn, "\n" + *why + "\n");
        w.touch(conn);
        return;
      }
      conn.pending_password = std::string(line);
      conn.port->write_text("\n");
      conn.stage = login_stage::confirm_password;
      w.touch(conn);
      return;
    }
    case login_stage::confirm_password: {
      end_hidden(conn);
      if (line != conn.pending_password) {
        conn.pending_password.clear();
        w.send(conn, "The passwords differ. Let's try again.\n");
        ask_hidden(w, conn, login_stage::ask_new_password);
        return;
      }
      std::string password = std::move(conn.pending_password);
      conn.pending_password.clear();
      start_create(w, conn, conn.pending_name, std::move(password));
      return;
    }
    case login_stage::waiting:
      if (!trim(line).empty()) {
        w.send(conn, "One moment...\n");
      }
      return;
    case login_stage::playing:
      return;
  }
}

}  // namespace dw::game::login_flow
