#include "server/game/login/login_flow.hpp"

#include "server/game/login/login_checks.hpp"

#include <functional>
#include <memory>

#include "server/game/login/accounts.hpp"
#include "server/game/commands/command_parser.hpp"
#include "server/game/login/login.hpp"
#include "server/log/log.hpp"
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

void ask_hidden(login_context& w, connection& conn, login_stage stage) {
  conn.stage = stage;
  conn.port->set_hidden_input(true);
  w.out.touch(conn);
}

void end_hidden(connection& conn) {
  conn.port->set_hidden_input(false);
  // The client did not echo the Enter that ended the password: start a fresh line.
  conn.port->write_text("\n");
}

/// What was typed as a name cannot be one (perhaps it was the password): refuse it without repeating or
/// logging it.
void refuse_unshaped_name(login_context& w, connection& conn) {
  back_to_menu(w, conn);
  w.out.send(conn, "There is no character with that name: names are 3 to 20 letters, A to Z.\n");
}

/// "quit" typed at a password prompt: no password is that short, so it can only mean leaving.
bool is_quit(std::string_view line) {
  line = trim(line);
  return iequals(line, "quit") || iequals(line, "q");
}

/// The name is chosen: ask for the password. Creating, a name already taken is refused first, before
/// anyone types a password for it (the name is looked up on a worker meanwhile).
void ask_password_for(login_context& w, connection& conn, const login_conversation& talk) {
  if (!talk.creating) {
    ask_hidden(w, conn, login_stage::ask_password);
    return;
  }
  conn.stage = login_stage::waiting;
  auto taken = std::make_shared<std::optional<std::string>>();
  const std::uint64_t conn_id = conn.id;
  w.svc.run_blocking(
      [taken, name = talk.pending_name](storage::loader& l) {
        if (auto found = l.login_by_name(name)) {
          *taken = found->account.name;
        }
      },
      [&w, taken, conn_id](const read_result& result) {
        if (!result.ok) {
          read_failed(w, conn_id, result);
          return;
        }
        w.events.run_event(conn_id, [&] {
          connection* c = w.people.find_connection(conn_id);
          if (c == nullptr || c->closing) {
            return;
          }
          if (*taken) {
            back_to_menu(w, *c);
            w.out.send(*c, "The name " + **taken + " is already taken; choose another.\n");
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

/// `create` or `connect`, with or without the name and password.
void begin(login_context& w, connection& conn, std::string_view args, bool creating) {
  login_conversation& talk = w.conversation_of(conn);
  talk.creating = creating;
  std::string name;
  std::string password;
  const bool both = split_credentials(args, name, password);
  if (name.empty()) {
    conn.stage = login_stage::ask_name;
    w.out.touch(conn);
    return;
  }
  if (auto why = check_name(name); why && creating) {
    w.out.send(conn, *why + "\n");
    return;
  }
  if (!is_name_shaped(name)) {
    refuse_unshaped_name(w, conn);
    return;
  }
  talk.pending_name = canonical_name(name);
  if (!both) {
    ask_password_for(w, conn, talk);
    return;
  }
  if (creating) {
    if (auto why = check_password(password)) {
      w.out.send(conn, *why + "\n");
      back_to_menu(w, conn);
      return;
    }
    start_create(w, conn, talk.pending_name, password);
  } else {
    start_connect(w, conn, talk.pending_name, password);
  }
}

void menu_line(login_context& w, connection& conn, std::string_view line) {
  const parsed_command cmd = parse_command(line);
  if (cmd.verb.empty()) {
    w.out.touch(conn);
    return;
  }
  const auto found = w.menu.find(cmd.verb, role::player);
  if (found.found == nullptr) {
    w.out.send(conn, "You are not logged in. " + std::string(menu_text));
    return;
  }
  command_args args;
  found.found->parse(cmd.args, args);
  menu_context ctx{w, conn, args};
  found.found->func(ctx);
}

}  // namespace

void back_to_menu(login_context& w, connection& conn) {
  conn.stage = login_stage::menu;
  w.conversations.erase(conn.id);  // (the name and passwords typed are forgotten)
}

void greet(login_context& w, connection& conn) {
  if (w.out.view_of(conn).screen_reader) {
    // (a client that already reported a screen reader hears the name as a word, not spaced-out letters)
    w.out.send(conn, "\nDeepwell. A well in the village square. Below it, a dungeon that is never the same twice.\n\n" +
                         std::string(menu_text));
    return;
  }
  w.out.send(conn,
         "\n"
         "     ~ D E E P W E L L ~\n"
         "  A well in the village square. Below it, a dungeon that is never the same twice.\n"
         "\n" +
             std::string(menu_text));
}

void handle_line(login_context& w, connection& conn, std::string_view line) {
  switch (conn.stage) {
    case login_stage::menu:
      menu_line(w, conn, line);
      return;
    case login_stage::ask_name: {
      const std::string_view name = trim(line);
      if (iequals(name, "quit") || iequals(name, "q")) {
        w.out.disconnect(conn, "Goodbye.\n");
        return;
      }
      if (name.empty()) {
        back_to_menu(w, conn);
        w.out.send(conn, std::string(menu_text));
        return;
      }
      login_conversation& talk = w.conversation_of(conn);
      if (auto why = check_name(name); why && talk.creating) {
        w.out.send(conn, *why + "\n");
        return;
      }
      if (!is_name_shaped(name)) {
        refuse_unshaped_name(w, conn);
        return;
      }
      talk.pending_name = canonical_name(name);
      ask_password_for(w, conn, talk);
      return;
    }
    case login_stage::ask_password: {
      end_hidden(conn);
      if (is_quit(line)) {
        w.out.disconnect(conn, "Goodbye.\n");
        return;
      }
      start_connect(w, conn, w.conversation_of(conn).pending_name, std::string(line));
      return;
    }
    case login_stage::ask_new_password: {
      if (is_quit(line)) {
        end_hidden(conn);
        w.out.disconnect(conn, "Goodbye.\n");
        return;
      }
      if (auto why = check_password(line)) {
        w.out.send(conn, "\n" + *why + "\n");
        w.out.touch(conn);
        return;
      }
      w.conversation_of(conn).pending_password = std::string(line);
      conn.port->write_text("\n");
      conn.stage = login_stage::confirm_password;
      w.out.touch(conn);
      return;
    }
    case login_stage::confirm_password: {
      end_hidden(conn);
      login_conversation& talk = w.conversation_of(conn);
      if (line != talk.pending_password) {
        talk.pending_password.clear();
        w.out.send(conn, "The passwords differ. Let's try again.\n");
        ask_hidden(w, conn, login_stage::ask_new_password);
        return;
      }
      std::string password = std::move(talk.pending_password);
      talk.pending_password.clear();
      start_create(w, conn, talk.pending_name, std::move(password));
      return;
    }
    case login_stage::waiting:
      if (!trim(line).empty()) {
        w.out.send(conn, "One moment...\n");
      }
      return;
    case login_stage::playing:
      return;
  }
}

void register_menu(login_menu& menu) {
  using entry = login_menu::entry;
  auto add = [&menu](std::string name, std::vector<std::string> aliases, std::string summary,
                     std::function<void(menu_context&)> func) {
    entry e;
    e.name = std::move(name);
    e.aliases = std::move(aliases);
    e.summary = std::move(summary);
    e.func = std::move(func);
    menu.add(std::move(e));
  };
  add("create", {"new"}, "make a new character",
      [](menu_context& m) { begin(m.login, m.conn, m.args.raw, true); });
  add("connect", {"con"}, "play an existing one", [](menu_context& m) { begin(m.login, m.conn, m.args.raw, false); });
  add("who", {}, "see who is playing", [](menu_context& m) {
    const progression* levels = m.login.progress;
    m.login.out.send(m.conn, levels == nullptr ? who_text(m.login.people)
                                               : who_text(m.login.people, [levels](std::int64_t account) {
                                                   return levels->standing_of(account).level;
                                                 }));
  });
  add("help", {"look", "l"}, "the choices", [](menu_context& m) { m.login.out.send(m.conn, std::string(menu_text)); });
  add("quit", {"q"}, "leave", [](menu_context& m) { m.login.out.disconnect(m.conn, "Goodbye.\n"); });
  // The plain-text MSSP convention of MUD crawlers that do not negotiate telnet option 70.
  add("mssp-request", {}, "the MSSP listing, for MUD crawlers", [](menu_context& m) {
    if (m.login.listing) {
      m.login.out.send(m.conn, m.login.listing->plain_reply(m.login.people.online().size()));
    }
  });
}

}  // namespace dw::game::login_flow
