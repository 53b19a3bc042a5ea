#include "server/game/login_flow.hpp"

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

void back_to_menu(connection& conn) {
  conn.stage = login_stage::menu;
  conn.creating = false;
  conn.pending_name.clear();
  conn.pending_password.clear();
}

struct check_outcome;
void finish_connect(world& w, std::uint64_t conn_id, const check_outcome& outcome, const std::string& name,
                    const std::string& lower, const std::string& address);
void finish_create(world& w, std::uint64_t conn_id, const std::string& hash, const std::string& name,
                   const std::string& address, std::int64_t started);

std::string wait_text(std::int64_t ms) {
  const std::int64_t seconds = (ms + 999) / 1000;
  return std::to_string(seconds) + (seconds == 1 ? " second" : " seconds");
}

/// A login's read or hash failed on its worker: the storage fault is noted and the person, back at the
/// menu, is told nothing happened.
void read_failed(world& w, std::uint64_t conn_id, const read_result& result) {
  w.run_event(conn_id, [&] {
    w.storage_failed(result);
    connection* c = w.find_connection(conn_id);
    if (c != nullptr && !c->closing) {
      back_to_menu(*c);
      w.send(*c, "The world could not do that right now; nothing changed. Try again in a moment.\n");
    }
  });
}

/// Starts waiting checks while workers are free.
void pump_checks(world& w) {
  while (auto job = w.passwords().next()) {
    job->start();
  }
}

/// Queues a password hash or check for `conn`; false (and the person told why) when the queue refuses it.
bool queue_check(world& w, connection& conn, const std::string& name, std::function<void(storage::loader&)> work,
                 std::function<void(const read_result&)> done) {
  const std::string address(conn.port->address());
  password_queue::job job;
  job.conn = conn.id;
  job.address = address;
  job.name = name;
  job.start = [&w, address, work = std::move(work), done = std::move(done)]() mutable {
    w.svc().run_blocking(std::move(work), [&w, address, done = std::move(done)](const read_result& result) {
      w.passwords().finished(address);
      done(result);
      pump_checks(w);
    });
  };
  const password_queue::admission admitted = w.passwords().push(std::move(job));
  if (admitted == password_queue::admission::accepted) {
    conn.stage = login_stage::waiting;
    pump_checks(w);
    return true;
  }
  const bool address_busy = admitted == password_queue::admission::address_busy;
  spdlog::warn("login check for '{}' from {} refused: {}", log_safe(name), address,
               address_busy ? "that address already has checks waiting" : "too many checks waiting");
  w.admin().audit(name, "login refused (checks queue full)", address);
  back_to_menu(conn);
  w.send(conn, address_busy ? "Your address already has logins being checked; wait for their answer first.\n"
                            : "The server is busy checking logins; try again in a moment.\n");
  return false;
}

/// What a password check found, on the worker.
struct check_outcome {
  std::optional<storage::login_record> login;
  bool password_ok = false;
  bool locked = false;
  storage::branch_snapshot branch;  ///< the branch the character rests in, read ahead with the login
};

void start_connect(world& w, connection& conn, std::string name, std::string password) {
  const std::string address(conn.port->address());
  const std::string lower = lower_name(name);
  if (const std::int64_t wait = w.throttle().wait_ms(lower, address, w.svc().steady_ms()); wait > 0) {
    // Too soon after failures for this account or this address, on any connection: not checked at all,
    // so a guess sent early costs nothing and tells nothing.
    spdlog::warn("login for '{}' from {} (connection {}) refused unchecked: {} ms left of its failed-login delay",
                 log_safe(name), address, conn.id, wait);
    w.admin().audit(name, "login refused (too soon after failures)", address);
    back_to_menu(conn);
    w.send(conn, "Too many failed logins; wait " + wait_text(wait) + " before trying again.\n");
    return;
  }
  auto outcome = std::make_shared<check_outcome>();
  const std::uint64_t conn_id = conn.id;
  const std::int64_t now = w.svc().now();
  const auto ops = static_cast<unsigned long long>(w.settings().accounts.hash_ops_limit);
  const auto mem = static_cast<std::size_t>(w.settings().accounts.hash_memory_kib) * 1024U;
  queue_check(
      w, conn, name,
      [outcome, name, password, now, ops, mem](storage::loader& l) {
        outcome->login = l.login_by_name(name);
        const store::account_record* account = outcome->login ? &outcome->login->account : nullptr;
        // A locked account's password is not even checked: guessing it tells nothing.
        outcome->locked = account != nullptr && account->locked_until > now;
        outcome->password_ok =
            account != nullptr && !outcome->locked && verify_password(password, account->password_hash);
        if (account == nullptr) {
          // As long as a real check, so the time to answer does not tell which names exist.
          static const std::string stand_in = hash_password("not anyone's password", ops, mem);
          (void)verify_password(password, stand_in);
        }
        // The rooms the character wakes in come into memory here, not on the world thread.
        if (outcome->password_ok && outcome->login->character && outcome->login->character->where.branch_id != 0) {
          outcome->branch = l.branch(outcome->login->character->where.branch_id);
        }
      },
      [&w, conn_id, outcome, name, address, lower](const read_result& result) {
        if (!result.ok) {
          read_failed(w, conn_id, result);
          return;
        }
        finish_connect(w, conn_id, *outcome, name, lower, address);
      });
}

/// The one answer to a failed login (no such name, or a wrong password), after the throttle's delay.
void answer_wrong_login(world& w, std::uint64_t conn_id, std::int64_t delay_ms) {
  w.svc().after(std::chrono::milliseconds(delay_ms), [&w, conn_id]() {
    w.run_event(conn_id, [&] {
      connection* again = w.find_connection(conn_id);
      if (again == nullptr || again->closing) {
        return;
      }
      back_to_menu(*again);
      w.send(*again, "Wrong name or password.\n");
    });
  });
}

void finish_connect(world& w, std::uint64_t conn_id, const check_outcome& outcome, const std::string& name,
                    const std::string& lower, const std::string& address) {
  connection* c = w.find_connection(conn_id);
  const bool here = c != nullptr && !c->closing;
  const store::account_record* account = outcome.login ? &outcome.login->account : nullptr;
  if (!account) {
    // Counted against the address: spraying one password over many names is guessing too. Only
    // name-shaped text reaches here, so logging it cannot leak a password typed as a name. The answer is
    // the wrong password's, word for word and after the same delay: it does not tell which names exist.
    const std::int64_t delay = w.throttle().fail("", address, w.svc().steady_ms());
    w.run_event(here ? conn_id : 0, [&] {
      spdlog::info("failed login: no account '{}' (connection {}, {})", log_safe(name), conn_id, address);
      w.admin().audit(name, "failed login (no such account)", address);
    });
    answer_wrong_login(w, conn_id, delay);
    return;
  }
  if (outcome.locked) {
    w.run_event(here ? conn_id : 0, [&] {
      const std::int64_t left = account->locked_until - w.svc().now();
      spdlog::warn("login for locked account '{}' refused (connection {}, {}; {} s of the lock left)", account->name,
                   conn_id, address, left);
      w.admin().audit(account->name, "login refused (account locked)", address);
      if (here) {
        back_to_menu(*c);
        w.send(*c, "This character is locked after too many failed logins. Try again in " +
                       std::to_string((left + 59) / 60) + " minutes, or ask an administrator.\n");
      }
    });
    return;
  }
  if (!outcome.password_ok) {
    // Logged now, whether or not anything can be saved and whether or not the connection is still there.
    const std::int64_t delay = w.throttle().fail(lower, address, w.svc().steady_ms());
    spdlog::warn("failed login: wrong password for '{}' (connection {}{}, {}; {} in a row on the account; answering "
                 "in {} ms)",
                 account->name, conn_id, here ? "" : ", already closed", address, account->lock_failures + 1, delay);
    // The count (and the lock it may bring) and the audit row are one transaction, and the answer waits for
    // it: a guesser's next try, which can only follow the answer, then reads the count this one left.
    auto locked_until = std::make_shared<std::int64_t>(0);
    const auto& limits = w.settings().accounts;
    const std::int64_t now = w.svc().now();
    w.commit_now(
        storage::record_failed_login{account->id, account->name, address, now, limits.lockout_after_failures,
                                     limits.lockout_minutes * 60, locked_until},
        here ? conn_id : 0,
        [&w, conn_id, locked_until, now, delay, name = account->name](const commit_result& result) {
          if (result.ok && *locked_until > now) {
            spdlog::warn("account '{}' is locked until {} after repeated failed logins", name, *locked_until);
          }
          answer_wrong_login(w, conn_id, delay);
        });
    return;
  }
  if (!here) {
    spdlog::info("login for {} checked after its connection {} had closed", account->name, conn_id);
    return;
  }
  w.run_event(conn_id, [&] {
    w.throttle().succeed(lower);
    spdlog::info("login: {} (connection {}, {})", account->name, conn_id, address);
    const std::int64_t account_id = account->id;
    w.persist(storage::record_login{account_id, w.svc().now()});
    w.apply_branch(outcome.branch);
    store::character_record rec = outcome.login->character.value_or(store::character_record{});
    if (!outcome.login->character) {
      rec.account_id = account_id;
      rec.hp = rec.max_hp = static_cast<std::int32_t>(w.settings().game.character_max_hp);
    }
    std::string message = rec.pending_message;
    if (account->failed_logins > 0) {
      message += message.empty() ? "" : "\n";
      message += "Since your last visit there " +
                 std::string(account->failed_logins == 1 ? "was 1 failed attempt"
                                                         : "were " + std::to_string(account->failed_logins) +
                                                               " failed attempts") +
                 " to log in as you.";
    }
    character ch = character_from(*account, rec);
    for (const store::item_record& it : outcome.login->items) {
      ch.inventory.push_back(content_play::from_record(it));
    }
    admit(w, *c, std::move(ch), entry_kind::returning, std::move(message));
  });
}

void start_create(world& w, connection& conn, std::string name, std::string password) {
  const std::string address(conn.port->address());
  const std::int64_t started = w.svc().now();
  if (!w.creations().allowed(address, started, w.settings().accounts.max_creations_per_address_per_hour)) {
    spdlog::warn("account creation from {} refused: {} per hour already", address,
                 w.settings().accounts.max_creations_per_address_per_hour);
    w.admin().audit(name, "account creation refused (hourly cap)", address);
    back_to_menu(conn);
    w.send(conn, "Too many characters have been made from your address in the last hour. Try again later.\n");
    return;
  }
  auto hash = std::make_shared<std::string>();
  const std::uint64_t conn_id = conn.id;
  const auto ops = static_cast<unsigned long long>(w.settings().accounts.hash_ops_limit);
  const auto mem = static_cast<std::size_t>(w.settings().accounts.hash_memory_kib) * 1024U;
  if (!queue_check(
          w, conn, name, [hash, password, ops, mem](storage::loader&) { *hash = hash_password(password, ops, mem); },
          [&w, conn_id, hash, name, address, started](const read_result& result) {
            if (!result.ok) {
              w.creations().forget(address, started);
              read_failed(w, conn_id, result);
              return;
            }
            finish_create(w, conn_id, *hash, name, address, started);
          })) {
    return;
  }
  w.creations().record(address, started);
}

void finish_create(world& w, std::uint64_t conn_id, const std::string& hash, const std::string& name,
                   const std::string& address, std::int64_t started) {
  connection* c = w.find_connection(conn_id);
  if (c == nullptr || c->closing) {
    w.creations().forget(address, started);
    return;
  }
  auto outcome = std::make_shared<storage::create_outcome>();
  const std::int64_t now = w.svc().now();
  const auto hp = static_cast<std::int32_t>(w.settings().game.character_max_hp);
  // The account, its character and its audit row are one transaction; the welcome waits for it and
  // uses only what it committed (the id comes from the database).
  w.commit_now(
      storage::create_account{name, hash, now, hp, village_square_id, address, outcome},
      conn_id,
      [&w, conn_id, outcome, name, address, started](const commit_result& result) {
        connection* c = w.find_connection(conn_id);
        if (!result.ok || outcome->name_taken) {
          w.creations().forget(address, started);
        }
        if (!result.ok) {
          spdlog::warn("account {} was not created: the database refused it", name);
          if (c != nullptr && !c->closing) {
            back_to_menu(*c);
            w.send(*c, "The world could not record that; nothing changed. Try again in a moment.\n");
          }
          return;
        }
        if (outcome->name_taken) {
          if (c != nullptr && !c->closing) {
            back_to_menu(*c);
            w.send(*c, "The name " + name + " is already taken; choose another.\n");
          }
          return;
        }
        spdlog::info("account created: {} ({}, from {})", outcome->account.name,
                     role_name(outcome->account.account_role), address);
        if (c == nullptr || c->closing) {
          return;
        }
        if (outcome->account.account_role == store::role::admin) {
          w.send(*c, "As the first account of this world, " + outcome->account.name + " is its administrator.\n");
        }
        admit(w, *c, character_from(outcome->account, outcome->character), entry_kind::created, {});
      });
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
