#include "server/store/bans.hpp"

#include "server/store/database.hpp"

namespace dw::store::bans {

namespace {

std::vector<ban_record> read_all(statement& st) {
  std::vector<ban_record> out;
  while (st.step()) {
    ban_record b;
    b.id = st.column_int64(0);
    b.kind = st.column_text(1);
    b.target = st.column_text(2);
    b.reason = st.column_text(3);
    b.by = st.column_text(4);
    b.created_at = st.column_int64(5);
    b.expires_at = st.column_int64(6);
    out.push_back(std::move(b));
  }
  return out;
}

}  // namespace

bool same_target(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto fold = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    if (fold(a[i]) != fold(b[i])) {
      return false;
    }
  }
  return true;
}

std::int64_t add(database& db, const ban_record& ban) {
  auto st = db.prepare(
      "INSERT INTO bans (kind, target, reason, banned_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?) "
      "RETURNING id");
  st->bind_all(ban.kind, ban.target, ban.reason, ban.by, ban.created_at, ban.expires_at);
  st->step();
  return st->column_int64(0);
}

std::vector<ban_record> list(database& db) {
  auto st = db.prepare(
      "SELECT id, kind, target, reason, banned_by, created_at, expires_at FROM bans ORDER BY id");
  return read_all(*st);
}

std::vector<ban_record> list_active(database& db, std::int64_t now) {
  auto st = db.prepare(
      "SELECT id, kind, target, reason, banned_by, created_at, expires_at FROM bans "
      "WHERE expires_at = 0 OR expires_at > ? ORDER BY id");
  st->bind_all(now);
  return read_all(*st);
}

bool remove(database& db, std::int64_t id) {
  auto st = db.prepare("DELETE FROM bans WHERE id = ?");
  st->bind_all(id).run();
  return db.changes() > 0;
}

std::vector<ban_record> remove_target(database& db, std::string_view target) {
  std::vector<ban_record> removed;
  for (ban_record& b : list(db)) {
    if (same_target(b.target, target)) {
      remove(db, b.id);
      removed.push_back(std::move(b));
    }
  }
  return removed;
}

}  // namespace dw::store::bans
