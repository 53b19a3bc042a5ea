// The administrators' commands. Every one of them is audited by the world's dispatcher.
#include <spdlog/spdlog.h>
#include <algorithm>
#include <charconv>
#include <ctime>
#include <memory>

#include "content/scroll.hpp"
#include "content/tape.hpp"
#include "server/text/player_text.hpp"
#include "server/game/admin_support.hpp"
#include "server/game/administration.hpp"
#include "server/game/command_parser.hpp"
#include "server/game/dungeon_play.hpp"
#include "server/game/duration.hpp"
#include "server/game/login_flow.hpp"
#include "server/game/names.hpp"
#include "server/game/map_view.hpp"
#include "server/game/world.hpp"

namespace dw::game {
namespace {
using namespace admin_support;

/// "2026-11-22 17:05:09" in the server's local time zone.
std::string local_time_text(std::int64_t unix_seconds) {
  const auto t = static_cast<std::time_t>(unix_seconds);
  std::tm parts{};
  localtime_r(&t, &parts);
  char text[32];
  const std::size_t n = std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", &parts);
  return std::string(text, n);
}

void who_command(command_context& ctx) {
  const std::int64_t now = ctx.world.svc().now();
  std::string out = " conn  name          role     address          client            size    idle  where\n";
  std::vector<const connection*> conns;
  for (const auto& [id, conn] : ctx.world.connections()) {
    conns.push_back(conn.get());
  }
  std::sort(conns.begin(), conns.end(), [](const connection* a, const connection* b) { return a->id < b->id; });
  for (const connection* c : conns) {
    const character* ch = c->stage == login_stage::playing ? ctx.world.find_character(c->account_id) : nullptr;
    const telnet::client_info& info = c->port->client();
    char line[300];
    std::snprintf(line, sizeof line, " %-5llu %-13s %-8s %-16s %-17s %3ux%-3u %5llds  %s\n",
                  static_cast<unsigned long long>(c->id), ch ? ch->name.c_str() : "(logging in)",
                  ch ? std::string(role_name(ch->account_role)).c_str() : "-", std::string(c->port->address()).c_str(),
                  info.client_name.empty() ? "-" : info.client_name.substr(0, 17).c_str(), info.width, info.height,
                  static_cast<long long>(now - c->last_input), ch ? where_text(ctx.world, *ch).c_str() : "-");
    out += line;
  }
  out += std::to_string(conns.size()) + " connections.\n";
  ctx.world.send(ctx.conn, out);
}

void kick(command_context& ctx) {
  const auto [name, reason] = first_word(ctx.args);
  character* target = name.empty() ? nullptr : ctx.world.find_character_by_name(name);
  if (target == nullptr) {
    ctx.world.send(ctx.conn, "Nobody called '" + std::string(name) + "' is playing.\n");
    return;
  }
  const std::string who = target->name;
  if (connection* c = ctx.world.find_connection(target->connection)) {
    const std::string why = text::player_text(reason);
    ctx.world.disconnect(*c, "You have been kicked out by " + ctx.actor.name + (why.empty() ? "." : ": " + why) + "\n");
  }
  ctx.world.send(ctx.conn, "You kick " + who + " out.\n");
}

/// Who an address ban would disconnect now (not the administrator's own connection).
std::vector<connection*> covered_connections(world& w, const store::ban_record& b, std::uint64_t except) {
  std::vector<connection*> out;
  const bool is_address = b.kind == "address";
  for (const auto& [id, conn] : w.connections()) {
    if (conn->id == except || conn->closing) {
      continue;
    }
    const character* ch = conn->stage == login_stage::playing ? w.find_character(conn->account_id) : nullptr;
    if ((is_address && administration::address_matches(b.target, conn->port->address())) ||
        (!is_address && ch != nullptr && iequals(ch->name, b.target))) {
      out.push_back(conn.get());
    }
  }
  return out;
}

/// Records the ban and disconnects whoever it covers.
void impose_ban(world& w, std::uint64_t actor_conn, const store::ban_record& b, const std::string& span) {
  w.admin().add_ban(b);
  w.admin().audit(b.by, "ban " + b.kind + " " + b.target, b.reason);
  w.send(actor_conn, "Banned " + b.kind + " " + b.target + " " + span + ".\n");
  for (connection* c : covered_connections(w, b, actor_conn)) {
    w.disconnect(*c, "You have been banned " + span + (b.reason.empty() ? "." : ": " + b.reason) + "\n");
  }
}

void ban(command_context& ctx) {
  auto [target, rest] = first_word(ctx.args);
  if (target.empty()) {
    ctx.world.send(ctx.conn, "Usage: @ban <name | address | pattern like 10.1.*> [30m | 2h | 7d | none] [reason] "
                             "[confirm]\n");
    return;
  }
  std::int64_t duration = 0;
  auto [maybe_duration, after] = first_word(rest);
  const auto parsed = parse_duration(maybe_duration);
  if (const auto* seconds = std::get_if<std::int64_t>(&parsed)) {
    duration = *seconds;
    rest = after;
  } else if (looks_like_duration(maybe_duration)) {
    // Meant as a duration but not a usable one: refuse rather than ban for good by mistake.
    ctx.world.send(ctx.conn, std::get<duration_error>(parsed).why + "\n");
    return;
  }
  // A trailing "confirm" says yes to disconnecting everyone else the ban covers.
  bool confirmed = false;
  rest = trim(rest);
  if (const std::size_t last = rest.rfind(' ');
      iequals(last == std::string_view::npos ? rest : rest.substr(last + 1), "confirm")) {
    confirmed = true;
    rest = last == std::string_view::npos ? std::string_view() : trim(rest.substr(0, last));
  }
  store::ban_record b{};
  const bool is_address = target.find_first_of(".:*") != std::string_view::npos;
  b.kind = is_address ? "address" : "account";
  b.target = std::string(target);
  b.reason = text::player_text(rest);
  b.by = ctx.actor.name;
  b.created_at = ctx.world.svc().now();
  b.expires_at = duration == 0 ? 0 : b.created_at + duration;
  const std::string span = duration == 0 ? "for good" : "for " + std::string(maybe_duration);
  world& w = ctx.world;
  const std::uint64_t actor_conn = ctx.conn.id;
  if (is_address) {
    const std::vector<connection*> covered = covered_connections(w, b, actor_conn);
    if (!covered.empty() && !confirmed) {
      // Everyone on a shared address (a school, a café, a VPN) would go: say who, and ask.
      std::string names;
      std::size_t at_login = 0;
      for (const connection* c : covered) {
        const character* ch = c->stage == login_stage::playing ? w.find_character(c->account_id) : nullptr;
        if (ch == nullptr) {
          ++at_login;
          continue;
        }
        names += (names.empty() ? "" : ", ") + ch->name + " (" + std::string(c->port->address()) + ")";
      }
      if (at_login > 0) {
        names += (names.empty() ? "" : ", ") + std::to_string(at_login) +
                 (at_login == 1 ? " connection" : " connections") + " at the login screen";
      }
      w.send(ctx.conn, "Banning " + b.target + " would disconnect " + names +
                           ". Nothing was banned; add 'confirm' at the end of the command to ban anyway.\n");
      return;
    }
    impose_ban(w, actor_conn, b, span);
    return;
  }
  if (!is_name_shaped(target)) {
    w.send(ctx.conn, "'" + std::string(target) + "' is neither a character's name nor an address.\n");
    return;
  }
  // An account ban needs an account: whether it exists is read on a worker, and the ban follows.
  auto exists = std::make_shared<std::optional<std::string>>();
  w.svc().run_blocking(
      [exists, name = b.target](storage::loader& l) {
        if (auto found = l.login_by_name(name)) {
          *exists = found->account.name;
        }
      },
      [&w, exists, b, span, actor_conn](const read_result& result) mutable {
        w.run_event(actor_conn, [&] {
          if (!result.ok) {
            w.storage_failed(result);
            w.send(actor_conn, "The world could not do that right now; nothing changed. Try again in a moment.\n");
            return;
          }
          if (!*exists) {
            w.admin().audit(b.by, "ban account " + b.target, "refused: no such account");
            w.send(actor_conn, "There is no account called " + b.target + "; nothing was banned.\n");
            return;
          }
          b.target = **exists;
          impose_ban(w, actor_conn, b, span);
        });
      });
}

void unban(command_context& ctx) {
  if (ctx.args.empty()) {
    ctx.world.send(ctx.conn, "Usage: @unban <name | address | pattern>\n");
    return;
  }
  const int n = admin(ctx).remove_bans(ctx.args);
  ctx.world.send(ctx.conn, n == 0 ? "No ban on '" + std::string(ctx.args) + "'.\n"
                                  : "Lifted " + std::to_string(n) + " ban(s) on " + std::string(ctx.args) + ".\n");
}

void bans(command_context& ctx) {
  const auto all = admin(ctx).active_bans();
  if (all.empty()) {
    ctx.world.send(ctx.conn, "No bans.\n");
    return;
  }
  std::string out;
  const std::int64_t now = ctx.world.svc().now();
  for (const store::ban_record& b : all) {
    out +=
        "  " + b.kind + " " + b.target + ", by " + b.by + ", " +
        (b.expires_at == 0 ? std::string("for good") : std::to_string((b.expires_at - now + 59) / 60) + " min left") +
        (b.reason.empty() ? "" : ": " + b.reason) + "\n";
  }
  ctx.world.send(ctx.conn, out);
}

void wizlock_command(command_context& ctx) {
  if (ctx.args.empty()) {
    const auto lock = admin(ctx).wizlock();
    ctx.world.send(ctx.conn, lock ? "Logins are locked to " + std::string(role_name(*lock)) + "s and above.\n"
                                  : "Logins are open to everyone.\n");
    return;
  }
  if (iequals(ctx.args, "off")) {
    admin(ctx).set_wizlock(std::nullopt);
    ctx.world.send(ctx.conn, "Logins are open to everyone again.\n");
    return;
  }
  const auto r = store::parse_role(lower_copy(ctx.args));
  if (!r) {
    ctx.world.send(ctx.conn, "Usage: @wizlock [player | builder | admin | off]\n");
    return;
  }
  admin(ctx).set_wizlock(*r);
  ctx.world.send(ctx.conn, "Only " + std::string(role_name(*r)) + "s and above may log in now.\n");
}

void wall(command_context& ctx) {
  if (ctx.args.empty()) {
    ctx.world.send(ctx.conn, "Usage: @wall <message>\n");
    return;
  }
  ctx.world.send_all("[Announcement from " + ctx.actor.name + "] " + text::player_text(ctx.args) + "\n");
}

void shutdown_command(command_context& ctx) {
  constexpr std::string_view usage =
      "Usage: @shutdown <seconds 0-86400 | now> [reason], or @shutdown cancel. @shutdown alone shows whether one "
      "is pending.\n";
  const auto [first, rest] = first_word(ctx.args);
  if (first.empty()) {
    // Only looking: a bare @shutdown never starts one.
    if (const auto left = admin(ctx).shutdown_in()) {
      const std::string& why = admin(ctx).shutdown_reason();
      ctx.world.send(ctx.conn, "A shutdown is due in " + std::to_string(*left) + " seconds" +
                                   (why.empty() ? "" : " (" + why + ")") +
                                   ". '@shutdown cancel' stops it.\n");
    } else {
      ctx.world.send(ctx.conn, "No shutdown is pending. Start one with '@shutdown <seconds> [reason]' or "
                               "'@shutdown now [reason]'.\n");
    }
    return;
  }
  if (iequals(first, "cancel")) {
    ctx.world.send(ctx.conn, admin(ctx).cancel_shutdown(ctx.actor.name) ? "Shutdown cancelled.\n"
                                                                        : "No shutdown is counting down.\n");
    return;
  }
  std::int64_t seconds = 0;
  if (iequals(first, "now")) {
    seconds = 0;
  } else if (auto n = parse_int(first); n && *n >= 0 && *n <= 86400) {
    seconds = *n;
  } else {
    ctx.world.send(ctx.conn, (n ? "The countdown is 0 to 86400 seconds. " : "'" + std::string(first) +
                                                                                 "' is not a number of seconds. ") +
                                 std::string(usage));
    return;
  }
  const std::string reason = text::player_text(rest);
  ctx.world.send(ctx.conn, seconds == 0 ? "Shutting down now.\n" : "Shutdown in " + std::to_string(seconds) + " seconds.\n");
  admin(ctx).start_shutdown(seconds, reason, ctx.actor.name);
}

void reboot_command(command_context& ctx) {
  spdlog::warn("{} asked for a hot reboot", ctx.actor.name);
  ctx.world.send_all("[Announcement] Deepwell is rebooting; hold on, you stay connected...\n");
  ctx.world.svc().reboot(ctx.conn.id);
}

void audit_command(command_context& ctx) {
  std::int64_t n = 20;
  if (!ctx.args.empty()) {
    const auto parsed = parse_int(ctx.args);
    if (!parsed || *parsed < 1 || *parsed > 1000) {
      ctx.world.send(ctx.conn, "Usage: @audit [1-1000]\n");
      return;
    }
    n = *parsed;
  }
  auto rows = std::make_shared<std::vector<store::audit_record>>();
  const std::uint64_t conn_id = ctx.conn.id;
  world& w = ctx.world;
  // Read after the writer has committed what came before (this very command's audit row excepted).
  w.svc().after_commit([&w, rows, n, conn_id]() {
    w.svc().run_blocking([rows, n](storage::loader& l) { *rows = l.audit_tail(n); },
                         [&w, rows, conn_id](const read_result& result) {
                           const event_scope scope(w);
                           if (!result.ok) {
                             w.storage_failed(result);
                             w.send(conn_id,
                                    "The world could not do that right now; nothing changed. Try again in a "
                                    "moment.\n");
                             return;
                           }
                           std::string out = "Last " + std::to_string(rows->size()) + " audited actions:\n";
                           for (const store::audit_record& r : *rows) {
                             out += "  " + local_time_text(r.at) + " " + r.actor + ": " + r.action + " -> " + r.result +
                                    "\n";
                           }
                           w.send(conn_id, out);
                         });
  });
}

}  // namespace

void administration::register_commands(command_registry& r) {
  register_world_admin_commands(r);
  r.add(make_command("@who", {}, role::admin, "Every connection: name, role, address, client, window, idle, where.",
                     "@who", who_command));
  r.add(make_command("kick", {}, role::admin, "Disconnect a player.", "@kick <name> [reason]", kick));
  r.add(make_command(
      "ban", {}, role::admin, "Ban a character or an address.",
      "@ban <name | address | pattern like 10.1.*> [30m | 2h | 7d | none] [reason] [confirm]\nA banned account "
      "cannot log in, a banned address cannot connect; both are told why. Bans persist. The account must exist. "
      "An address ban that would disconnect anyone else names them and waits for 'confirm'.",
      ban));
  r.add(make_command("unban", {}, role::admin, "Lift bans.", "@unban <name | address | pattern>", unban));
  r.add(make_command("bans", {}, role::admin, "List the bans in force.", "@bans", bans));
  r.add(make_command("wizlock", {}, role::admin, "Lock logins to a role and above.",
                     "@wizlock [player | builder | admin | off]", wizlock_command));
  r.add(make_command("wall", {}, role::admin, "Tell everyone something.", "@wall <message>", wall));
  r.add(make_command("shutdown", {}, role::admin, "Stop the server after a countdown.",
                     "@shutdown <seconds | now> [reason] | @shutdown cancel | @shutdown\nWarns everyone (5 min, 1 min, "
                     "30 s, 10 s), then saves and stops. Alone, it shows whether a shutdown is pending.",
                     shutdown_command));
  r.add(make_command(
      "reboot", {}, role::admin, "Hot reboot: new binary, everyone stays connected.",
      "@reboot\nSaves everything and replaces the running server with a fresh image of its binary, keeping "
      "every connection. If the new image cannot start, the old one keeps running.",
      reboot_command));
  r.add(make_command("audit", {}, role::admin, "The last administrative actions.", "@audit [n]", audit_command));
}

}  // namespace dw::game
