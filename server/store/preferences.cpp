#include "server/store/preferences.hpp"

#include "server/store/database.hpp"

namespace dw::store::preferences {

std::vector<preference_record> list(database& db, std::int64_t account_id) {
  std::vector<preference_record> out;
  auto st = db.prepare("SELECT key, value FROM preferences WHERE account_id = ? ORDER BY key");
  st->bind_all(account_id);
  while (st->step()) {
    out.push_back({st->column_text(0), st->column_text(1)});
  }
  return out;
}

void set(database& db, std::int64_t account_id, std::string_view key, std::string_view value) {
  if (value.empty()) {
    auto st = db.prepare("DELETE FROM preferences WHERE account_id = ? AND key = ?");
    st->bind_all(account_id, key).run();
    return;
  }
  auto st = db.prepare(
      "INSERT INTO preferences (account_id, key, value) VALUES (?, ?, ?) "
      "ON CONFLICT (account_id, key) DO UPDATE SET value = excluded.value");
  st->bind_all(account_id, key, value).run();
}

}  // namespace dw::store::preferences
