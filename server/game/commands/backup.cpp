// @backup: an online backup of the database now, or the list of those kept. The copy runs on the server's
// backup thread; the administrator's session goes on at once and everyone with the admin role hears how it
// ended (administration/backups.hpp).
#include <memory>
#include <string>
#include <vector>

#include "server/game/administration/backups.hpp"
#include "server/game/commands/admin_support.hpp"
#include "server/game/commands/backup_set.hpp"
#include "server/game/commands/command_context.hpp"
#include "server/game/commands/time_text.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/live_settings.hpp"
#include "server/game/services.hpp"
#include "server/text/ascii.hpp"

namespace dw::game {
namespace {
using namespace admin_support;

void list(const backup_parts& p, command_context& ctx) {
  if (ctx.audit) {
    ctx.audit->succeeded("listed the backups");
  }
  const std::uint64_t conn_id = ctx.conn.id;
  p.svc.list_backups([p, conn_id](const std::vector<backup_entry>& files, const std::string& error) {
    p.events.run_event(conn_id, [&] {
      if (!error.empty()) {
        p.out.send(conn_id, "The backup folder cannot be read: " + error + "\n");
        return;
      }
      if (files.empty()) {
        p.out.send(conn_id, "No backups yet. '@backup' takes one now.\n");
        return;
      }
      std::string out =
          "Backups kept (backup.keep is " + std::to_string(p.settings.get().backup.keep) + "), oldest first:\n";
      for (const backup_entry& f : files) {
        out += "  " + f.file + "  " + backups::size_text(f.bytes) + "  " + time_text(f.taken_at, "%Y-%m-%d %H:%M:%S") +
               " UTC\n";
      }
      p.out.send(conn_id, out);
    });
  });
}

void backup(const backup_parts& p, command_context& ctx) {
  const auto [first, rest] = first_word(ctx.args.raw);
  if (text::iequals(first, "list")) {
    list(p, ctx);
    return;
  }
  if (!first.empty()) {
    ctx.failed("Usage: @backup (take one now) or @backup list\n");
    return;
  }
  const std::int64_t now = p.svc.now();
  if (p.schedule.take_now(ctx.actor.name, now)) {
    ctx.succeeded("Backup begun: it holds everything saved until now. You will be told when it is written.\n");
  } else {
    const std::int64_t since = p.schedule.running_since().value_or(now);
    ctx.failed("A backup is already being written (begun " + std::to_string(now - since) +
               " s ago); you will be told when it is done.\n");
  }
}

}  // namespace

void register_backup_commands(command_registry& r, backup_parts p) {
  r.add(make_command("backup", {}, role::admin, "Take an online backup of the database now, or list them.",
                     "@backup | @backup list\nCopies the database into backup.folder while the game goes on (play "
                     "does not wait). The copy holds every change saved before it began; you and every other "
                     "administrator online are told where it went and how big it is, or why it failed. "
                     "Scheduled backups come every backup.interval_seconds; the newest backup.keep are kept. "
                     "'@backup list' shows them. To restore one, see README.md (Backups).",
                     arguments::raw, [p](command_context& ctx) { backup(p, ctx); }));
}

}  // namespace dw::game
