#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "server/config/settings.hpp"
#include "server/game/storage/reads.hpp"
#include "server/net/tls.hpp"
#include "server/store/database.hpp"

// What the server reads once at start-up, before anyone plays.
namespace dw::app {

/// Live settings an administrator changed with @config are kept in the database and win over the
/// config file (whose values are the defaults). A stored value that no longer validates is skipped.
config::settings with_stored_settings(config::settings s, const game::storage::world_snapshot& startup);

/// Reads what the world starts from (static rooms, branches, stored settings) from the database at `path`.
game::storage::world_snapshot read_startup(const std::string& path);

/// The TLS context for the TLS port: the configured tls.certificate and tls.private_key, or without them
/// the self-signed pair in the database's folder, made there first if missing and `may_create` (a --check
/// must not write: with nothing to check it returns null). Throws config_error naming the key
/// (tls.certificate or tls.private_key) when a file cannot be read or used, or only one is set.
std::unique_ptr<net::tls_server> load_tls(const config::settings& s, bool may_create);

/// The world's seed is fixed once the world is made (issue 28): rooms, their contents and saved fights are all
/// drawn from it. Compares the configured dungeon.world_seed with the one recorded in `db`: returns the
/// refusal (a message naming the key, the configured and the recorded value) when they differ. When none is
/// recorded (a new database, or one made before seeds were recorded) the configured one is recorded at `now`
/// if `may_record` (a start; a --check only says it will be), with a log line saying so.
std::optional<std::string> check_world_seed(store::database& db, const config::settings& s, bool may_record,
                                            std::int64_t now);

/// A connection whose waits on another process's lock are bounded by `wait_ms`.
store::database open_with_lock_wait(const std::string& path, std::int64_t wait_ms);

}  // namespace dw::app
