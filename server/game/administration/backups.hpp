#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "server/game/events/event_sink.hpp"
#include "server/game/live_settings.hpp"
#include "server/game/output/output.hpp"
#include "server/game/services.hpp"

namespace dw::game {

/// Online backups from the game's side: the schedule (backup.interval_seconds, live), @backup, and the news
/// of each one's end, which goes to the log and to every administrator in play. The copy itself runs on the
/// server's backup thread (services::take_backup); the world thread only asks and hears. World thread only.
class backups {
 public:
  /// The first scheduled backup is due backup.interval_seconds after `now` (start-up).
  backups(services& svc, output& out, event_runner& events, const live_settings& settings, std::int64_t now);

  /// Once a second: starts the scheduled backup when backup.interval_seconds have passed since start-up or
  /// since the last backup began (so changing the interval with @config takes effect at once).
  void tick(std::int64_t now);
  /// @backup: begins one now on behalf of `by`; false when one is already running (then it is not begun
  /// again, and everyone is told when the running one ends anyway).
  bool take_now(const std::string& by, std::int64_t now);
  /// When the running backup began (unix seconds), if one is running.
  std::optional<std::int64_t> running_since() const { return running_since_; }

  /// "4.2 MB", "812 KB", "512 bytes".
  static std::string size_text(std::int64_t bytes);

 private:
  void begin(const std::string& why, std::int64_t now);
  void finished(const backup_report& r, const std::string& why);

  services& services_;
  output& out_;
  event_runner& events_;
  const live_settings& settings_;
  std::int64_t last_begun_;
  std::optional<std::int64_t> running_since_;
};

}  // namespace dw::game
