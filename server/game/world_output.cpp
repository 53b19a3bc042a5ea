// The world's output side: gathering text per connection, prompts, and one flush per event.
#include <spdlog/spdlog.h>

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
  // Every connection that got output during this event gets its prompt and one write.
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
    conn->port->flush();
  }
  touched_.clear();
  flushing_ = false;
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
