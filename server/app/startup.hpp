#pragma once

#include <cstdint>
#include <string>

#include "server/config/settings.hpp"
#include "server/game/storage/reads.hpp"
#include "server/store/database.hpp"

// What the server reads once at start-up, before anyone plays.
namespace dw::app {

/// Live settings an administrator changed with @config are kept in the database and win over the
/// config file (whose values are the defaults). A stored value that no longer validates is skipped.
config::settings with_stored_settings(config::settings s, const game::storage::world_snapshot& startup);

/// Reads what the world starts from (static rooms, branches, stored settings) from the database at `path`.
game::storage::world_snapshot read_startup(const std::string& path);

/// A connection whose waits on another process's lock are bounded by `wait_ms`.
store::database open_with_lock_wait(const std::string& path, std::int64_t wait_ms);

}  // namespace dw::app
