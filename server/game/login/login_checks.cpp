// The password side of logging in: queueing checks and hashes, throttling, the lock-out, and the answers.
#include "server/game/login/login_checks.hpp"

#include <functional>
#include <memory>

#include "server/game/login/accounts.hpp"
#include "server/game/login/login_flow.hpp"
#include "server/game/login/login.hpp"
#include "server/log/log.hpp"
#include "server/text/log_safe.hpp"

namespace dw::game::login_flow {
namespace {

struct check_outcome;
void finish_connect(login_context& w, std::uint64_t conn_id, const check_outcome& outcome, const std::string& name,
                    const std::string& lower, const std::string& address);
void finish_create(login_context& w, std::uint64_t conn_id, const std::string& hash, const std::string& name,
                   const std::string& address, std::int64_t started);

std::string wait_text(std::int64_t ms) {
  const std::int64_t seconds = (ms + 999) / 1000;
  return std::to_string(seconds) + (seconds == 1 ? " second" : " seconds");
}

}  // namespace

/// A login's read or hash failed on its worker: the storage fault is noted and the person, back at the
/// menu, is told nothing happened.
void read_failed(login_context& w, std::uint64_t conn_id, const read_result& result) {
  w.events.run_event(conn_id, [&] {
    w.events.storage_failed(result);
    connection* c = w.people.find_connection(conn_id);
    if (c != nullptr && !c->closing) {
      back_to_menu(w, *c);
      w.out.send(*c, "The world could not do that right now; nothing changed. Try again in a moment.\n");
    }
  });
}

namespace {

/// Starts waiting checks while workers are free.
void pump_checks(login_context& w) {
  while (auto job = w.passwords.next()) {
    job->start();
  }
}

/// Queues a password hash or check for `conn`; false (and the person told why) when the queue refuses it.
bool queue_check(login_context& w, connection& conn, const std::string& name, std::function<void(storage::loader&)> work,
                 std::function<void(const read_result&)> done) {
  const std::string address(conn.port->address());
  password_queue::job job;
  job.conn = conn.id;
  job.address = address;
  job.name = name;
  job.start = [&w, address, work = std::move(work), done = std::move(done)]() mutable {
    w.svc.run_blocking(std::move(work), [&w, address, done = std::move(done)](const read_result& result) {
      w.passwords.finished(address);
      done(result);
      pump_checks(w);
    });
  };
  const password_queue::admission admitted = w.passwords.push(std::move(job));
  if (admitted == password_queue::admission::accepted) {
    conn.stage = login_stage::waiting;
    pump_checks(w);
    return true;
  }
  const bool address_busy = admitted == password_queue::admission::address_busy;
  log::warn("login check for '{}' from {} refused: {}", log_safe(name), address,
               address_busy ? "that address already has checks waiting" : "too many checks waiting");
  w.admin.audit(name, "login refused (checks queue full)", address);
  back_to_menu(w, conn);
  w.out.send(conn, address_busy ? "Your address already has logins being checked; wait for their answer first.\n"
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

}  // namespace

void start_connect(login_context& w, connection& conn, std::string name, std::string password) {
  const std::string address(conn.port->address());
  const std::string lower = lower_name(name);
  if (const std::int64_t wait = w.throttle.wait_ms(lower, address, w.svc.steady_ms()); wait > 0) {
    // Too soon after failures for this account or this address, on any connection: not checked at all,
    // so a guess sent early costs nothing and tells nothing.
    log::warn("login for '{}' from {} (connection {}) refused unchecked: {} ms left of its failed-login delay",
                 log_safe(name), address, conn.id, wait);
    w.admin.audit(name, "login refused (too soon after failures)", address);
    back_to_menu(w, conn);
    w.out.send(conn, "Too many failed logins; wait " + wait_text(wait) + " before trying again.\n");
    return;
  }
  auto outcome = std::make_shared<check_outcome>();
  const std::uint64_t conn_id = conn.id;
  const std::int64_t now = w.svc.now();
  const auto ops = static_cast<unsigned long long>(w.settings.get().accounts.hash_ops_limit);
  const auto mem = static_cast<std::size_t>(w.settings.get().accounts.hash_memory_kib) * 1024U;
  queue_check(
      w, conn, name,
      [outcome, name, password, now, ops, mem](storage::loader& l) {
        outcome->login = l.login_by_name(name);
        const storage::account_record* account = outcome->login ? &outcome->login->account : nullptr;
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

namespace {

/// The one answer to a failed login (no such name, or a wrong password), after the throttle's delay.
void answer_wrong_login(login_context& w, std::uint64_t conn_id, std::int64_t delay_ms) {
  w.svc.after(std::chrono::milliseconds(delay_ms), [&w, conn_id]() {
    w.events.run_event(conn_id, [&] {
      connection* again = w.people.find_connection(conn_id);
      if (again == nullptr || again->closing) {
        return;
      }
      back_to_menu(w, *again);
      w.out.send(*again, "Wrong name or password.\n");
    });
  });
}

void finish_connect(login_context& w, std::uint64_t conn_id, const check_outcome& outcome, const std::string& name,
                    const std::string& lower, const std::string& address) {
  connection* c = w.people.find_connection(conn_id);
  const bool here = c != nullptr && !c->closing;
  const storage::account_record* account = outcome.login ? &outcome.login->account : nullptr;
  if (!account) {
    // Counted against the address: spraying one password over many names is guessing too. Only
    // name-shaped text reaches here, so logging it cannot leak a password typed as a name. The answer is
    // the wrong password's, word for word and after the same delay: it does not tell which names exist.
    const std::int64_t delay = w.throttle.fail("", address, w.svc.steady_ms());
    w.events.run_event(here ? conn_id : 0, [&] {
      log::info("failed login: no account '{}' (connection {}, {})", log_safe(name), conn_id, address);
      w.admin.audit(name, "failed login (no such account)", address);
    });
    answer_wrong_login(w, conn_id, delay);
    return;
  }
  if (outcome.locked) {
    w.events.run_event(here ? conn_id : 0, [&] {
      const std::int64_t left = account->locked_until - w.svc.now();
      log::warn("login for locked account '{}' refused (connection {}, {}; {} s of the lock left)", account->name,
                   conn_id, address, left);
      w.admin.audit(account->name, "login refused (account locked)", address);
      if (here) {
        back_to_menu(w, *c);
        w.out.send(*c, "This character is locked after too many failed logins. Try again in " +
                       std::to_string((left + 59) / 60) + " minutes, or ask an administrator.\n");
      }
    });
    return;
  }
  if (!outcome.password_ok) {
    // Logged now, whether or not anything can be saved and whether or not the connection is still there.
    const std::int64_t delay = w.throttle.fail(lower, address, w.svc.steady_ms());
    log::warn("failed login: wrong password for '{}' (connection {}{}, {}; {} in a row on the account; answering "
                 "in {} ms)",
                 account->name, conn_id, here ? "" : ", already closed", address, account->lock_failures + 1, delay);
    // The count (and the lock it may bring) and the audit row are one transaction, and the answer waits for
    // it: a guesser's next try, which can only follow the answer, then reads the count this one left.
    auto locked_until = std::make_shared<std::int64_t>(0);
    const auto& limits = w.settings.get().accounts;
    const std::int64_t now = w.svc.now();
    w.events.commit_now(
        storage::record_failed_login{account->id, account->name, address, now, limits.lockout_after_failures,
                                     limits.lockout_minutes * 60, locked_until},
        here ? conn_id : 0,
        [&w, conn_id, locked_until, now, delay, name = account->name](const commit_result& result) {
          if (result.ok && *locked_until > now) {
            log::warn("account '{}' is locked until {} after repeated failed logins", name, *locked_until);
          }
          answer_wrong_login(w, conn_id, delay);
        });
    return;
  }
  if (!here) {
    log::info("login for {} checked after its connection {} had closed", account->name, conn_id);
    return;
  }
  w.events.run_event(conn_id, [&] {
    w.throttle.succeed(lower);
    log::info("login: {} (connection {}, {})", account->name, conn_id, address);
    const std::int64_t account_id = account->id;
    w.changes.persist(storage::record_login{account_id, w.svc.now()});
    w.door.branch_read(outcome.branch);
    storage::character_record rec = outcome.login->character.value_or(storage::character_record{});
    if (!outcome.login->character) {
      rec.account_id = account_id;
      rec.hp = rec.max_hp = static_cast<std::int32_t>(w.settings.get().game.character_max_hp);
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
    character ch = character_from(*outcome.login, rec);
    admit(w, *c, std::move(ch), entry_kind::returning, std::move(message), &*outcome.login);
  });
}

}  // namespace

void start_create(login_context& w, connection& conn, std::string name, std::string password) {
  const std::string address(conn.port->address());
  const std::int64_t started = w.svc.now();
  if (!w.creations.allowed(address, started, w.settings.get().accounts.max_creations_per_address_per_hour)) {
    log::warn("account creation from {} refused: {} per hour already", address,
                 w.settings.get().accounts.max_creations_per_address_per_hour);
    w.admin.audit(name, "account creation refused (hourly cap)", address);
    back_to_menu(w, conn);
    w.out.send(conn, "Too many characters have been made from your address in the last hour. Try again later.\n");
    return;
  }
  auto hash = std::make_shared<std::string>();
  const std::uint64_t conn_id = conn.id;
  const auto ops = static_cast<unsigned long long>(w.settings.get().accounts.hash_ops_limit);
  const auto mem = static_cast<std::size_t>(w.settings.get().accounts.hash_memory_kib) * 1024U;
  if (!queue_check(
          w, conn, name, [hash, password, ops, mem](storage::loader&) { *hash = hash_password(password, ops, mem); },
          [&w, conn_id, hash, name, address, started](const read_result& result) {
            if (!result.ok) {
              w.creations.forget(address, started);
              read_failed(w, conn_id, result);
              return;
            }
            finish_create(w, conn_id, *hash, name, address, started);
          })) {
    return;
  }
  w.creations.record(address, started);
}

namespace {

void finish_create(login_context& w, std::uint64_t conn_id, const std::string& hash, const std::string& name,
                   const std::string& address, std::int64_t started) {
  connection* c = w.people.find_connection(conn_id);
  if (c == nullptr || c->closing) {
    w.creations.forget(address, started);
    return;
  }
  auto outcome = std::make_shared<storage::create_outcome>();
  const std::int64_t now = w.svc.now();
  const auto hp = static_cast<std::int32_t>(w.settings.get().game.character_max_hp);
  // The account, its character and its audit row are one transaction; the welcome waits for it and
  // uses only what it committed (the id comes from the database).
  w.events.commit_now(
      storage::create_account{name, hash, now, hp, village_square_id, address, outcome},
      conn_id,
      [&w, conn_id, outcome, name, address, started](const commit_result& result) {
        connection* c = w.people.find_connection(conn_id);
        if (!result.ok || outcome->name_taken) {
          w.creations.forget(address, started);
        }
        if (!result.ok) {
          log::warn("account {} was not created: the database refused it", name);
          if (c != nullptr && !c->closing) {
            back_to_menu(w, *c);
            w.out.send(*c, "The world could not record that; nothing changed. Try again in a moment.\n");
          }
          return;
        }
        if (outcome->name_taken) {
          if (c != nullptr && !c->closing) {
            back_to_menu(w, *c);
            w.out.send(*c, "The name " + name + " is already taken; choose another.\n");
          }
          return;
        }
        log::info("account created: {} ({}, from {})", outcome->account.name,
                     role_name(outcome->account.account_role), address);
        if (c == nullptr || c->closing) {
          return;
        }
        if (outcome->account.account_role == role::admin) {
          w.out.send(*c, "As the first account of this world, " + outcome->account.name + " is its administrator.\n");
        }
        admit(w, *c, character_from(outcome->account, outcome->character), entry_kind::created, {}, nullptr);
      });
}

}  // namespace
}  // namespace dw::game::login_flow
