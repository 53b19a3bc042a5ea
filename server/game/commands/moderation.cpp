// Moderation: @who, kick, ban, unban, bans, wizlock, wall, shutdown, reboot, audit. Each reports its
// result to the audit trail through its context (succeeded / failed).
#include <algorithm>
#include <charconv>
#include <memory>
#include <optional>
#include <variant>

#include "server/game/administration/address_pattern.hpp"
#include "server/game/administration/administration.hpp"
#include "server/game/administration/duration.hpp"
#include "server/game/commands/admin_support.hpp"
#include "server/game/commands/command_context.hpp"
#include "server/game/commands/moderation_set.hpp"
#include "server/game/commands/time_text.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/places/place_directory.hpp"
#include "server/game/roster/names.hpp"
#include "server/game/roster/roster.hpp"
#include "server/game/services.hpp"
#include "server/log/log.hpp"
#include "server/text/player_text.hpp"

namespace dw::game {
namespace {
using namespace admin_support;

constexpr std::string_view not_now = "The world could not do that right now; nothing changed. Try again in a moment.\n";

void who_command(const moderation_parts& p, command_context& ctx) {
  const std::int64_t now = p.svc.now();
  std::string out = " conn  name          role     address          client            size    idle  where\n";
  std::vector<const connection*> conns;
  for (const auto& [id, conn] : p.people.connections()) {
    conns.push_back(conn.get());
  }
  std::sort(conns.begin(), conns.end(), [](const connection* a, const connection* b) { return a->id < b->id; });
  for (const connection* c : conns) {
    const character* ch = c->stage == login_stage::playing ? p.people.find_character(c->account_id) : nullptr;
    const client_abilities& info = c->port->client();
    // The client column says TLS first, so that a long client name cannot cut it off.
    std::string client = info.tls ? "TLS " : "";
    client += info.client_name.empty() ? "-" : info.client_name;
    char line[300];
    std::snprintf(line, sizeof line, " %-5llu %-13s %-8s %-16s %-17s %3ux%-3u %5llds  %s\n",
                  static_cast<unsigned long long>(c->id), ch ? ch->name.c_str() : "(logging in)",
                  ch ? std::string(role_name(ch->account_role)).c_str() : "-", std::string(c->port->address()).c_str(),
                  client.substr(0, 17).c_str(), info.width, info.height,
                  static_cast<long long>(now - c->last_input), ch ? p.rooms.where_text(ch->where).c_str() : "-");
    out += line;
  }
  const std::string count = std::to_string(conns.size()) + " connections.\n";
  ctx.reply(out + count);
  if (ctx.audit) {
    ctx.audit->succeeded("listed " + count);
  }
}

void kick(const moderation_parts& p, command_context& ctx) {
  const auto [name, reason] = first_word(ctx.args.raw);
  character* target = p.people.find_character_by_name(name);
  if (target == nullptr) {
    ctx.failed("Nobody called '" + std::string(name) + "' is playing.\n");
    return;
  }
  const std::string who = target->name;
  if (connection* c = p.people.find_connection(target->connection)) {
    const std::string why = text::player_text(reason);
    p.out.disconnect(*c, "You have been kicked out by " + ctx.actor.name + (why.empty() ? "." : ": " + why) + "\n");
  }
  ctx.succeeded("You kick " + who + " out.\n");
}

/// Who a ban would disconnect now (not the administrator's own connection).
std::vector<connection*> covered_connections(const moderation_parts& p, const storage::ban_record& b,
                                             std::uint64_t except) {
  std::vector<connection*> out;
  const bool is_address = b.kind == "address";
  for (const auto& [id, conn] : p.people.connections()) {
    if (conn->id == except || conn->closing) {
      continue;
    }
    const character* ch = conn->stage == login_stage::playing ? p.people.find_character(conn->account_id) : nullptr;
    if ((is_address && administration::address_matches(b.target, conn->port->address())) ||
        (!is_address && ch != nullptr && iequals(ch->name, b.target))) {
      out.push_back(conn.get());
    }
  }
  // In the order they came, so that the administrator reads the same list each time.
  std::sort(out.begin(), out.end(), [](const connection* a, const connection* b) { return a->id < b->id; });
  return out;
}

/// Records the ban, disconnects whoever it covers, and reports it.
void impose_ban(const moderation_parts& p, std::uint64_t actor_conn, audit_entry* audit, const storage::ban_record& b,
                const std::string& span) {
  p.admin.add_ban(b);
  const std::string done = "Banned " + b.kind + " " + b.target + " " + span + ".";
  p.out.send(actor_conn, done + "\n");
  if (audit != nullptr) {
    audit->succeeded(done + (b.reason.empty() ? "" : " Reason: " + b.reason));
  }
  for (connection* c : covered_connections(p, b, actor_conn)) {
    p.out.disconnect(*c, "You have been banned " + span + (b.reason.empty() ? "." : ": " + b.reason) + "\n");
  }
}

/// "2 connections now: Bob (10.0.0.7), 1 connection at the login screen", or "nobody now".
std::string covered_text(const moderation_parts& p, const std::vector<connection*>& covered) {
  if (covered.empty()) {
    return "nobody now";
  }
  std::string names;
  std::size_t at_login = 0;
  for (const connection* c : covered) {
    const character* ch = c->stage == login_stage::playing ? p.people.find_character(c->account_id) : nullptr;
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
  return std::to_string(covered.size()) + (covered.size() == 1 ? " connection" : " connections") + " now: " + names;
}

/// Why an address ban on `target` must not be made at all, or nullopt. `own` is the address the
/// administrator is connected from: a ban that covers it would lock them out with everyone else.
std::optional<std::string> address_ban_refusal(std::string_view target, std::string_view own) {
  const auto parsed = address_pattern::parse(target);
  if (const auto* why = std::get_if<std::string>(&parsed)) {
    return "'" + std::string(target) + "' is not an address or an address pattern: " + *why +
           ". Examples: 192.0.2.7, 10.1.*, 10.1.0.0/16, 2001:db8::/32. Nothing was banned.";
  }
  const auto& pattern = std::get<address_pattern>(parsed);
  if (pattern.covers_everyone()) {
    return "A ban on " + std::string(target) +
           " would keep out every address, yours included; nothing was banned. To close the game for a "
           "while, use @wizlock admin (and @wizlock off to open it again).";
  }
  if (pattern.matches(own)) {
    return std::string(target) + " covers your own address (" + std::string(own) +
           "): you would lock yourself out. Nothing was banned; ban a narrower pattern or the account.";
  }
  return std::nullopt;
}

void ban(const moderation_parts& p, command_context& ctx) {
  auto [target, rest] = first_word(ctx.args.raw);
  std::int64_t duration = 0;
  auto [maybe_duration, after] = first_word(rest);
  const auto parsed = parse_duration(maybe_duration);
  if (const auto* seconds = std::get_if<std::int64_t>(&parsed)) {
    duration = *seconds;
    rest = after;
  } else if (looks_like_duration(maybe_duration)) {
    // Meant as a duration but not a usable one: refuse rather than ban for good by mistake.
    ctx.failed(std::get<duration_error>(parsed).why + "\n");
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
  storage::ban_record b{};
  const bool is_address = target.find_first_of(".:*") != std::string_view::npos;
  b.kind = is_address ? "address" : "account";
  b.target = std::string(target);
  b.reason = text::player_text(rest);
  b.by = ctx.actor.name;
  b.created_at = p.svc.now();
  b.expires_at = duration == 0 ? 0 : b.created_at + duration;
  const std::string span = duration == 0 ? "for good" : "for " + std::string(maybe_duration);
  const std::uint64_t actor_conn = ctx.conn.id;
  if (is_address) {
    // Refused even with 'confirm': no administrator may lock themselves (and with them everyone) out.
    if (auto why = address_ban_refusal(b.target, ctx.conn.port->address())) {
      ctx.failed(*why + "\n");
      return;
    }
    const bool wide = std::get<address_pattern>(address_pattern::parse(b.target)).is_wide();
    const std::vector<connection*> covered = covered_connections(p, b, actor_conn);
    if ((wide || !covered.empty()) && !confirmed) {
      // A range, or everyone on a shared address (a school, a café, a VPN): say whom it cuts off, and ask.
      ctx.failed("Banning " + b.target + (wide ? " covers more than one address and" : "") + " would disconnect " +
                 covered_text(p, covered) + ". Nothing was banned; add 'confirm' at the end of the command to ban "
                 "anyway.\n");
      return;
    }
    impose_ban(p, actor_conn, ctx.audit.get(), b, span);
    return;
  }
  if (!is_name_shaped(target)) {
    ctx.failed("'" + std::string(target) + "' is neither a character's name nor an address.\n");
    return;
  }
  if (iequals(target, ctx.actor.name)) {
    ctx.failed("You cannot ban your own account; nothing was banned.\n");
    return;
  }
  // An account ban needs an account: whether it exists is read on a worker, and the ban follows (its
  // audit entry is written then, with what really happened).
  auto exists = std::make_shared<std::optional<std::string>>();
  p.svc.run_blocking(
      [exists, name = b.target](storage::loader& l) {
        if (auto found = l.login_by_name(name)) {
          *exists = found->account.name;
        }
      },
      [p, exists, b, span, actor_conn, audit = ctx.audit](const read_result& result) mutable {
        p.events.run_event(actor_conn, [&] {
          if (!result.ok) {
            p.events.storage_failed(result);
            p.out.send(actor_conn, not_now);
            audit->failed("could not read the accounts");
          } else if (!*exists) {
            const std::string no = "There is no account called " + b.target + "; nothing was banned.\n";
            p.out.send(actor_conn, no);
            audit->failed(no);
          } else {
            b.target = **exists;
            impose_ban(p, actor_conn, audit.get(), b, span);
          }
          audit.reset();  // written in this event
        });
      });
}

void unban(const moderation_parts& p, command_context& ctx) {
  const int n = p.admin.remove_bans(ctx.args.raw);
  if (n == 0) {
    ctx.failed("No ban on '" + std::string(ctx.args.raw) + "'.\n");
  } else {
    ctx.succeeded("Lifted " + std::to_string(n) + " ban(s) on " + std::string(ctx.args.raw) + ".\n");
  }
}

void bans(const moderation_parts& p, command_context& ctx) {
  const auto all = p.admin.active_bans();
  if (all.empty()) {
    ctx.succeeded("No bans.\n");
    return;
  }
  std::string out;
  const std::int64_t now = p.svc.now();
  for (const storage::ban_record& b : all) {
    out +=
        "  " + b.kind + " " + b.target + ", by " + b.by + ", " +
        (b.expires_at == 0 ? std::string("for good") : std::to_string((b.expires_at - now + 59) / 60) + " min left") +
        (b.reason.empty() ? "" : ": " + b.reason) +
        (administration::covers_everyone(b) ? " (not enforced: it covers every address)" : "") + "\n";
  }
  ctx.reply(out);
  if (ctx.audit) {
    ctx.audit->succeeded("listed " + std::to_string(all.size()) + " bans");
  }
}

void wizlock(const moderation_parts& p, command_context& ctx) {
  if (ctx.args.raw.empty()) {
    const auto lock = p.admin.wizlock();
    ctx.succeeded(lock ? "Logins are locked to " + std::string(role_name(*lock)) + "s and above.\n"
                       : "Logins are open to everyone.\n");
    return;
  }
  if (iequals(ctx.args.raw, "off")) {
    p.admin.set_wizlock(std::nullopt);
    ctx.succeeded("Logins are open to everyone again.\n");
    return;
  }
  const auto r = parse_role(lower_copy(ctx.args.raw));
  if (!r) {
    ctx.failed("Usage: @wizlock [player | builder | admin | off]\n");
    return;
  }
  p.admin.set_wizlock(*r);
  ctx.succeeded("Only " + std::string(role_name(*r)) + "s and above may log in now.\n");
}

void wall(const moderation_parts& p, command_context& ctx) {
  p.out.send_all("[Announcement from " + ctx.actor.name + "] " + ctx.args.text + "\n");
  if (ctx.audit) {
    ctx.audit->succeeded("told everyone: " + ctx.args.text);
  }
}

void shutdown(const moderation_parts& p, command_context& ctx) {
  constexpr std::string_view usage =
      "Usage: @shutdown <seconds 0-86400 | now> [reason], or @shutdown cancel. @shutdown alone shows whether one "
      "is pending.\n";
  const auto [first, rest] = first_word(ctx.args.raw);
  if (first.empty()) {
    // Only looking: a bare @shutdown never starts one.
    if (const auto left = p.admin.shutdown_in()) {
      const std::string& why = p.admin.shutdown_reason();
      ctx.succeeded("A shutdown is due in " + std::to_string(*left) + " seconds" +
                    (why.empty() ? "" : " (" + why + ")") + ". '@shutdown cancel' stops it.\n");
    } else {
      ctx.succeeded("No shutdown is pending. Start one with '@shutdown <seconds> [reason]' or "
                    "'@shutdown now [reason]'.\n");
    }
    return;
  }
  if (iequals(first, "cancel")) {
    if (p.admin.cancel_shutdown(ctx.actor.name)) {
      ctx.succeeded("Shutdown cancelled.\n");
    } else {
      ctx.failed("No shutdown is counting down.\n");
    }
    return;
  }
  std::int64_t seconds = 0;
  if (iequals(first, "now")) {
    seconds = 0;
  } else if (auto n = parse_int(first); n && *n >= 0 && *n <= 86400) {
    seconds = *n;
  } else {
    ctx.failed((n ? "The countdown is 0 to 86400 seconds. " : "'" + std::string(first) + "' is not a number of seconds. ") +
               std::string(usage));
    return;
  }
  const std::string reason = text::player_text(rest);
  ctx.succeeded(seconds == 0 ? "Shutting down now.\n" : "Shutdown in " + std::to_string(seconds) + " seconds.\n");
  p.admin.start_shutdown(seconds, reason, ctx.actor.name);
}

void reboot(const moderation_parts& p, command_context& ctx) {
  log::warn("{} asked for a hot reboot", ctx.actor.name);
  p.out.send_all("[Announcement] Deepwell is rebooting; hold on, you stay connected...\n");
  if (ctx.audit) {
    ctx.audit->succeeded("reboot started (a failure is announced to everyone)");
  }
  p.svc.reboot(ctx.conn.id);
}

void audit(const moderation_parts& p, command_context& ctx) {
  std::int64_t n = 20;
  if (!ctx.args.raw.empty()) {
    const auto parsed = parse_int(ctx.args.raw);
    if (!parsed || *parsed < 1 || *parsed > 1000) {
      ctx.failed("Usage: @audit [1-1000]\n");
      return;
    }
    n = *parsed;
  }
  if (ctx.audit) {
    ctx.audit->succeeded("read the last " + std::to_string(n) + " entries");
  }
  auto rows = std::make_shared<std::vector<storage::audit_record>>();
  const std::uint64_t conn_id = ctx.conn.id;
  // Read after the writer has committed what came before (this very command's audit row excepted).
  p.svc.after_commit([p, rows, n, conn_id]() {
    p.svc.run_blocking([rows, n](storage::loader& l) { *rows = l.audit_tail(n); },
                       [p, rows, conn_id](const read_result& result) {
                         p.events.run_event(conn_id, [&] {
                           if (!result.ok) {
                             p.events.storage_failed(result);
                             p.out.send(conn_id, not_now);
                             return;
                           }
                           std::string out = "Last " + std::to_string(rows->size()) + " audited actions:\n";
                           for (const storage::audit_record& r : *rows) {
                             out += "  " + time_text(r.at, "%Y-%m-%d %H:%M:%S", true) + " " + r.actor + ": " + r.action + " -> " +
                                    r.result + "\n";
                           }
                           p.out.send(conn_id, out);
                         });
                       });
  });
}

using handler = void (*)(const moderation_parts&, command_context&);
arguments::parser usage(std::string text) { return arguments::required(std::move(text)); }

}  // namespace

void register_moderation_commands(command_registry& r, moderation_parts p) {
  auto bind = [p](handler h) { return [p, h](command_context& ctx) { h(p, ctx); }; };
  const role A = role::admin;
  r.add(make_command("@who", {}, A, "Every connection: name, role, address, client, window, idle, where.", "@who",
                     arguments::raw, bind(who_command)));
  r.add(make_command("kick", {}, A, "Disconnect a player.", "@kick <name> [reason]",
                     usage("Usage: @kick <name> [reason]"), bind(kick)));
  r.add(make_command(
      "ban", {}, A, "Ban a character or an address.",
      "@ban <name | address | pattern like 10.1.* or 10.1.0.0/16> [30m | 2h | 7d | none] [reason] [confirm]\nA "
      "banned account cannot log in, a banned address cannot connect; both are told why. Bans persist. The "
      "account must exist. "
      "A pattern (10.1.*, 10.1.0.0/16) or an address ban that would disconnect anyone else says whom it cuts "
      "off and waits for 'confirm'. Your own account, a pattern covering your own address and one covering "
      "every address are refused.",
      usage("Usage: @ban <name | address | pattern like 10.1.* or 10.1.0.0/16> [30m | 2h | 7d | none] [reason] "
            "[confirm]"),
      bind(ban)));
  r.add(make_command("unban", {}, A, "Lift bans.", "@unban <name | address | pattern>",
                     usage("Usage: @unban <name | address | pattern>"), bind(unban)));
  r.add(make_command("bans", {}, A, "List the bans in force.", "@bans", arguments::raw, bind(bans)));
  r.add(make_command("wizlock", {}, A, "Lock logins to a role and above.", "@wizlock [player | builder | admin | off]",
                     arguments::raw, bind(wizlock)));
  r.add(make_command("wall", {}, A, "Tell everyone something.", "@wall <message>",
                     arguments::speech("Usage: @wall <message>"), bind(wall)));
  r.add(make_command("shutdown", {}, A, "Stop the server after a countdown.",
                     "@shutdown <seconds | now> [reason] | @shutdown cancel | @shutdown\nWarns everyone (5 min, 1 min, "
                     "30 s, 10 s), then saves and stops. Alone, it shows whether a shutdown is pending.",
                     arguments::raw, bind(shutdown)));
  r.add(make_command("reboot", {}, A, "Hot reboot: new binary, everyone stays connected.",
                     "@reboot\nSaves everything and replaces the running server with a fresh image of its binary, "
                     "keeping every connection. If the new image cannot start, the old one keeps running.",
                     arguments::raw, bind(reboot)));
  r.add(make_command("audit", {}, A, "The last administrative actions.", "@audit [n]", arguments::raw, bind(audit)));
}

}  // namespace dw::game
