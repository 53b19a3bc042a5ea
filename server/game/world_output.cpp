// The world's output side: gathering text per connection, prompts, and one flush per event.
#include <spdlog/spdlog.h>
#include <memory>
#include <utility>

#include "server/game/text_wrap.hpp"
#include "server/game/world.hpp"

namespace dw::game {

// ---------------------------------------------------------------- output

void world::touch(connection& conn) {
  conn.gmcp_only = false;  // text was sent: a prompt is owed
  if (!conn.touched) {
    conn.touched = true;
    touched_.push_back(conn.id);
  }
}

void world::send(connection& conn, std::string_view text) {
  if (conn.closing) {
    return;
  }
  if (conn.at_prompt) {
    conn.port->write_text("\n");  // leave the prompt line the person was looking at
    conn.at_prompt = false;
  }
  if (conn.id == audit_connection_ && audit_capture_.size() < 500) {
    audit_capture_.append(text.substr(0, 500));
  }
  // One buffer reused for every message: broadcasting to a full room allocates nothing once it has grown.
  wrap_buffer_.clear();
  wrap_text(text, conn.port->client().width, wrap_buffer_);
  conn.port->write_text(wrap_buffer_);
  touch(conn);
}

void world::send(std::uint64_t conn_id, std::string_view text) {
  if (connection* conn = find_connection(conn_id)) {
    send(*conn, text);
  }
}

void world::send_room(std::int64_t room_id, std::string_view text, std::int64_t except_account) {
  auto it = occupants_.find(room_id);
  if (it == occupants_.end()) {
    return;
  }
  for (std::int64_t account : it->second) {
    if (account == except_account) {
      continue;
    }
    if (const character* ch = find_character(account)) {
      send(ch->connection, text);
    }
  }
}

void world::send_all(std::string_view text) {
  for (auto& [id, conn] : connections_) {
    send(*conn, text);
  }
}

void world::send_gmcp(connection& conn, std::string_view package, std::string_view json) {
  conn.port->write_gmcp(package, json);
  if (!conn.touched) {
    // GMCP alone needs a flush but no prompt.
    conn.touched = true;
    conn.gmcp_only = true;
    touched_.push_back(conn.id);
  }
}

void world::send_prompt(connection& conn) {
  std::string prompt;
  switch (conn.stage) {
    case login_stage::ask_name:
      prompt = "Name: ";
      break;
    case login_stage::ask_password:
    case login_stage::ask_new_password:
      prompt = "Password: ";
      break;
    case login_stage::confirm_password:
      prompt = "Password again: ";
      break;
    case login_stage::waiting:
      return;  // the answer comes with its own prompt
    case login_stage::menu:
      prompt = "> ";
      break;
    case login_stage::playing:
      if (const character* ch = find_character(conn.account_id)) {
        prompt = "[" + std::to_string(ch->hp) + "/" + std::to_string(ch->max_hp) + " hp] > ";
      } else {
        prompt = "> ";
      }
      break;
  }
  conn.port->write_text(prompt);
  conn.port->write_prompt_end();
  conn.at_prompt = true;
}

void world::flush_output() {
  if (flushing_) {
    return;  // a flush that leads to a disconnect must not start a second pass over touched_
  }
  flushing_ = true;
  finish_event();
  // Lines typed ahead by connections that are no longer busy run now, each as an event of its own.
  while (run_one_typed_ahead()) {
    finish_event();
  }
  flushing_ = false;
}

void world::finish_event() {
  const std::uint64_t actor = std::exchange(event_actor_, 0);
  std::uint64_t ticket = 0;
  if (!batch_.empty()) {
    // The actor's next line waits for this batch: set before commit(), which may call back at once.
    connection* waiting = actor == 0 ? nullptr : find_connection(actor);
    if (waiting != nullptr) {
      waiting->awaiting_commit = true;
    }
    auto undo = std::make_shared<std::vector<event_batch::undo_step>>(batch_.take_undo());
    auto touched = std::make_shared<std::vector<std::uint64_t>>(touched_);
    ticket = services_.commit(batch_.take_changes(), [this, undo, touched, actor](const commit_result& result) {
      batch_resolved(result, *undo, *touched, actor);
    });
  } else {
    batch_.clear();  // undo steps of an event that saved nothing have nothing to undo
  }
  // Every connection that got output during this event gets its prompt and one write, released once the
  // event's batch has committed (at once when it saved nothing).
  for (std::uint64_t id : touched_) {
    connection* conn = find_connection(id);
    if (conn == nullptr) {
      continue;
    }
    if (!conn->closing && !conn->gmcp_only) {
      send_prompt(*conn);
    }
    conn->touched = false;
    conn->gmcp_only = false;
    conn->port->flush(ticket);
  }
  touched_.clear();
}

void world::batch_resolved(const commit_result& result, std::vector<event_batch::undo_step>& undo,
                           const std::vector<std::uint64_t>& touched, std::uint64_t actor) {
  const event_scope scope(*this);  // an event of its own: what it says leaves at once
  connection* waiting = actor == 0 ? nullptr : find_connection(actor);
  if (waiting != nullptr) {
    waiting->awaiting_commit = false;
  }
  if (result.ok) {
    note_storage(result);
    return;
  }
  // Nobody sees what the event said, and memory goes back to what the database holds.
  for (std::uint64_t id : touched) {
    if (connection* c = find_connection(id)) {
      c->port->discard(result.ticket);
    }
  }
  if (const int threw = event_batch::roll_back(undo); threw > 0) {
    spdlog::error("{} undo steps of refused change {} failed", threw, result.ticket);
  }
  if (waiting != nullptr && !waiting->closing) {
    waiting->at_prompt = false;  // the prompt that went with the discarded output never left
    std::string text = "The world could not record that; nothing changed. Try again in a moment.\n";
    if (!waiting->typed_ahead.empty()) {
      // They were typed expecting the refused command to have happened.
      text += "(" + std::to_string(waiting->typed_ahead.size()) +
              (waiting->typed_ahead.size() == 1 ? " line" : " lines") + " you typed meanwhile did not run.)\n";
      waiting->typed_ahead.clear();
      waiting->typed_ahead_bytes = 0;
    }
    send(*waiting, text);
  }
  note_storage(result);  // after the actor's own answer: an administrator reads why right below it
}

void world::disconnect(connection& conn, std::string_view farewell) {
  if (conn.closing) {
    return;
  }
  send(conn, farewell);
  conn.closing = true;
  conn.port->close();
}

}  // namespace dw::game
