#include "server/store/accounts.hpp"

#include <sqlite3.h>

#include "server/store/database.hpp"
#include "server/store/store_error.hpp"

namespace dw::store::accounts {

namespace {

account_record read(const statement& st) {
  account_record a;
  a.id = st.column_int64(0);
  a.name = st.column_text(1);
  a.password_hash = st.column_text(2);
  const std::string role_name = st.column_text(3);
  const auto parsed = parse_role(role_name);
  if (!parsed) {
    throw store_error(SQLITE_CORRUPT, "account " + std::to_string(a.id) + " has an unknown role '" + role_name + "'");
  }
  a.account_role = *parsed;
  a.created_at = st.column_int64(4);
  a.last_login = st.column_int64(5);
  return a;
}

std::optional<account_record> find_one(database& db, std::string_view sql, const auto& key) {
  auto st = db.prepare(sql);
  st->bind_all(key);
  if (!st->step()) {
    return std::nullopt;
  }
  return read(*st);
}

}  // namespace

create_account_result create(database& db, std::string_view name, std::string_view password_hash, role account_role,
                             std::int64_t created_at) {
  // DO NOTHING + RETURNING: a taken name yields no row instead of a constraint exception.
  auto st = db.prepare(
      "INSERT INTO accounts (name, password_hash, role, created_at) VALUES (?, ?, ?, ?) "
      "ON CONFLICT DO NOTHING RETURNING id");
  st->bind_all(name, password_hash, to_string(account_role), created_at);
  if (!st->step()) {
    return {0, true};
  }
  return {st->column_int64(0), false};
}

std::optional<account_record> find_by_name(database& db, std::string_view name) {
  return find_one(db, "SELECT id, name, password_hash, role, created_at, last_login FROM accounts WHERE name = ?",
                  name);
}

std::optional<account_record> find_by_id(database& db, std::int64_t id) {
  return find_one(db, "SELECT id, name, password_hash, role, created_at, last_login FROM accounts WHERE id = ?", id);
}

std::int64_t count(database& db) { return db.query_int64("SELECT count(*) FROM accounts"); }

bool set_role(database& db, std::int64_t id, role account_role) {
  auto st = db.prepare("UPDATE accounts SET role = ? WHERE id = ?");
  st->bind_all(to_string(account_role), id).run();
  return db.changes() > 0;
}

bool set_password_hash(database& db, std::int64_t id, std::string_view password_hash) {
  auto st = db.prepare("UPDATE accounts SET password_hash = ? WHERE id = ?");
  st->bind_all(password_hash, id).run();
  return db.changes() > 0;
}

bool touch_login(database& db, std::int64_t id, std::int64_t at) {
  auto st = db.prepare("UPDATE accounts SET last_login = ? WHERE id = ?");
  st->bind_all(at, id).run();
  return db.changes() > 0;
}

std::vector<account_record> list(database& db) {
  std::vector<account_record> out;
  auto st = db.prepare("SELECT id, name, password_hash, role, created_at, last_login FROM accounts ORDER BY id");
  while (st->step()) {
    out.push_back(read(*st));
  }
  return out;
}

}  // namespace dw::store::accounts
