#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "server/config/settings.hpp"

namespace dw::store {
class database;
}

// The command line's view of what the database keeps over the config file, and the way back in after a
// lock-out without SQL: `--check` reports the bans and the stored settings; `--unban`, `--lift-bans`,
// `--reset-setting` and `--reset-settings` change a stopped server's database.
namespace dw::app {

/// The bans in force and what the database keeps that wins over the config file (settings changed in the
/// game with @config, the wizlock), as plain text for `--check`. `file` is the configuration the file and
/// the flags give; `now` is unix seconds.
std::string stored_state_report(store::database& db, const config::settings& file, std::int64_t now);

/// What to lift or reset.
struct maintenance_request {
  std::vector<std::string> unban;   ///< `--unban`: lift every ban whose target is one of these (case ignored)
  bool lift_all_bans = false;       ///< `--lift-bans`
  std::vector<std::string> reset;   ///< `--reset-setting`: forget the value @config stored for these keys
  bool reset_all_settings = false;  ///< `--reset-settings`
  bool empty() const { return unban.empty() && !lift_all_bans && reset.empty() && !reset_all_settings; }
};

struct maintenance_result {
  int exit_code = 0;   ///< 0 done (also when nothing matched), 2 no such setting, 3 the database cannot be used
  std::string report;  ///< what was done (or why not), for the operator
};

/// Does what `r` asks to the database at `path`, which must exist. The file is claimed alone first, so
/// nothing is changed while a server (or any other program) has it open, and no server can start until it
/// is done. Everything happens in one transaction, and each change is written to the audit trail with
/// the actor "command line". `now` is unix seconds.
maintenance_result run_maintenance(const std::string& path, const maintenance_request& r, std::int64_t now);

}  // namespace dw::app
