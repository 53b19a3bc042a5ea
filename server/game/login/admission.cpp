// The way into play: logins, take-overs and hot-reboot restores all come through admit().
#include <memory>

#include "server/game/encounters/room_stock.hpp"
#include "server/game/events/undoable.hpp"
#include "server/game/login/login_flow.hpp"
#include "server/game/output/channels.hpp"
#include "server/game/output/gmcp.hpp"
#include "server/game/places/static_rooms.hpp"
#include "server/log/log.hpp"
#include "server/text/log_safe.hpp"

namespace dw::game {
namespace login_flow {

character character_from(const storage::account_record& account, const storage::character_record& rec) {
  character ch;
  ch.account_id = account.id;
  ch.name = account.name;
  ch.account_role = account.account_role;
  take_record(ch, rec);
  return ch;
}

character character_from(const storage::login_record& login, const storage::character_record& rec) {
  character ch = character_from(login.account, rec);
  for (const storage::item_record& it : login.items) {
    ch.inventory.push_back(room_stock::from_record(it));
  }
  ch.prefs = preferences(login.preferences);
  return ch;
}

namespace {

/// enter_play's undo: the character of `account`, if still in play on `conn_id`, is out of play again, and the
/// connection (if still there) back at the menu.
void back_to_menu(login_context* w, std::int64_t account, std::uint64_t conn_id) {
  if (character* c = w->people.find_character(account); c != nullptr && c->connection == conn_id) {
    w->door.unplace(*c);
    w->door.forget(*c);  // (what the login's arrival left in the parts: the room it was shown, say)
    w->people.remove_character(account);
    if (w->progress != nullptr) {
      w->progress->leave(account);
    }
    if (w->board != nullptr) {
      w->board->leave(account);
    }
  }
  if (connection* back = w->people.find_connection(conn_id)) {
    back->stage = login_stage::menu;
    back->account_id = 0;
  }
}

void enter_play(login_context& w, connection& conn, character ch, entry_kind kind, std::string pending_message,
                const storage::login_record* stored, bool read_again);

/// The character's branch, read ahead with the login, is not in memory when the answer comes (a collapse or an
/// eviction raced with the read: rare). Admission runs in a worker's answer, not in a typed line, so the event
/// loop has no line to run again: login reads the branch again itself and the character comes in once it is
/// (only once: a branch still not in memory after that is taken as gone, and the character wakes at the well).
void read_branch_then_enter(login_context& w, connection& conn, character ch, entry_kind kind,
                            std::string pending_message, const storage::login_record* stored) {
  log::info("{}: the branch {} read with the login left memory before the login ended; reading it again", ch.name,
            ch.where.branch_id);
  auto branch = std::make_shared<storage::branch_snapshot>();
  auto held = std::make_shared<character>(std::move(ch));
  auto record = std::make_shared<std::optional<storage::login_record>>();
  if (stored != nullptr) {
    *record = *stored;
  }
  auto read = [branch, b = held->where.branch_id](storage::loader& l) { *branch = l.branch(b); };
  auto then = [&w, id = conn.id, branch, held, record, kind, pending = std::move(pending_message)](
                  const read_result& result) {
    w.events.run_event(id, [&] {
      if (!result.ok) {
        w.events.storage_failed(result);
      }
      connection* back = w.people.find_connection(id);
      if (back == nullptr || back->closing || back->stage != login_stage::waiting) {
        return;  // gone meanwhile: nothing was placed, so there is nothing to take back
      }
      if (!result.ok) {
        back->stage = login_stage::menu;
        w.out.send(*back, "Your character could not be read just now; please try again.\n");
        return;
      }
      w.door.branch_read(*branch);
      const storage::login_record* again = record->has_value() ? &**record : nullptr;
      enter_play(w, *back, std::move(*held), kind, pending, again, false);
    });
  };
  w.svc.run_blocking(std::move(read), std::move(then));
}

/// Puts a character into play on `conn`, in its room (or at the well if its room has gone).
void enter_play(login_context& w, connection& conn, character ch, entry_kind kind, std::string pending_message,
                const storage::login_record* stored, bool read_again) {
  const std::int64_t account = ch.account_id;
  ch.connection = conn.id;
  if (read_again && w.door.need_branch(ch.where.branch_id)) {  // read ahead with the login: rare
    read_branch_then_enter(w, conn, std::move(ch), kind, std::move(pending_message), stored);
    return;
  }
  if (!w.door.room_exists(ch.where)) {
    // The room is gone (its branch collapsed): wake at the bottom of the well.
    log::info("{} was in a room that no longer exists; moving to the start room", ch.name);
    ch.where = location{};
    ch.where.room_id = start_room_id;
    pending_message += pending_message.empty() ? "" : "\n";
    pending_message += "The passages you were in have collapsed. You wake at the bottom of the well.";
  }
  character& placed = w.people.add_character(std::move(ch));
  w.door.place(placed);
  if (w.progress != nullptr) {
    w.progress->enter(placed, stored);
  }
  if (w.board != nullptr) {
    w.board->enter(placed, stored);
  }
  conn.stage = login_stage::playing;
  conn.account_id = account;
  w.conversations.erase(conn.id);  // (the conversation is over: nothing of it is kept while playing)
  // If the login cannot be saved, the connection is back at the login screen and the character out of play.
  undo_with<&back_to_menu>(w.changes, &w, account, conn.id);
  w.out.send_gmcp(conn, "Char.Name", gmcp_char_name(placed.name));
  if (conn.port->client().gmcp) {
    w.out.send_gmcp(conn, "Comm.Channel.List", gmcp_channel_list());
  }
  switch (kind) {
    case entry_kind::created:
      w.out.send(conn, "Welcome to Deepwell, " + placed.name + ". Type 'help' to see what you can do.\n");
      break;
    case entry_kind::returning:
      w.out.send(conn, "Welcome back, " + placed.name + ".\n");
      break;
    case entry_kind::restored:
      w.out.send(conn, "The world shimmers and settles: Deepwell has rebooted around you.\n");
      break;
  }
  if (!pending_message.empty()) {
    w.out.send(conn, pending_message + "\n");
    w.door.save_place(placed);  // the message has been told: clear it, and keep the corrected location
  }
  w.door.show_arrival(placed, kind == entry_kind::restored);
  w.out.send_vitals(placed);
  w.door.send_status(placed);
  if (w.board != nullptr) {
    w.board->send_gmcp(placed);
  }
  w.door.send_item_lists(placed, kind == entry_kind::restored);
}

}  // namespace

void admit(login_context& w, connection& conn, character ch, entry_kind kind, std::string pending_message,
           const storage::login_record* stored) {
  // A hot reboot keeps who was playing: the wizlock stops logins, not players already in.
  if (auto refusal = w.admin.login_refusal(ch.name, ch.account_role, kind != entry_kind::restored)) {
    log::warn("login refused for {} (connection {}, {}): {}", ch.name, conn.id, conn.port->address(),
                 log_safe(*refusal));
    w.admin.audit(ch.name, "login refused", *refusal);
    w.out.disconnect(conn, *refusal + "\n");
    return;
  }
  if (kind == entry_kind::returning) {  // a new account's audit row was written with the account
    w.admin.audit(ch.name, "login", std::string(conn.port->address()));
  }
  if (character* existing = w.people.find_character(ch.account_id)) {
    // Take-over: the newest connection wins; the in-memory character is the freshest state.
    if (connection* old = w.people.find_connection(existing->connection); old != nullptr && old->id != conn.id) {
      log::info("{} taken over by connection {} ({}) from connection {}", existing->name, conn.id,
                   conn.port->address(), old->id);
      w.out.disconnect(*old, "Someone has connected to your character from elsewhere. Goodbye.\n");
      old->stage = login_stage::menu;  // the old connection no longer owns the character
      old->account_id = 0;
    }
    // The live character moves, whole, to the new connection. `ch` was read from storage before the
    // password check, and the old connection may have played since (bought, sold, fallen): nothing of
    // it is kept. The character is placed once again, by its new connection.
    w.door.unplace(*existing);
    ch = std::move(*existing);
    w.out.send(conn, "You take over your character from your other connection.\n");
  }
  enter_play(w, conn, std::move(ch), kind, std::move(pending_message), stored, true);
}

void connection_gone(login_context& w, connection& conn) {
  w.conversations.erase(conn.id);
  // Checks still waiting for a worker are dropped unrun, but every guess is still on record.
  for (const password_queue::job& job : w.passwords.cancel(conn.id)) {
    log::info("login attempt for '{}' from {} dropped: connection {} closed before its password was checked",
                 log_safe(job.name), job.address, conn.id);
    w.admin.audit(job.name, "login attempt dropped (connection closed before the check)", job.address);
  }
}

void restore(login_context& w, connection& conn, const saved_connection& saved) {
  if (saved.account_id == 0) {
    conn.port->set_hidden_input(false);  // it may have been typing a password: give the echo back
    w.out.send(conn, "Deepwell has rebooted; please log in again.\n");
    greet(w, conn);
    return;
  }
  // The character comes back the way every character comes into play, read on a worker first.
  conn.stage = login_stage::waiting;
  auto found = std::make_shared<std::optional<storage::login_record>>();
  auto branch = std::make_shared<storage::branch_snapshot>();
  const std::uint64_t id = conn.id;
  w.svc.run_blocking(
      [found, branch, account = saved.account_id](storage::loader& l) {
        *found = l.login_by_id(account);
        if (*found && (*found)->character && (*found)->character->where.branch_id != 0) {
          *branch = l.branch((*found)->character->where.branch_id);
        }
      },
      [&w, id, found, branch, fighting = saved.fighting](const read_result& result) {
        w.events.run_event(id, [&] {
          connection* back = w.people.find_connection(id);
          if (!result.ok) {
            w.events.storage_failed(result);
          }
          if (back == nullptr || back->closing) {
            return;
          }
          if (result.ok) {
            w.door.branch_read(*branch);
          }
          if (!result.ok || !*found || !(*found)->character) {
            back->stage = login_stage::menu;
            w.out.send(*back, "Deepwell has rebooted; please log in again.\n");
            greet(w, *back);
            return;
          }
          character ch = character_from(**found, *(*found)->character);
          const std::int64_t account = ch.account_id;
          admit(w, *back, std::move(ch), entry_kind::restored,
                            (*found)->character->pending_message, &**found);
          if (character* in_play = w.people.find_character(account);
              fighting && in_play != nullptr && in_play->connection == id) {
            w.door.resume_fight(*in_play, *back);
          }
        });
      });
}

}  // namespace login_flow
}  // namespace dw::game
