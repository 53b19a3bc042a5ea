#include "server/store/counters.hpp"

#include "server/store/database.hpp"

namespace dw::store::counters {

std::optional<std::int64_t> get(database& db, std::string_view name) {
  auto st = db.prepare("SELECT value FROM counters WHERE name = ?");
  st->bind_all(name);
  if (!st->step()) {
    return std::nullopt;
  }
  return st->column_int64(0);
}

void set(database& db, std::string_view name, std::int64_t value) {
  auto st = db.prepare(
      "INSERT INTO counters (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value");
  st->bind_all(name, value);
  st->run();
}

}  // namespace dw::store::counters
