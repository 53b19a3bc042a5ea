#include "server/game/world.hpp"

#include <spdlog/spdlog.h>
#include <algorithm>
#include <chrono>

#include "server/game/command_parser.hpp"
#include "server/game/commands.hpp"
#include "server/game/dungeon_bridge.hpp"
#include "server/game/dungeon_play.hpp"
#include "server/game/gmcp.hpp"
#include "server/game/login_flow.hpp"
#include "server/game/text_wrap.hpp"
#include "server/store/items.hpp"
#include "server/store/store_error.hpp"
#include "server/text/log_safe.hpp"

namespace dw::game {
namespace {
dungeon::dungeon_settings dungeon_settings_of(const config::settings& s) {
  dungeon::dungeon_settings d;
  d.world_seed = static_cast<std::uint64_t>(s.dungeon.world_seed);
  d.max_unexplored_exits = static_cast<std::uint32_t>(s.dungeon.max_unexplored_exits);
  d.branch_join_seconds = s.dungeon.branch_join_seconds;
  d.branch_idle_collapse_seconds = s.dungeon.branch_idle_collapse_seconds;
  return d;
}
}  // namespace

world::world(config::settings settings, services& services, world_parts parts)
    : settings_(std::move(settings)),
      services_(services),
      content_(std::move(parts.content)),
      dungeon_(std::make_unique<dungeon::dungeon>(dungeon_settings_of(settings_), &room_loader_)),
      throttle_(settings_.accounts.failed_login_base_delay_ms, settings_.accounts.failed_login_max_delay_ms),
      passwords_(parts.password_workers, static_cast<std::size_t>(settings_.accounts.max_pending_logins_per_address),
                 static_cast<std::size_t>(settings_.accounts.max_pending_logins)) {
  // What storage held at start-up: the branches (their rooms come into memory when someone enters),
  // the id counters, what lies in the static rooms, bans and administrators' settings.
  const dungeon_snapshot dungeon_state = dungeon_state_of(parts.startup);
  for (const dungeon::branch_info& b : dungeon_state.branches) {
    dungeon_->restore_branch(b);
  }
  if (dungeon_state.counters) {
    dungeon_->restore_counters(*dungeon_state.counters);
  }
  play_ = std::make_unique<content_play>(*this);
  play_->set_next_item_id(parts.startup.max_item_id + 1);
  play_->restore_static_floors(parts.startup.static_floor_items);
  admin_ = std::make_unique<administration>(*this, parts.startup);
  register_basic_commands(commands_);
  register_dungeon_commands(commands_);
  play_->register_commands(commands_);
  admin_->register_commands(commands_);
}

std::optional<std::string> world::apply_settings(const config::settings& changed) {
  if (auto why = dungeon_->set_settings(dungeon_settings_of(changed))) {
    return std::string(*why);
  }
  settings_ = changed;
  throttle_.set_limits(settings_.accounts.failed_login_base_delay_ms, settings_.accounts.failed_login_max_delay_ms);
  passwords_.set_limits(static_cast<std::size_t>(settings_.accounts.max_pending_logins_per_address),
                        static_cast<std::size_t>(settings_.accounts.max_pending_logins));
  spdlog::set_level(spdlog::level::from_str(settings_.log.level));
  return std::nullopt;
}

void world::require_branch(std::int64_t b) {
  if (b != 0 && dungeon_->branch(static_cast<dungeon::branch_id>(b)) &&
      !dungeon_->fully_resident(static_cast<dungeon::branch_id>(b))) {
    throw storage::load_needed(b);
  }
}

void world::apply_branch(const storage::branch_snapshot& snapshot) {
  const auto b = static_cast<dungeon::branch_id>(snapshot.branch_id);
  if (!snapshot.exists || !dungeon_->branch(b) || dungeon_->fully_resident(b)) {
    return;  // gone meanwhile, or already in memory (and then newer than the snapshot)
  }
  std::vector<dungeon::room> rooms;
  rooms.reserve(snapshot.rooms.size());
  for (const store::room_record& r : snapshot.rooms) {
    rooms.push_back(to_room(r));
  }
  dungeon_->restore_rooms(b, rooms);
  play_->restore_branch(snapshot);
}

void world::persist_changes(const dungeon::change_set& changes) {
  if (changes.empty()) {
    return;
  }
  persist(to_change(changes));
}

bool world::decide_clear(const dungeon::room& r) {
  const bool clear = play_->decide_clear(r, current_actor_);
  return clear_decider_ ? clear_decider_(r) : clear;
}

void world::room_created(const dungeon::room& r, bool fresh) {
  if (fresh) {
    play_->room_created(r);
  }
}

content::room_description world::describe(const dungeon::room& r) const {
  // The variant is chosen from the room's own identity so it never changes between visits.
  const std::uint64_t variant = (static_cast<std::uint64_t>(r.branch) << 32) ^ r.id;
  return content::describe_room(*content_, static_cast<int>(dungeon::depth_of(r.pos)), variant);
}

std::string world::room_extras(const dungeon::room& r, const character& viewer) {
  return play_->room_extras(static_cast<std::int64_t>(r.id), viewer);
}

bool world::in_combat(const character& ch) const { return play_->in_combat(ch); }

void world::branch_collapsed(dungeon::branch_id b) { play_->forget_branch(b); }

// ---------------------------------------------------------------- events

std::uint64_t world::on_connect(session_port& port) {
  auto conn = std::make_unique<connection>();
  conn->id = next_connection_id_++;
  conn->port = &port;
  conn->connected_at = services_.now();
  conn->last_input = conn->connected_at;
  conn->command_tokens = static_cast<double>(settings_.server.max_commands_per_second) * 2;
  conn->tokens_at_ms = services_.steady_ms();
  const std::uint64_t id = conn->id;
  connection& c = *conn;
  connections_.emplace(id, std::move(conn));
  run_event(id, [&] {
    if (auto refusal = admin_->address_refusal(port.address())) {
      spdlog::warn("refused banned address {} (connection {})", port.address(), id);
      disconnect(c, *refusal + "\n");
      return;
    }
    // Connections at the login screen are bounded per address, so one address cannot hold the slots
    // (or the login screen) of everyone else; players already in the game do not count.
    std::int64_t waiting = 0;
    for (const auto& [other_id, other] : connections_) {
      waiting += other->stage != login_stage::playing && !other->closing && other->port->address() == port.address();
    }
    if (waiting > settings_.server.max_unauthenticated_per_address) {
      spdlog::warn("refused connection {} from {}: {} connections from that address are at the login screen", id,
                   port.address(), waiting - 1);
      disconnect(c, "Too many connections from your address are at the login screen. Log in on one of them, or "
                    "close some, and try again.\n");
      return;
    }
    login_flow::greet(*this, c);
  });
  return id;
}

void world::on_line(std::uint64_t conn_id, std::string_view line) {
  connection* conn = find_connection(conn_id);
  if (conn == nullptr || conn->closing) {
    return;
  }
  conn->last_input = services_.now();
  conn->idle_warned = false;
  conn->at_prompt = false;  // the person pressed Enter: their client is on a fresh line
  if (rate_limited(*conn)) {
    flush_output();
    return;
  }
  conn->deferrals = 0;
  if (busy(*conn) || !conn->typed_ahead.empty()) {
    // Busy (logging in, its last command being saved, or a branch being read for it): keep the line,
    // in order, for later.
    type_ahead(*conn, line);
    flush_output();
    return;
  }
  const std::string text(line);
  event_line_ = &text;
  run_event(conn_id, [&] { dispatch(*conn, text); });
}

bool world::busy(const connection& conn) {
  return conn.stage == login_stage::waiting || conn.awaiting_commit || conn.awaiting_load;
}

void world::type_ahead(connection& conn, std::string_view line) {
  // Login scripts (TinTin++, Mudlet, MUSHclient) send their first commands with the login line.
  constexpr std::size_t max_lines = 64;
  constexpr std::size_t max_bytes = 16 * 1024;
  if (conn.typed_ahead.size() >= max_lines || conn.typed_ahead_bytes + line.size() > max_bytes) {
    if (!conn.typed_ahead_warned) {
      conn.typed_ahead_warned = true;
      spdlog::warn("connection {} ({}) typed more than {} lines ahead; dropping", conn.id, conn.port->address(),
                   max_lines);
      send(conn, "You have typed too far ahead; lines are being dropped until the game catches up.\n");
    }
    return;
  }
  if (conn.typed_ahead.empty()) {
    typed_ahead_conns_.push_back(conn.id);
  }
  conn.typed_ahead.emplace_back(line);
  conn.typed_ahead_bytes += line.size();
}

bool world::run_one_typed_ahead() {
  for (std::size_t i = 0; i < typed_ahead_conns_.size(); ++i) {
    connection* conn = find_connection(typed_ahead_conns_[i]);
    if (conn == nullptr || conn->closing || conn->typed_ahead.empty()) {
      if (conn != nullptr) {
        conn->typed_ahead.clear();
        conn->typed_ahead_bytes = 0;
      }
      typed_ahead_conns_.erase(typed_ahead_conns_.begin() + static_cast<std::ptrdiff_t>(i));
      --i;
      continue;
    }
    if (busy(*conn)) {
      continue;
    }
    const std::string line = std::move(conn->typed_ahead.front());
    conn->typed_ahead.pop_front();
    conn->typed_ahead_bytes -= line.size();
    if (conn->typed_ahead.empty()) {
      conn->typed_ahead_warned = false;
      typed_ahead_conns_.erase(typed_ahead_conns_.begin() + static_cast<std::ptrdiff_t>(i));
    }
    event_actor_ = conn->id;
    event_line_ = &line;
    guarded([&] { dispatch(*conn, line); });
    event_line_ = nullptr;
    return true;
  }
  return false;
}

void world::run_event(std::uint64_t actor, const std::function<void()>& work) {
  event_actor_ = actor;
  guarded(work);
  event_line_ = nullptr;
  flush_output();
}

void world::guarded(const std::function<void()>& work) {
  try {
    work();
  } catch (const storage::load_needed& need) {
    defer_until_loaded(need);
  } catch (const store::store_error& e) {
    abort_event(e.what(), e.code() == 0 ? 1 : e.code());
  } catch (const std::exception& e) {
    abort_event(e.what(), 0);
  } catch (...) {
    abort_event("unknown exception", 0);
  }
}

void world::take_back_event() {
  std::vector<event_batch::undo_step> undo = batch_.take_undo();
  batch_.clear();
  for (std::uint64_t id : touched_) {
    if (connection* c = find_connection(id)) {
      c->port->discard_unflushed();
      c->touched = false;
      c->gmcp_only = false;
    }
  }
  touched_.clear();
  event_batch::roll_back(undo);
  audit_connection_ = 0;
  current_actor_ = nullptr;
}

void world::defer_until_loaded(const storage::load_needed& need) {
  // Nothing of this event happens now: it is taken back silently and its line runs again, whole, once
  // what it needs is in memory (read on a worker, never here).
  take_back_event();
  // Room lookups (an administrator's "@goto 1234") are keyed apart from branches.
  const std::int64_t key = need.branch_id != 0 ? need.branch_id : -need.room_id;
  pending_load& pending = loading_[key];
  const bool start = pending.waiting.empty() && !pending.started;
  if (connection* actor = find_connection(event_actor_); actor != nullptr && !actor->closing) {
    if (event_line_ == nullptr || ++actor->deferrals > 3) {
      spdlog::error("connection {}: what it asked for could not be loaded (branch {}, room {})", actor->id,
                    need.branch_id, need.room_id);
      send(*actor, "Something went wrong, so nothing happened. If it keeps happening, tell an administrator.\n");
    } else {
      if (actor->typed_ahead.empty()) {
        typed_ahead_conns_.push_back(actor->id);
      }
      actor->typed_ahead.push_front(*event_line_);
      actor->typed_ahead_bytes += event_line_->size();
      actor->awaiting_load = true;
      pending.waiting.push_back(actor->id);
    }
  }
  if (!start) {
    return;
  }
  pending.started = true;
  auto snapshot = std::make_shared<storage::branch_snapshot>();
  auto missing_room = std::make_shared<bool>(false);
  services_.run_blocking(
      [need, snapshot, missing_room](storage::loader& l) {
        std::int64_t b = need.branch_id;
        if (b == 0) {
          b = l.branch_of_room(need.room_id);
          *missing_room = b == 0;
        }
        if (b != 0) {
          *snapshot = l.branch(b);
        }
      },
      [this, key, snapshot, missing_room, room = need.room_id](const read_result& result) {
        run_event(0, [&] {
          if (!result.ok) {
            storage_failed(result);
          } else {
            apply_branch(*snapshot);
            if (*missing_room) {
              missing_rooms_.insert(room);
            }
          }
          if (auto it = loading_.find(key); it != loading_.end()) {
            for (std::uint64_t id : it->second.waiting) {
              if (connection* c = find_connection(id)) {
                c->awaiting_load = false;  // its line runs again when this event ends
                if (!result.ok && !c->typed_ahead.empty()) {
                  // The line that waited cannot run: it is dropped, and its sender told.
                  c->typed_ahead_bytes -= c->typed_ahead.front().size();
                  c->typed_ahead.pop_front();
                  send(*c, "The world could not do that right now; nothing changed. Try again in a moment.\n");
                }
              }
            }
            loading_.erase(it);
          }
        });
      });
}

bool world::room_known_missing(std::int64_t room_id) {
  return missing_rooms_.erase(room_id) > 0;
}

void world::abort_event(std::string_view what, int store_code) {
  // Whatever the event did is taken back: its changes are never saved, its output never leaves.
  take_back_event();
  if (store_code != 0) {
    note_storage(commit_result{0, false, store_code, std::string(what)});
  } else {
    spdlog::error("an event failed and was taken back: {}", log_safe(what));
  }
  if (connection* actor = find_connection(event_actor_); actor != nullptr && !actor->closing) {
    send(*actor, store_code != 0
                     ? "The world could not do that right now; nothing changed. Try again in a moment.\n"
                     : "Something went wrong, so nothing happened. If it keeps happening, tell an administrator.\n");
  }
}

void world::commit_now(storage::change change, std::uint64_t actor, std::function<void(const commit_result&)> done) {
  if (connection* waiting = find_connection(actor)) {
    waiting->awaiting_commit = true;
  }
  storage::batch one;
  one.push_back(std::move(change));
  services_.commit(std::move(one), [this, actor, done = std::move(done)](const commit_result& result) {
    note_storage(result);
    if (connection* waiting = find_connection(actor)) {
      waiting->awaiting_commit = false;
    }
    run_event(actor, [&] { done(result); });
  });
}

void world::storage_failed(const read_result& result) {
  note_storage(commit_result{0, false, result.code, result.message});
}

void world::note_storage(const commit_result& result) {
  const std::int64_t now = services_.now();
  if (result.ok) {
    if (auto text = storage_.succeeded(now)) {
      spdlog::warn("storage: {}", log_safe(*text));
      tell_admins("[Storage] " + *text + "\n");
    }
    return;
  }
  if (auto text = storage_.failed(result.code, result.message, now)) {
    spdlog::error("storage: {}", log_safe(*text));
    tell_admins("[Storage] " + *text + "\n");
  } else {
    spdlog::debug("storage: change {} refused ({} in this fault so far): {}", result.ticket, storage_.failures(),
                  log_safe(result.message));
  }
}

void world::tell_admins(std::string_view text) {
  for (auto& [account, ch] : characters_) {
    if (ch.account_role == role::admin) {
      send(ch.connection, text);
    }
  }
}

void world::on_line_too_long(std::uint64_t conn_id, std::size_t bytes) {
  connection* conn = find_connection(conn_id);
  if (conn == nullptr) {
    return;
  }
  conn->at_prompt = false;
  spdlog::warn("connection {} ({}) sent a line of {} bytes; discarded", conn_id, conn->port->address(), bytes);
  send(*conn, "That line was too long (" + std::to_string(bytes) + " bytes; the limit is " +
                  std::to_string(settings_.server.max_line_bytes) + "). It was ignored.\n");
  flush_output();
}

void world::on_gmcp(std::uint64_t conn_id, std::string_view package, std::string_view json) {
  connection* conn = find_connection(conn_id);
  if (conn == nullptr) {
    return;
  }
  // GMCP traffic gets no prompt: it is not something the person typed.
  run_event(conn_id, [&] { handle_gmcp(*this, *conn, package, json); });
}

void world::on_disconnect(std::uint64_t conn_id) {
  auto it = connections_.find(conn_id);
  if (it == connections_.end()) {
    return;
  }
  connection& conn = *it->second;
  run_event(0, [&] { login_flow::forget_checks(*this, conn); });
  if (conn.stage == login_stage::playing) {
    if (character* ch = find_character(conn.account_id); ch != nullptr && ch->connection == conn_id) {
      // Everything the character did was saved by its own events; this saves where it rests. If that
      // cannot be saved, the last saved place stands: nothing is taken back, the character has gone.
      run_event(0, [&] {
        spdlog::info("{} left the game (connection {})", ch->name, conn_id);
        send_room(ch->where.room_id, ch->name + " fades away.\n", ch->account_id);
        play_->leave_room(*ch);
        save_character(*ch);
        unplace(*ch);
      });
      characters_.erase(conn.account_id);
    }
  }
  spdlog::info("connection {} from {} closed", conn_id, conn.port->address());
  std::erase(touched_, conn_id);
  connections_.erase(it);
  flush_output();
}

void world::tick() {
  // Each duty is an event of its own, so one that cannot be saved takes nothing else down with it.
  run_event(0, [this] { idle_tick(); });
  run_event(0, [this] { collapse_idle_branches(*this); });
  run_event(0, [this] { play_->tick(); });
  run_event(0, [this] { admin_->tick(); });
}

void world::idle_tick() {
  const std::int64_t now = services_.now();
  const std::int64_t timeout = settings_.server.idle_timeout_seconds;
  const std::int64_t warn_at = timeout - std::min<std::int64_t>(300, timeout / 4);
  std::vector<connection*> idle;
  std::vector<connection*> slow_login;
  for (auto& [id, conn] : connections_) {
    const std::int64_t quiet = now - conn->last_input;
    if (conn->closing) {
      continue;
    }
    if (conn->stage != login_stage::playing && conn->stage != login_stage::waiting &&
        now - conn->connected_at >= settings_.server.login_timeout_seconds) {
      slow_login.push_back(conn.get());
      continue;
    }
    if (quiet >= timeout) {
      idle.push_back(conn.get());
    } else if (quiet >= warn_at && !conn->idle_warned) {
      conn->idle_warned = true;
      send(*conn, "You have been idle for a while. You will be disconnected in " + std::to_string(timeout - quiet) +
                      " seconds unless you type something.\n");
    }
  }
  for (connection* conn : idle) {
    spdlog::info("connection {} idle for {} s: disconnecting", conn->id, now - conn->last_input);
    disconnect(*conn, "You have been idle too long. Goodbye.\n");
  }
  for (connection* conn : slow_login) {
    spdlog::info("connection {} ({}) did not log in within {} s: disconnecting", conn->id, conn->port->address(),
                 settings_.server.login_timeout_seconds);
    conn->port->set_hidden_input(false);
    disconnect(*conn, "\nYou did not log in in time. Goodbye.\n");
  }
}

void world::save_all() {
  for (auto& [account, ch] : characters_) {
    save_character(ch);
  }
}

void world::reboot_failed(std::uint64_t requested_by, std::string_view why) {
  spdlog::error("hot reboot failed: {}", why);
  send_all("[Announcement] The reboot did not happen; the game goes on.\n");
  send(requested_by, "Reboot failed: " + std::string(why) + "\n");
  flush_output();
}

world::saved_connection world::save_connection(std::uint64_t conn_id) const {
  saved_connection saved;
  auto it = connections_.find(conn_id);
  if (it == connections_.end()) {
    return saved;
  }
  const connection& c = *it->second;
  saved.account_id = c.stage == login_stage::playing ? c.account_id : 0;
  if (const auto ch = characters_.find(saved.account_id); ch != characters_.end()) {
    saved.fighting = play_->in_combat(ch->second);
  }
  saved.connected_at = c.connected_at;
  saved.last_input = c.last_input;
  return saved;
}

std::uint64_t world::on_restore(session_port& port, const saved_connection& saved) {
  auto conn = std::make_unique<connection>();
  conn->id = next_connection_id_++;
  conn->port = &port;
  conn->connected_at = saved.connected_at;
  conn->last_input = saved.last_input;
  conn->command_tokens = static_cast<double>(settings_.server.max_commands_per_second) * 2;
  conn->tokens_at_ms = services_.steady_ms();
  const std::uint64_t id = conn->id;
  connection& c = *conn;
  connections_.emplace(id, std::move(conn));
  if (saved.account_id == 0) {
    port.set_hidden_input(false);  // it may have been typing a password: give the echo back
    send(c, "Deepwell has rebooted; please log in again.\n");
    login_flow::greet(*this, c);
    return id;
  }
  // The character comes back the way every character comes into play, read on a worker first.
  c.stage = login_stage::waiting;
  auto found = std::make_shared<std::optional<storage::login_record>>();
  auto branch = std::make_shared<storage::branch_snapshot>();
  services_.run_blocking(
      [found, branch, account = saved.account_id](storage::loader& l) {
        *found = l.login_by_id(account);
        if (*found && (*found)->character && (*found)->character->where.branch_id != 0) {
          *branch = l.branch((*found)->character->where.branch_id);
        }
      },
      [this, id, found, branch, fighting = saved.fighting](const read_result& result) {
        run_event(id, [&] {
          connection* back = find_connection(id);
          if (!result.ok) {
            storage_failed(result);
          }
          if (back == nullptr || back->closing) {
            return;
          }
          if (result.ok) {
            apply_branch(*branch);
          }
          if (!result.ok || !*found || !(*found)->character) {
            back->stage = login_stage::menu;
            send(*back, "Deepwell has rebooted; please log in again.\n");
            login_flow::greet(*this, *back);
            return;
          }
          character ch = login_flow::character_from((*found)->account, *(*found)->character);
          for (const store::item_record& it : (*found)->items) {
            ch.inventory.push_back(content_play::from_record(it));
          }
          const std::int64_t account = ch.account_id;
          login_flow::admit(*this, *back, std::move(ch), login_flow::entry_kind::restored,
                            (*found)->character->pending_message);
          if (character* in_play = find_character(account); fighting && in_play != nullptr && in_play->connection == id) {
            play_->resume_fight(*in_play, *back);
          }
        });
      });
  return id;
}

void world::shutdown(std::string_view message) {
  if (const std::size_t dropped = passwords_.clear(); dropped > 0) {
    spdlog::info("shutdown: {} password checks still waiting were dropped", dropped);
  }
  for (auto& [id, conn] : connections_) {
    send(*conn, message);
  }
  flush_output();  // the farewell does not wait for the saves below: each event already saved its own
  save_all();
  flush_output();
}

// ---------------------------------------------------------------- commands

bool world::rate_limited(connection& conn) {
  const double rate = static_cast<double>(settings_.server.max_commands_per_second);
  const std::int64_t now_ms = services_.steady_ms();
  conn.command_tokens =
      std::min(rate * 2, conn.command_tokens + rate * static_cast<double>(now_ms - conn.tokens_at_ms) / 1000.0);
  conn.tokens_at_ms = now_ms;
  // A flood ends only after a quiet spell with nothing dropped, so a client that keeps just over the
  // limit is warned once, not every time a command slips through.
  constexpr std::int64_t flood_ends_after_ms = 3000;
  if (conn.flood_since_ms != 0 && now_ms - conn.flood_last_drop_ms > flood_ends_after_ms) {
    conn.flood_since_ms = 0;
    conn.rate_warned = false;
  }
  if (conn.command_tokens >= 1.0) {
    conn.command_tokens -= 1.0;
    return false;
  }
  conn.flood_last_drop_ms = now_ms;
  if (conn.flood_since_ms == 0) {
    conn.flood_since_ms = now_ms;
  }
  if (!conn.rate_warned) {
    conn.rate_warned = true;
    spdlog::warn("connection {} ({}) is sending commands too fast; dropping them", conn.id, conn.port->address());
    send(conn, "You are typing faster than the game can follow; slow down. (Commands are being ignored, and if "
               "this goes on you will be disconnected.)\n");
  } else if (now_ms - conn.flood_since_ms >= settings_.server.flood_disconnect_seconds * 1000 && !conn.closing) {
    spdlog::warn("connection {} ({}) kept flooding for {} s: disconnecting", conn.id, conn.port->address(),
                 (now_ms - conn.flood_since_ms) / 1000);
    disconnect(conn, "You kept sending commands too fast. Goodbye.\n");
  }
  return true;
}

void world::dispatch(connection& conn, std::string_view line) {
  if (conn.stage != login_stage::playing) {
    login_flow::handle_line(*this, conn, line);
    return;
  }
  character* ch = find_character(conn.account_id);
  if (ch == nullptr) {
    return;
  }
  const parsed_command cmd = parse_command(line);
  if (cmd.verb.empty()) {
    touch(conn);  // an empty line just gets a fresh prompt
    return;
  }
  const command_lookup found = commands_.find(cmd.verb, ch->account_role);
  if (found.found == nullptr) {
    if (!found.candidates.empty()) {
      std::string names;
      for (const command_def* c : found.candidates) {
        names += names.empty() ? "" : ", ";
        names += c->name;
      }
      send(conn, '\'' + std::string(cmd.verb) + "' could mean: " + names + ". Type more letters.\n");
    } else {
      send(conn, "Unknown command '" + std::string(cmd.verb) + "'. Type 'help'.\n");
    }
    return;
  }
  command_context ctx{*this, conn, *ch, cmd.verb, cmd.args};
  event_actor_ = conn.id;
  const bool audited = found.found->min_role != role::player;
  if (audited) {
    audit_connection_ = conn.id;
    audit_capture_.clear();
  }
  current_actor_ = ch;
  const std::string actor = ch->name;
  found.found->handler(ctx);  // may disconnect or move `ch`: use only copies afterwards
  current_actor_ = nullptr;
  if (audited) {
    audit_connection_ = 0;
    std::string result = audit_capture_.substr(0, audit_capture_.find('\n'));
    spdlog::info("admin {}: {} -> {}", actor, log_safe(line), log_safe(result));
    admin_->audit(actor, line, result.empty() ? "ok" : result);
  }
}

// ---------------------------------------------------------------- characters and rooms

connection* world::find_connection(std::uint64_t conn_id) {
  auto it = connections_.find(conn_id);
  return it == connections_.end() ? nullptr : it->second.get();
}

character* world::find_character(std::int64_t account_id) {
  auto it = characters_.find(account_id);
  return it == characters_.end() ? nullptr : &it->second;
}

character* world::find_character_by_name(std::string_view name) {
  for (auto& [id, ch] : characters_) {
    if (iequals(ch.name, name)) {
      return &ch;
    }
  }
  return nullptr;
}

std::vector<const character*> world::characters_in(std::int64_t room_id) const {
  std::vector<const character*> out;
  if (auto it = occupants_.find(room_id); it != occupants_.end()) {
    for (std::int64_t account : it->second) {
      if (auto c = characters_.find(account); c != characters_.end()) {
        out.push_back(&c->second);
      }
    }
  }
  return out;
}

std::vector<const character*> world::online() const {
  std::vector<const character*> out;
  out.reserve(characters_.size());
  for (const auto& [id, ch] : characters_) {
    out.push_back(&ch);
  }
  std::sort(out.begin(), out.end(), [](const character* a, const character* b) { return a->name < b->name; });
  return out;
}

void world::place(character& ch, bool record) {
  occupants_[ch.where.room_id].push_back(ch.account_id);
  if (ch.where.branch_id != 0) {
    const dungeon::change_set changes = dungeon_->enter_branch(static_cast<dungeon::branch_id>(ch.where.branch_id));
    if (record) {
      persist_changes(changes);
    }
  }
}

void world::unplace(const character& ch, bool record) {
  if (ch.where.branch_id != 0) {
    const dungeon::change_set changes =
        dungeon_->leave_branch(static_cast<dungeon::branch_id>(ch.where.branch_id), services_.now());
    if (record) {
      persist_changes(changes);
    }
  }
  auto it = occupants_.find(ch.where.room_id);
  if (it == occupants_.end()) {
    return;
  }
  std::erase(it->second, ch.account_id);
  if (it->second.empty()) {
    occupants_.erase(it);
  }
}

void world::save_character(const character& ch) {
  store::character_record rec;
  rec.account_id = ch.account_id;
  rec.where = ch.where;
  rec.hp = ch.hp;
  rec.max_hp = ch.max_hp;
  rec.last_seen = services_.now();
  persist(storage::save_character{rec});
}

void world::move_character(character& ch, const store::location& to, std::string_view leave_text,
                           std::string_view arrive_text) {
  if (!leave_text.empty()) {
    send_room(ch.where.room_id, leave_text, ch.account_id);
  }
  const store::location from = ch.where;
  play_->leave_room(ch);
  unplace(ch);
  ch.where = to;
  place(ch);
  save_character(ch);
  // If the move cannot be saved, the character is back where it was (registered after the move, so it
  // runs before the undo of whatever made the destination, such as a freshly spawned room).
  on_rollback([this, account = ch.account_id, from] {
    if (character* c = find_character(account)) {
      unplace(*c, false);
      c->where = from;
      place(*c, false);
    }
  });
  if (!arrive_text.empty()) {
    send_room(ch.where.room_id, arrive_text, ch.account_id);
  }
  show_room(ch);
}

void world::enter_play(connection& conn, character ch, login_flow::entry_kind kind, std::string pending_message) {
  const std::int64_t account = ch.account_id;
  ch.connection = conn.id;
  require_branch(ch.where.branch_id);  // read ahead with the login; a rare race reads it now
  const bool known =
      ch.where.branch_id == 0
          ? rooms_.find(ch.where.room_id) != nullptr
          : dungeon_->room_at(static_cast<dungeon::branch_id>(ch.where.branch_id), {ch.where.x, ch.where.y})
                .has_value();
  if (!known) {
    // The room is gone (its branch collapsed): wake at the bottom of the well.
    spdlog::info("{} was in a room that no longer exists; moving to the start room", ch.name);
    ch.where = store::location{};
    ch.where.room_id = start_room_id;
    pending_message += pending_message.empty() ? "" : "\n";
    pending_message += "The passages you were in have collapsed. You wake at the bottom of the well.";
  }
  if (character* existing = find_character(account)) {
    unplace(*existing, false);  // a take-over: the character is placed once, by its new connection
  }
  auto [it, inserted] = characters_.insert_or_assign(account, std::move(ch));
  character& placed = it->second;
  place(placed);
  conn.stage = login_stage::playing;
  conn.account_id = account;
  // If the login cannot be saved, the connection is back at the login screen and the character out of play.
  on_rollback([this, account, conn_id = conn.id] {
    if (character* c = find_character(account); c != nullptr && c->connection == conn_id) {
      unplace(*c, false);
      characters_.erase(account);
    }
    if (connection* back = find_connection(conn_id)) {
      back->stage = login_stage::menu;
      back->account_id = 0;
    }
  });
  send_gmcp(conn, "Char.Name", gmcp_char_name(placed.name));
  switch (kind) {
    case login_flow::entry_kind::created:
      send(conn, "Welcome to Deepwell, " + placed.name + ". Type 'help' to see what you can do.\n");
      break;
    case login_flow::entry_kind::returning:
      send(conn, "Welcome back, " + placed.name + ".\n");
      break;
    case login_flow::entry_kind::restored:
      send(conn, "The world shimmers and settles: Deepwell has rebooted around you.\n");
      break;
  }
  if (!pending_message.empty()) {
    send(conn, pending_message + "\n");
    save_character(placed);  // the message has been told: clear it, and keep the corrected location
  }
  if (kind == login_flow::entry_kind::restored) {
    send_room_info(placed);  // the room is where they left it: no new description, nobody "appears"
  } else {
    send_room(placed.where.room_id, placed.name + " appears.\n", account);
    show_room(placed);
  }
  play_->send_vitals(placed);
}

void world::show_room(character& ch) {
  connection* conn = find_connection(ch.connection);
  if (conn == nullptr) {
    return;
  }
  send(*conn, room_text(*this, ch));
  send_room_info(ch);
}

void world::send_room_info(character& ch) {
  if (connection* conn = find_connection(ch.connection)) {
    send_gmcp(*conn, "Room.Info", room_info_json(*this, ch));
  }
}

}  // namespace dw::game
