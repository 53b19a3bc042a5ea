#include "server/game/events/input_queue.hpp"

#include <algorithm>
#include <utility>

#include "server/log/log.hpp"

namespace dw::game {

input_queue::input_queue(const live_settings& settings, roster& people, output& out, services& svc)
    : settings_(settings), people_(people), out_(out), services_(svc) {}

input_queue::input_state& input_queue::input_of(const connection& conn) {
  auto [it, added] = inputs_.try_emplace(conn.id);
  if (added) {
    // No entry means a full bucket of commands, as a new connection starts with.
    it->second.command_tokens = static_cast<double>(settings_.get().server.max_commands_per_second) * 2;
    it->second.tokens_at_ms = services_.steady_ms();
  }
  return it->second;
}

input_queue::input_state* input_queue::find_input(std::uint64_t conn_id) {
  auto it = inputs_.find(conn_id);
  return it == inputs_.end() ? nullptr : &it->second;
}

void input_queue::forget(std::uint64_t conn_id) {
  inputs_.erase(conn_id);  // (typed_ahead_conns_ drops the id when it next looks)
}

std::size_t input_queue::typed_ahead(std::uint64_t conn_id) const {
  auto it = inputs_.find(conn_id);
  return it == inputs_.end() ? 0 : it->second.typed_ahead.size();
}

bool input_queue::at_rest(const input_state& in, double full_bucket, std::int64_t now_ms) {
  // (a flood is over after the quiet spell over_command_rate waits for; its warning goes with it)
  return in.typed_ahead.empty() && !in.awaiting_commit && !in.awaiting_load && !in.idle_warned &&
         !in.typed_ahead_warned && (in.flood_since_ms == 0 || now_ms - in.flood_last_drop_ms > flood_ends_after_ms) &&
         in.command_tokens + full_bucket / 2 * static_cast<double>(now_ms - in.tokens_at_ms) / 1000.0 >= full_bucket;
}

void input_queue::forget_inputs_at_rest() {
  const double full_bucket = static_cast<double>(settings_.get().server.max_commands_per_second) * 2;
  const std::int64_t now_ms = services_.steady_ms();
  std::erase_if(inputs_, [&](const auto& entry) { return at_rest(entry.second, full_bucket, now_ms); });
}

input_queue::verdict input_queue::arrived(connection& conn, std::string_view line) {
  conn.last_input = services_.now();
  input_state& in = input_of(conn);
  in.idle_warned = false;
  if (over_command_rate(conn, in)) {
    return verdict::dropped;
  }
  in.deferrals = 0;
  if (busy(conn, in) || !in.typed_ahead.empty()) {
    // Busy (logging in, its last command being saved, or a branch being read for it): keep the line,
    // in order, for later.
    type_ahead(conn, in, line);
    return verdict::kept;
  }
  return verdict::run;
}

bool input_queue::over_command_rate(connection& conn) { return over_command_rate(conn, input_of(conn)); }

bool input_queue::over_command_rate(connection& conn, input_state& in) {
  const double rate = static_cast<double>(settings_.get().server.max_commands_per_second);
  const std::int64_t now_ms = services_.steady_ms();
  in.command_tokens =
      std::min(rate * 2, in.command_tokens + rate * static_cast<double>(now_ms - in.tokens_at_ms) / 1000.0);
  in.tokens_at_ms = now_ms;
  // A flood ends only after a quiet spell with nothing dropped (flood_ends_after_ms), so a client that
  // keeps just over the limit is warned once, not every time a command slips through.
  if (in.flood_since_ms != 0 && now_ms - in.flood_last_drop_ms > flood_ends_after_ms) {
    in.flood_since_ms = 0;
    in.rate_warned = false;
  }
  if (in.command_tokens >= 1.0) {
    in.command_tokens -= 1.0;
    return false;
  }
  in.flood_last_drop_ms = now_ms;
  if (in.flood_since_ms == 0) {
    in.flood_since_ms = now_ms;
  }
  if (!in.rate_warned) {
    in.rate_warned = true;
    log::warn("connection {} ({}) is sending commands too fast; dropping them", conn.id, conn.port->address());
    out_.send(conn, "You are typing faster than the game can follow; slow down. (Commands are being ignored, and "
                    "if this goes on you will be disconnected.)\n");
  } else if (now_ms - in.flood_since_ms >= settings_.get().server.flood_disconnect_seconds * 1000 &&
             !conn.closing) {
    log::warn("connection {} ({}) kept flooding for {} s: disconnecting", conn.id, conn.port->address(),
                 (now_ms - in.flood_since_ms) / 1000);
    out_.disconnect(conn, "You kept sending commands too fast. Goodbye.\n");
  }
  return true;
}

bool input_queue::busy(const connection& conn, const input_state& in) {
  return conn.stage == login_stage::waiting || in.awaiting_commit || in.awaiting_load;
}

void input_queue::type_ahead(connection& conn, input_state& in, std::string_view line) {
  if (in.typed_ahead.size() >= max_typed_ahead_lines || in.typed_ahead_bytes + line.size() > max_typed_ahead_bytes) {
    if (!in.typed_ahead_warned) {
      in.typed_ahead_warned = true;
      log::warn("connection {} ({}) typed more than {} lines ahead; dropping", conn.id, conn.port->address(),
                max_typed_ahead_lines);
      out_.send(conn, "You have typed too far ahead; lines are being dropped until the game catches up.\n");
    }
    return;
  }
  if (in.typed_ahead.empty()) {
    typed_ahead_conns_.push_back(conn.id);
  }
  in.typed_ahead.emplace_back(line);
  in.typed_ahead_bytes += line.size();
}

input_queue::ready_line input_queue::next_ready() {
  for (std::size_t i = 0; i < typed_ahead_conns_.size(); ++i) {
    input_state* in = find_input(typed_ahead_conns_[i]);
    if (in != nullptr && !in->typed_ahead.empty() && (in->awaiting_commit || in->awaiting_load)) {
      continue;  // still busy: one lookup (a flush runs after every event, and most waits are for a commit)
    }
    connection* conn = in == nullptr ? nullptr : people_.find_connection(typed_ahead_conns_[i]);
    if (conn == nullptr || conn->closing || in->typed_ahead.empty()) {
      if (in != nullptr) {
        in->typed_ahead.clear();
        in->typed_ahead_bytes = 0;
      }
      typed_ahead_conns_.erase(typed_ahead_conns_.begin() + static_cast<std::ptrdiff_t>(i));
      --i;
      continue;
    }
    if (busy(*conn, *in)) {
      continue;
    }
    ready_line ready{conn, std::move(in->typed_ahead.front())};
    in->typed_ahead.pop_front();
    in->typed_ahead_bytes -= ready.text.size();
    if (in->typed_ahead.empty()) {
      in->typed_ahead_warned = false;
      typed_ahead_conns_.erase(typed_ahead_conns_.begin() + static_cast<std::ptrdiff_t>(i));
    }
    return ready;
  }
  return {};
}

bool input_queue::wait_for_load(const connection& conn, const std::string& line) {
  input_state& in = input_of(conn);
  if (++in.deferrals > max_load_waits) {
    return false;
  }
  if (in.typed_ahead.empty()) {
    typed_ahead_conns_.push_back(conn.id);
  }
  in.typed_ahead.push_front(line);
  in.typed_ahead_bytes += line.size();
  in.awaiting_load = true;
  return true;
}

bool input_queue::load_done(std::uint64_t conn_id, bool ok) {
  input_state* in = find_input(conn_id);
  if (in == nullptr) {
    return false;
  }
  in->awaiting_load = false;  // its line runs again when the event loop next looks
  if (ok || in->typed_ahead.empty()) {
    return false;
  }
  // The line that waited cannot run: it is dropped.
  in->typed_ahead_bytes -= in->typed_ahead.front().size();
  in->typed_ahead.pop_front();
  return true;
}

void input_queue::await_commit(const connection& conn) { input_of(conn).awaiting_commit = true; }

void input_queue::commit_done(std::uint64_t conn_id) {
  if (input_state* in = find_input(conn_id)) {
    in->awaiting_commit = false;
  }
}

std::size_t input_queue::drop_typed_ahead(std::uint64_t conn_id) {
  input_state* in = find_input(conn_id);
  if (in == nullptr) {
    return 0;
  }
  const std::size_t lines = in->typed_ahead.size();
  in->typed_ahead.clear();
  in->typed_ahead_bytes = 0;
  return lines;
}

void input_queue::idle_tick() {
  const std::int64_t now = services_.now();
  const config::settings& s = settings_.get();
  const std::int64_t timeout = s.server.idle_timeout_seconds;
  const std::int64_t warn_at = timeout - std::min<std::int64_t>(300, timeout / 4);
  std::vector<connection*> idle;
  std::vector<connection*> slow_login;
  for (const auto& [id, conn] : people_.connections()) {
    const std::int64_t quiet = now - conn->last_input;
    if (conn->closing) {
      continue;
    }
    if (conn->stage != login_stage::playing && conn->stage != login_stage::waiting &&
        now - conn->connected_at >= s.server.login_timeout_seconds) {
      slow_login.push_back(conn.get());
      continue;
    }
    if (quiet >= timeout) {
      idle.push_back(conn.get());
    } else if (quiet >= warn_at) {
      input_state& in = input_of(*conn);
      if (in.idle_warned) {
        continue;
      }
      in.idle_warned = true;
      out_.send(*conn, "You have been idle for a while. You will be disconnected in " +
                           std::to_string(timeout - quiet) + " seconds unless you type something.\n");
    }
  }
  for (connection* conn : idle) {
    log::info("connection {} idle for {} s: disconnecting", conn->id, now - conn->last_input);
    out_.disconnect(*conn, "You have been idle too long. Goodbye.\n");
  }
  for (connection* conn : slow_login) {
    log::info("connection {} ({}) did not log in within {} s: disconnecting", conn->id, conn->port->address(),
                 s.server.login_timeout_seconds);
    conn->port->set_hidden_input(false);
    out_.disconnect(*conn, "\nYou did not log in in time. Goodbye.\n");
  }
  forget_inputs_at_rest();
}

}  // namespace dw::game
