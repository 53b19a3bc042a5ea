#include "server/store/stored_settings.hpp"

#include "server/store/database.hpp"

namespace dw::store::settings {

std::vector<setting_record> get_all(database& db) {
  std::vector<setting_record> out;
  auto st = db.prepare("SELECT key, value FROM settings ORDER BY key");
  while (st->step()) {
    out.push_back({st->column_text(0), st->column_text(1)});
  }
  return out;
}

std::optional<std::string> get(database& db, std::string_view key) {
  auto st = db.prepare("SELECT value FROM settings WHERE key = ?");
  st->bind_all(key);
  if (!st->step()) {
    return std::nullopt;
  }
  return st->column_text(0);
}

void set(database& db, std::string_view key, std::string_view value) {
  auto st = db.prepare(
      "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
  st->bind_all(key, value).run();
}

bool remove(database& db, std::string_view key) {
  auto st = db.prepare("DELETE FROM settings WHERE key = ?");
  st->bind_all(key).run();
  return db.changes() > 0;
}

}  // namespace dw::store::settings
