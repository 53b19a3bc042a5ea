#include "server/game/output/output.hpp"

#include <boost/json.hpp>
#include <algorithm>
#include <cstdio>

#include "server/game/output/gmcp_parse.hpp"
#include "server/game/output/style.hpp"
#include "server/game/output/text_wrap.hpp"

namespace dw::game {

void output::touch(connection& conn) {
  conn.gmcp_only = false;  // text was sent: a prompt is owed
  if (!conn.touched) {
    conn.touched = true;
    touched_.push_back(conn.id);
  }
}

void output::send(connection& conn, std::string_view text) {
  if (conn.closing) {
    return;
  }
  if (conn.at_prompt) {
    conn.port->write_text("\n");  // leave the prompt line the person was looking at
    conn.at_prompt = false;
  }
  // Buffers reused for every message: broadcasting to a full room allocates nothing once they have grown.
  std::string_view plain = text;
  if (text.find(style_begin) != std::string_view::npos) {
    render_buffer_.clear();
    strip_styles(text, render_buffer_);
    plain = render_buffer_;
  }
  wrap_buffer_.clear();
  wrap_text(plain, conn.port->client().width, wrap_buffer_);
  conn.port->write_text(wrap_buffer_);
  touch(conn);
}

void output::send(std::uint64_t conn_id, std::string_view text) {
  if (connection* conn = people_.find_connection(conn_id)) {
    send(*conn, text);
  }
}

void output::send_room(std::int64_t room_id, std::string_view text, std::int64_t except_account) {
  for (std::int64_t account : people_.occupants(room_id)) {
    if (account == except_account) {
      continue;
    }
    if (const character* ch = people_.find_character(account)) {
      send(ch->connection, text);
    }
  }
}

void output::send_all(std::string_view text) {
  for (const auto& [id, conn] : people_.connections()) {
    send(*conn, text);
  }
}

void output::tell_admins(std::string_view text) {
  people_.for_each_character([&](const character& ch) {
    if (ch.account_role == role::admin) {
      send(ch.connection, text);
    }
  });
}

bool output::gmcp_wanted(const connection& conn, std::string_view package) {
  return !conn.closing && conn.port->client().gmcp && gmcp_enabled(conn.gmcp_supports, package);
}

void output::send_gmcp(connection& conn, std::string_view package, std::string_view json) {
  if (!gmcp_enabled(conn.gmcp_supports, package)) {
    return;  // the client did not ask for this package
  }
  conn.port->write_gmcp(package, json);
  if (!conn.touched) {
    // GMCP alone needs a flush but no prompt.
    conn.touched = true;
    conn.gmcp_only = true;
    touched_.push_back(conn.id);
  }
}

void output::send_vitals(const character& ch) {
  connection* conn = people_.find_connection(ch.connection);
  if (conn == nullptr) {
    return;
  }
  if (!gmcp_wanted(*conn, "Char.Vitals")) {
    return;
  }
  boost::json::object o;
  o["hp"] = ch.hp;
  o["maxhp"] = ch.max_hp;
  send_gmcp(*conn, "Char.Vitals", boost::json::serialize(o));
}

void output::disconnect(connection& conn, std::string_view farewell) {
  if (conn.closing) {
    return;
  }
  send(conn, farewell);
  conn.closing = true;
  conn.port->close();
}

void output::send_prompt(connection& conn) {
  std::string_view prompt = "> ";
  char vitals[48];  // the prompt of a character in play: built here, so a prompt allocates nothing
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
      break;
    case login_stage::playing:
      if (const character* ch = people_.find_character(conn.account_id)) {
        const int n = std::snprintf(vitals, sizeof vitals, "[%d/%d hp] > ", static_cast<int>(ch->hp),
                                    static_cast<int>(ch->max_hp));
        prompt = std::string_view(vitals, n > 0 ? static_cast<std::size_t>(n) : 0);
      }
      break;
  }
  conn.port->write_text(prompt);
  conn.port->write_prompt_end();
  conn.at_prompt = true;
}

void output::end_event(std::uint64_t ticket) {
  for (std::uint64_t id : touched_) {
    connection* conn = people_.find_connection(id);
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

void output::discard_event() {
  for (std::uint64_t id : touched_) {
    if (connection* c = people_.find_connection(id)) {
      c->port->discard_unflushed();
      c->touched = false;
      c->gmcp_only = false;
    }
  }
  touched_.clear();
}

void output::forget(std::uint64_t conn_id) { std::erase(touched_, conn_id); }

}  // namespace dw::game
