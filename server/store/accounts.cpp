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
  a.failed_logins = st.column_int64(6);
  a.lock_failures = st.column_int64(7);
  a.locked_until = st.column_int64(8);
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
  return find_one(db, "SELECT id, name, password_hash, role, created_at, last_login, failed_logins, lock_failures, locked_until FROM accounts WHERE name = ?",
                  name);
}

std::optional<account_record> find_by_id(database& db, std::int64_t id) {
  return find_one(db, "SELECT id, name, password_hash, role, created_at, last_login, failed_logins, lock_failures, locked_until FROM accounts WHERE id = ?", id);
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

std::int64_t record_failed_login(database& db, std::int64_t id, std::int64_t at, std::int64_t lock_after,
                                 std::int64_t lock_seconds) {
  // One statement: the count and the lock cannot disagree, whoever else is failing at the same time.
  auto st = db.prepare(
      "UPDATE accounts SET failed_logins = failed_logins + 1, lock_failures = lock_failures + 1, "
      "locked_until = CASE WHEN lock_failures + 1 >= ?1 THEN ?2 + ?3 ELSE locked_until END "
      "WHERE id = ?4 RETURNING locked_until");
  st->bind_all(lock_after, at, lock_seconds, id);
  return st->step() ? st->column_int64(0) : 0;
}

void record_login(database& db, std::int64_t id, std::int64_t at) {
  auto st = db.prepare(
      "UPDATE accounts SET last_login = ?, failed_logins = 0, lock_failures = 0, locked_until = 0 WHERE id = ?");
  st->bind_all(at, id).run();
}

bool unlock(database& db, std::int64_t id) {
  auto st = db.prepare("UPDATE accounts SET lock_failures = 0, locked_until = 0 WHERE id = ?");
  st->bind_all(id).run();
  return db.changes() > 0;
}

std::vector<account_record> list(database& db) {
  std::vector<account_record> out;
  auto st = db.prepare("SELECT id, name, password_hash, role, created_at, last_login, failed_logins, lock_failures, locked_until FROM accounts ORDER BY id");
  while (st->step()) {
    out.push_back(read(*st));
  }
  return out;
}

}  // namespace dw::store::accounts
