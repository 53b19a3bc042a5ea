#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/game/events/event_sink.hpp"
#include "server/game/output/output.hpp"
#include "server/game/role.hpp"
#include "server/game/services.hpp"
#include "server/game/storage/reads.hpp"
#include "server/game/storage/records.hpp"

namespace dw::game {

/// Running the game from inside it: bans, wizlock, the audit trail and the shutdown countdown. The
/// administrators' commands that use it are in commands/moderation.cpp. World thread only.
class administration {
 public:
  /// Bans, the wizlock and a pending shutdown come from what storage held at start-up.
  administration(services& svc, change_sink& changes, output& out, const storage::world_snapshot& startup);

  /// Why this address may not connect, or nullopt.
  std::optional<std::string> address_refusal(std::string_view address) const;
  /// Why this account may not log in (a ban or the wizlock), or nullopt.
  std::optional<std::string> login_refusal(std::string_view name, role account_role, bool wizlock_applies = true) const;

  /// Adds a ban (kind "account" or "address"); expires_at 0 means for ever.
  void add_ban(storage::ban_record ban);
  /// Removes every ban on `target`; returns how many.
  int remove_bans(std::string_view target);
  std::vector<storage::ban_record> active_bans() const;

  std::optional<role> wizlock() const { return wizlock_; }
  void set_wizlock(std::optional<role> r);

  /// Records an administrative action (also logins, failed logins and bans) in the audit table.
  void audit(std::string_view actor, std::string_view action, std::string_view result);

  /// Starts (or restarts) a countdown to a graceful stop.
  void start_shutdown(std::int64_t seconds, std::string reason, std::string by);
  /// False when no countdown was running.
  bool cancel_shutdown(std::string_view by);
  std::optional<std::int64_t> shutdown_in() const;
  const std::string& shutdown_reason() const { return shutdown_reason_; }
  /// Once a second: countdown warnings and the stop itself.
  void tick() { tick_at(services_.now()); }

  /// True when `address` matches `pattern` ("10.1.*", "192.0.2.7", "10.1.0.0/16"; see address_pattern).
  static bool address_matches(std::string_view pattern, std::string_view address);
  /// True for an address ban that covers every address ("*", "0.0.0.0/0"). @ban refuses to make one; one
  /// stored by an older version is listed but never enforced, since it would keep out everyone, the
  /// administrators included.
  static bool covers_everyone(const storage::ban_record& b);

 private:
  /// add_ban's undo: the ban on `target` made at `created_at` is gone again.
  void forget_ban(const std::string& target, std::int64_t created_at);
  void forget_shutdown();
  /// tick() with the clock read as `now` (unix seconds).
  void tick_at(std::int64_t now);
  /// If the event cannot be saved, the countdown goes back to what it is now.
  void remember_countdown();

  services& services_;
  change_sink& changes_;
  output& out_;
  std::vector<storage::ban_record> bans_;
  std::optional<role> wizlock_;
  std::optional<std::int64_t> shutdown_at_;
  std::string shutdown_reason_;
  std::int64_t last_warning_ = -1;
};

}  // namespace dw::game
