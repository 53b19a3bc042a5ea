#include "server/store/progress.hpp"

#include "server/store/database.hpp"

namespace dw::store::progress {

std::optional<progress_record> load(database& db, std::int64_t account_id) {
  auto st = db.prepare("SELECT xp FROM progress WHERE account_id = ?");
  st->bind_all(account_id);
  if (!st->step()) {
    return std::nullopt;
  }
  return progress_record{account_id, st->column_int64(0)};
}

void save(database& db, const progress_record& r) {
  auto st = db.prepare(
      "INSERT INTO progress (account_id, xp) VALUES (?, ?) ON CONFLICT (account_id) DO UPDATE SET xp = excluded.xp");
  st->bind_all(r.account_id, r.xp).run();
}

}  // namespace dw::store::progress
