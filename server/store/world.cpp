#include "server/store/world.hpp"

#include "server/store/database.hpp"

namespace dw::store::world {

std::optional<std::int64_t> recorded_seed(database& db) {
  auto st = db.prepare("SELECT seed FROM world WHERE id = 1");
  if (!st->step()) {
    return std::nullopt;
  }
  return st->column_int64(0);
}

bool record_seed(database& db, std::int64_t seed, std::int64_t now) {
  auto st = db.prepare("INSERT OR IGNORE INTO world (id, seed, recorded_at) VALUES (1, ?, ?)");
  st->bind_all(seed, now).run();
  return db.changes() > 0;
}

}  // namespace dw::store::world
