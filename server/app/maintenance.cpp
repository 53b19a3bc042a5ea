#include "server/app/maintenance.hpp"

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <optional>
#include <string_view>

#include "server/game/administration/administration.hpp"
#include "server/store/accounts.hpp"
#include "server/store/audit.hpp"
#include "server/store/bans.hpp"
#include "server/store/database.hpp"
#include "server/store/stored_settings.hpp"
#include "server/store/store_error.hpp"
#include "server/store/transaction.hpp"

namespace dw::app {
namespace {

/// @config keeps a live setting's value under this prefix ("config.log.level").
constexpr std::string_view config_prefix = "config.";
constexpr std::string_view actor = "command line";

std::string utc_text(std::int64_t at) {
  const std::time_t t = static_cast<std::time_t>(at);
  std::tm parts{};
  char text[32] = {};
  if (::gmtime_r(&t, &parts) == nullptr || std::strftime(text, sizeof text, "%Y-%m-%d %H:%M UTC", &parts) == 0) {
    return std::to_string(at);
  }
  return text;
}

/// "address 127.* for good, by Ann since 2025-06-01 10:00 UTC: reason"
std::string ban_text(const store::ban_record& b) {
  return b.kind + " " + b.target + " " +
         (b.expires_at == 0 ? std::string("for good") : "until " + utc_text(b.expires_at)) + ", by " + b.by +
         " since " + utc_text(b.created_at) + (b.reason.empty() ? "" : ": " + b.reason);
}

bool is_admin_account(store::database& db, const std::string& name) {
  const auto account = store::accounts::find_by_name(db, name);
  return account && account->account_role == store::role::admin;
}

struct stored_override {
  std::string key;                     ///< the setting's full name ("log.level"), or the stored key when it names none
  std::string stored;                  ///< as stored
  std::string file;                    ///< the value from the config file (and flags), as shown
  std::optional<std::string> ignored;  ///< why start-up skips it, if it does
};

/// Every value @config stored, with what the config file says, as start-up would apply them
/// (with_stored_settings).
std::vector<stored_override> overrides(store::database& db, const config::settings& file) {
  std::vector<stored_override> out;
  for (const store::setting_record& rec : store::settings::get_all(db)) {
    if (!rec.key.starts_with(config_prefix)) {
      continue;
    }
    stored_override o;
    o.key = rec.key.substr(config_prefix.size());
    o.stored = rec.value;
    const config::setting_def* def = config::find_setting(o.key);
    if (def == nullptr || !def->live) {
      o.ignored = "not a setting that can change while the server runs";
    } else {
      o.file = config::to_display(def->get(file));
      config::settings changed = file;
      try {
        config::apply_setting_text(changed, *def, rec.value);
        o.stored = config::to_display(def->get(changed));
      } catch (const config::config_error& e) {
        o.ignored = e.what();
      }
    }
    out.push_back(std::move(o));
  }
  return out;
}

}  // namespace

std::string stored_state_report(store::database& db, const config::settings& file, std::int64_t now) {
  std::string out;
  const std::vector<store::ban_record> bans = store::bans::list_active(db, now);
  if (bans.empty()) {
    out += "Bans in force: none.\n";
  } else {
    out += "Bans in force: " + std::to_string(bans.size()) + ".\n";
    bool admin_banned = false;
    for (const store::ban_record& b : bans) {
      std::string note;
      if (game::administration::covers_everyone(b)) {
        note = " (not enforced: it covers every address)";
      } else if (b.kind == "account" && is_admin_account(db, b.target)) {
        note = " (an administrator's account)";
        admin_banned = true;
      }
      out += "  " + ban_text(b) + note + "\n";
    }
    if (admin_banned) {
      bool every_admin_banned = true;
      bool any_admin = false;
      for (const store::account_record& a : store::accounts::list(db)) {
        if (a.account_role != store::role::admin) {
          continue;
        }
        any_admin = true;
        bool banned = false;
        for (const store::ban_record& b : bans) {
          banned = banned || (b.kind == "account" && store::bans::same_target(b.target, a.name));
        }
        every_admin_banned = every_admin_banned && banned;
      }
      if (any_admin && every_admin_banned) {
        out += "  Every administrator account is banned: nobody can lift a ban in the game.\n";
      }
    }
    out +=
        "  Lift one with @unban <target> in the game or, with the server stopped, deepwell --unban <target>; "
        "all of them with --lift-bans.\n";
  }
  const std::vector<stored_override> changed = overrides(db, file);
  if (changed.empty()) {
    out += "Settings changed in the game (@config): none; the config file's values apply.\n";
  } else {
    out += "Settings changed in the game (@config), which win over the config file: " + std::to_string(changed.size()) +
           ".\n";
    for (const stored_override& o : changed) {
      if (o.ignored) {
        out += "  " + o.key + " = " + o.stored + " (ignored at start-up: " + *o.ignored + ")\n";
      } else {
        out += "  " + o.key + " = " + o.stored + " (the config file says " + o.file + ")\n";
      }
    }
    out +=
        "  Change one with @config <key> <value> in the game or, with the server stopped, go back to the config "
        "file's value with deepwell --reset-setting <key>; all of them with --reset-settings.\n";
  }
  if (const auto lock = store::settings::get(db, "admin.wizlock"); lock && !lock->empty()) {
    out += "Logins are locked to " + *lock + "s and above (@wizlock; '@wizlock off' opens them).\n";
  }
  return out;
}

maintenance_result run_maintenance(const std::string& path, const maintenance_request& r, std::int64_t now) {
  maintenance_result result;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    result.exit_code = 3;
    result.report = "There is no database at " + path + " (storage.path, or --db); nothing was changed.\n";
    return result;
  }
  // Which stored keys to forget: every key must name a setting (or a value stored for one) before
  // anything changes.
  std::vector<std::string> keys;
  try {
    store::database db = store::database::open(path);
    db.claim_alone();
    const std::vector<store::setting_record> stored = store::settings::get_all(db);
    auto is_stored = [&](const std::string& key) {
      for (const store::setting_record& rec : stored) {
        if (rec.key == key) {
          return true;
        }
      }
      return false;
    };
    for (const std::string& key : r.reset) {
      const config::setting_def* def = config::find_setting(key);
      if (def != nullptr) {
        keys.push_back(std::string(config_prefix) + def->full_name());
      } else if (is_stored(std::string(config_prefix) + key)) {
        keys.push_back(std::string(config_prefix) + key);  // a key this version no longer knows
      } else {
        result.exit_code = 2;
        result.report = "There is no setting called '" + key + "' (see config/deepwell.toml); nothing was changed.\n";
        return result;
      }
    }
    if (r.reset_all_settings) {
      for (const store::setting_record& rec : stored) {
        if (rec.key.starts_with(config_prefix)) {
          keys.push_back(rec.key);
        }
      }
    }

    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());

    std::string report;
    store::transaction tx(db);
    auto record = [&](const std::string& action, const std::string& what) {
      store::audit::append(db, now, actor, action, what);
      report += what + "\n";
    };
    if (r.lift_all_bans) {
      const std::vector<store::ban_record> all = store::bans::list(db);
      for (const store::ban_record& b : all) {
        store::bans::remove(db, b.id);
        record("--lift-bans", "Lifted the ban on " + ban_text(b) + ".");
      }
      if (all.empty()) {
        report += "There were no bans to lift.\n";
      }
    }
    for (const std::string& target : r.unban) {
      const std::vector<store::ban_record> lifted = store::bans::remove_target(db, target);
      for (const store::ban_record& b : lifted) {
        record("--unban " + target, "Lifted the ban on " + ban_text(b) + ".");
      }
      if (lifted.empty() && !r.lift_all_bans) {
        report += "No ban on '" + target + "'.\n";
      }
    }
    for (const std::string& key : keys) {
      const std::optional<std::string> before = store::settings::get(db, key);
      const std::string name = key.substr(config_prefix.size());
      if (!before) {
        report += name + " was not changed in the game; nothing to reset.\n";
        continue;
      }
      store::settings::remove(db, key);
      record("--reset-setting " + name,
             "Reset " + name + ": the value " + *before + " set in the game is gone; the config file's applies.");
    }
    tx.commit();
    if (!r.unban.empty() || r.lift_all_bans) {
      const std::vector<store::ban_record> left = store::bans::list_active(db, now);
      report += left.empty() ? std::string("No bans are left in force.\n")
                             : "Bans still in force: " + std::to_string(left.size()) + ".\n";
      for (const store::ban_record& b : left) {
        report += "  " + ban_text(b) + "\n";
      }
    }
    result.report = std::move(report);
  } catch (const store::store_error& e) {
    result.exit_code = 3;
    result.report = std::string(e.what()) + "; nothing was changed.\n";
  }
  return result;
}

}  // namespace dw::app
