#include "server/store/audit.hpp"

#include "server/store/database.hpp"

namespace dw::store::audit {

std::int64_t append(database& db, std::int64_t at, std::string_view actor, std::string_view action,
                    std::string_view result) {
  auto st = db.prepare("INSERT INTO audit (at, actor, action, result) VALUES (?, ?, ?, ?) RETURNING id");
  st->bind_all(at, actor, action, result);
  st->step();
  return st->column_int64(0);
}

std::vector<audit_record> last(database& db, std::int64_t n) {
  std::vector<audit_record> out;
  auto st = db.prepare(
      "SELECT id, at, actor, action, result FROM "
      "(SELECT id, at, actor, action, result FROM audit ORDER BY id DESC LIMIT ?) ORDER BY id");
  st->bind_all(n);
  while (st->step()) {
    audit_record a;
    a.id = st->column_int64(0);
    a.at = st->column_int64(1);
    a.actor = st->column_text(2);
    a.action = st->column_text(3);
    a.result = st->column_text(4);
    out.push_back(std::move(a));
  }
  return out;
}

}  // namespace dw::store::audit
