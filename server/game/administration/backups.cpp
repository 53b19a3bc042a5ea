#include "server/game/administration/backups.hpp"


#include <cstdio>

#include "server/log/log.hpp"
#include "server/text/log_safe.hpp"

namespace dw::game {

backups::backups(services& svc, output& out, event_runner& events, const live_settings& settings, std::int64_t now)
    : services_(svc), out_(out), events_(events), settings_(settings), last_begun_(now) {}

void backups::tick(std::int64_t now) {
  const std::int64_t interval = settings_.get().backup.interval_seconds;
  if (interval <= 0 || running_since_ || now - last_begun_ < interval) {
    return;
  }
  begin("scheduled", now);
}

bool backups::take_now(const std::string& by, std::int64_t now) {
  if (running_since_) {
    return false;
  }
  begin("asked for by " + by, now);
  return true;
}

void backups::begin(const std::string& why, std::int64_t now) {
  running_since_ = now;
  last_begun_ = now;
  log::info("backup: begun ({})", log_safe(why));
  services_.take_backup(settings_.get().backup.keep, [this, why](const backup_report& r) { finished(r, why); });
}

void backups::finished(const backup_report& r, const std::string& why) {
  running_since_.reset();
  std::string news;
  if (r.ok) {
    log::info("backup: {} written, {} bytes in {} ms ({}){}", r.file, r.bytes, r.took_ms, log_safe(why),
                 r.removed.empty() ? std::string() : "; deleted " + std::to_string(r.removed.size()) + " older");
    for (const std::string& name : r.removed) {
      log::info("backup: deleted {} (backup.keep is {})", name, settings_.get().backup.keep);
    }
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.1f", static_cast<double>(r.took_ms) / 1000.0);
    news = "[Backup] Saved " + r.file + ": " + size_text(r.bytes) + " in " + seconds + " s (" + why + ").";
    if (!r.removed.empty()) {
      news += " Deleted " + std::to_string(r.removed.size()) + " older backup" + (r.removed.size() == 1 ? "" : "s") +
              " (backup.keep is " + std::to_string(settings_.get().backup.keep) + ").";
    }
  } else {
    log::error("backup: FAILED ({}): {}", log_safe(why), log_safe(r.error));
    news = "[Backup] FAILED (" + why + "): " + r.error + ". No backup was written; the game goes on.";
  }
  // An event of its own, so the news leaves at once (nothing in it is saved).
  events_.run_event(0, [&] { out_.tell_admins(news + "\n"); });
}

std::string backups::size_text(std::int64_t bytes) {
  char text[32];
  if (bytes >= 1024 * 1024) {
    std::snprintf(text, sizeof text, "%.1f MB", static_cast<double>(bytes) / (1024.0 * 1024.0));
  } else if (bytes >= 1024) {
    std::snprintf(text, sizeof text, "%.0f KB", static_cast<double>(bytes) / 1024.0);
  } else {
    std::snprintf(text, sizeof text, "%lld bytes", static_cast<long long>(bytes));
  }
  return text;
}

}  // namespace dw::game
