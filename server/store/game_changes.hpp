#pragma once

#include "server/game/storage/changes.hpp"

namespace dw::store {

class database;

/// Applies the game's change records (server/game/storage/changes.hpp) with the repositories: the store's
/// half of the game's storage port. Runs on the writer thread, inside the batch's transaction; throws
/// store_error when SQLite refuses.
void apply(database& db, const game::storage::change& change);
void apply(database& db, const game::storage::batch& batch);

}  // namespace dw::store
