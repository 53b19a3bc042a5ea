#include "server/game/administration/administration.hpp"

#include <cctype>
#include <charconv>

#include "server/game/administration/address_pattern.hpp"
#include "server/game/events/undoable.hpp"
#include "server/log/log.hpp"
#include "server/text/ascii.hpp"
#include "server/text/log_safe.hpp"

namespace dw::game {

administration::administration(services& svc, change_sink& changes, output& out, const storage::world_snapshot& startup)
    : services_(svc), changes_(changes), out_(out) {
  bans_ = startup.bans;
  for (const storage::ban_record& b : bans_) {
    if (covers_everyone(b)) {
      // Made before such bans were refused (or a CIDR block an older version did not understand).
      log::warn("the ban on address {} covers every address and is not enforced; lift it with @unban {} or, "
                   "with the server stopped, deepwell --unban '{}'",
                   log_safe(b.target), log_safe(b.target), log_safe(b.target));
    }
  }
  auto setting = [&](std::string_view key) -> std::optional<std::string> {
    for (const storage::setting_record& rec : startup.settings) {
      if (rec.key == key) {
        return rec.value;
      }
    }
    return std::nullopt;
  };
  if (auto lock = setting("admin.wizlock")) {
    wizlock_ = parse_role(*lock);
  }
  // A countdown survives a hot reboot (and a crash): what players were told still happens.
  std::int64_t at_value = 0;
  if (auto at = setting("admin.shutdown_at");
      at && std::from_chars(at->data(), at->data() + at->size(), at_value).ec == std::errc{}) {
    if (at_value > services_.now()) {
      shutdown_at_ = at_value;
      shutdown_reason_ = setting("admin.shutdown_reason").value_or("");
      last_warning_ = *shutdown_at_ - services_.now();
    } else {
      // Its time passed while the server was down (it stopped then, or could not save that it had):
      // starting again must not stop again at once.
      log::warn("a shutdown countdown that ended at {} was still recorded; ignoring it", at_value);
    }
  }
}

bool administration::address_matches(std::string_view pattern, std::string_view address) {
  const auto parsed = address_pattern::parse(pattern);
  if (const auto* p = std::get_if<address_pattern>(&parsed)) {
    return p->matches(address);
  }
  return text::iequals(pattern, address);  // a target no pattern reads (stored by an older version): as written
}

bool administration::covers_everyone(const storage::ban_record& b) {
  if (b.kind != "address") {
    return false;
  }
  const auto parsed = address_pattern::parse(b.target);
  const auto* p = std::get_if<address_pattern>(&parsed);
  return p != nullptr && p->covers_everyone();
}

namespace {
std::string until_text(const storage::ban_record& b, std::int64_t now) {
  if (b.expires_at == 0) {
    return "for good";
  }
  const std::int64_t left = b.expires_at - now;
  if (left < 3600) {
    return "for another " + std::to_string((left + 59) / 60) + " minutes";
  }
  if (left < 2 * 86400) {
    return "for another " + std::to_string((left + 3599) / 3600) + " hours";
  }
  return "for another " + std::to_string((left + 86399) / 86400) + " days";
}
}  // namespace

std::vector<storage::ban_record> administration::active_bans() const {
  std::vector<storage::ban_record> out;
  const std::int64_t now = services_.now();
  for (const storage::ban_record& b : bans_) {
    if (b.expires_at == 0 || b.expires_at > now) {
      out.push_back(b);
    }
  }
  return out;
}

std::optional<std::string> administration::address_refusal(std::string_view address) const {
  const std::int64_t now = services_.now();
  for (const storage::ban_record& b : active_bans()) {
    if (b.kind == "address" && !covers_everyone(b) && address_matches(b.target, address)) {
      return "Your address is banned from Deepwell " + until_text(b, now) +
             (b.reason.empty() ? "." : ". Reason: " + b.reason);
    }
  }
  return std::nullopt;
}

std::optional<std::string> administration::login_refusal(std::string_view name, role account_role,
                                                          bool wizlock_applies) const {
  const std::int64_t now = services_.now();
  for (const storage::ban_record& b : active_bans()) {
    if (b.kind == "account" && text::iequals(b.target, name)) {
      return "This character is banned " + until_text(b, now) + (b.reason.empty() ? "." : ". Reason: " + b.reason);
    }
  }
  if (wizlock_applies && wizlock_ && static_cast<int>(account_role) < static_cast<int>(*wizlock_)) {
    return "The game is locked to " + std::string(role_name(*wizlock_)) +
           "s and above for maintenance right now. Please try again later.";
  }
  return std::nullopt;
}

void administration::add_ban(storage::ban_record ban) {
  bans_.push_back(ban);
  changes_.persist(storage::add_ban{ban});
  undo_with<&administration::forget_ban>(changes_, this, ban.target, ban.created_at);
}

void administration::forget_ban(const std::string& target, std::int64_t created_at) {
  std::erase_if(bans_, [&](const storage::ban_record& b) { return b.target == target && b.created_at == created_at; });
}

int administration::remove_bans(std::string_view target) {
  const std::string t(target);
  // (lifted bans come back if the event cannot be saved)
  const auto removed =
      erase_kept(changes_, bans_, [&t](const storage::ban_record& b) { return text::iequals(b.target, t); });
  changes_.persist(storage::remove_bans{t});
  return static_cast<int>(removed);
}

void administration::set_wizlock(std::optional<role> r) {
  keep(changes_, wizlock_);
  wizlock_ = r;
  const std::string value = r ? std::string(role_name(*r)) : std::string();
  if (value.empty()) {
    changes_.persist(storage::remove_setting{"admin.wizlock"});
  } else {
    changes_.persist(storage::set_setting{"admin.wizlock", value});
  }
}

void administration::audit(std::string_view actor, std::string_view action, std::string_view result) {
  const std::int64_t at = services_.now();
  std::string a(actor);
  std::string act(action.substr(0, 500));
  std::string res(result.substr(0, 500));
  changes_.persist(storage::append_audit{at, std::move(a), std::move(act), std::move(res)});
}

void administration::remember_countdown() {
  keep(changes_, shutdown_at_);
  keep(changes_, shutdown_reason_);
  keep(changes_, last_warning_);
}

void administration::start_shutdown(std::int64_t seconds, std::string reason, std::string by) {
  remember_countdown();
  // One reading of the clock for the deadline and the first warning: a second boundary between two
  // readings would announce 11 seconds for a 12-second countdown.
  const std::int64_t now = services_.now();
  shutdown_at_ = now + seconds;
  shutdown_reason_ = std::move(reason);
  last_warning_ = -1;
  changes_.persist(storage::set_setting{"admin.shutdown_at", std::to_string(*shutdown_at_)});
  changes_.persist(storage::set_setting{"admin.shutdown_reason", shutdown_reason_});
  log::warn("{} started a shutdown in {} s: {}", by, seconds, log_safe(shutdown_reason_));
  tick_at(now);
}

bool administration::cancel_shutdown(std::string_view by) {
  if (!shutdown_at_) {
    return false;
  }
  remember_countdown();
  shutdown_at_.reset();
  forget_shutdown();
  log::warn("{} cancelled the shutdown", by);
  out_.send_all("[Announcement] The shutdown has been cancelled. Play on!\n");
  return true;
}

std::optional<std::int64_t> administration::shutdown_in() const {
  if (!shutdown_at_) {
    return std::nullopt;
  }
  return *shutdown_at_ - services_.now();
}

void administration::forget_shutdown() {
  changes_.persist(storage::remove_setting{"admin.shutdown_at"});
  changes_.persist(storage::remove_setting{"admin.shutdown_reason"});
}

void administration::tick_at(std::int64_t now) {
  if (!shutdown_at_) {
    return;
  }
  const std::int64_t left = *shutdown_at_ - now;
  if (left <= 0) {
    shutdown_at_.reset();
    forget_shutdown();
    services_.stop_server();
    return;
  }
  // Warn at the start, then at 5 min, 1 min, 30 s and 10 s as they come.
  static constexpr std::int64_t marks[] = {300, 60, 30, 10};
  bool due = last_warning_ < 0;
  for (std::int64_t mark : marks) {
    if (left <= mark && (last_warning_ < 0 || last_warning_ > mark)) {
      due = true;
    }
  }
  if (!due) {
    return;
  }
  last_warning_ = left;
  const std::string when =
      left >= 120 ? std::to_string((left + 59) / 60) + " minutes" : std::to_string(left) + " seconds";
  out_.send_all("[Announcement] Deepwell will shut down in " + when +
                  (shutdown_reason_.empty() ? "." : ": " + shutdown_reason_) + "\n");
}

}  // namespace dw::game
