#include "server/store/characters.hpp"

#include "server/store/database.hpp"

namespace dw::store::characters {

namespace {

character_record read(const statement& st) {
  character_record c;
  c.account_id = st.column_int64(0);
  c.where.room_id = st.column_int64(1);
  c.where.branch_id = st.column_int64(2);
  c.where.x = st.column_int32(3);
  c.where.y = st.column_int32(4);
  c.hp = st.column_int32(5);
  c.max_hp = st.column_int32(6);
  c.last_seen = st.column_int64(7);
  c.pending_message = st.column_text(8);
  c.silver = st.column_int64(9);
  c.deepest = st.column_int32(10);
  c.deepest_at = st.column_int64(11);
  c.kills = st.column_int64(12);
  c.scrolls_sold = st.column_int64(13);
  c.identified = st.column_text(14);
  return c;
}

constexpr std::string_view columns =
    "account_id, room_id, branch_id, x, y, hp, max_hp, last_seen, pending_message, silver, deepest, deepest_at, "
    "kills, scrolls_sold, identified";

}  // namespace

std::optional<character_record> load(database& db, std::int64_t account_id) {
  auto st = db.prepare("SELECT " + std::string(columns) + " FROM characters WHERE account_id = ?");
  st->bind_all(account_id);
  if (!st->step()) {
    return std::nullopt;
  }
  return read(*st);
}

void save(database& db, const character_record& c) {
  auto st = db.prepare("INSERT INTO characters (" + std::string(columns) +
                       ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                       "ON CONFLICT (account_id) DO UPDATE SET room_id = excluded.room_id, "
                       "branch_id = excluded.branch_id, x = excluded.x, y = excluded.y, hp = excluded.hp, "
                       "max_hp = excluded.max_hp, last_seen = excluded.last_seen, "
                       "pending_message = excluded.pending_message, silver = excluded.silver, "
                       "deepest = excluded.deepest, deepest_at = excluded.deepest_at, kills = excluded.kills, "
                       "scrolls_sold = excluded.scrolls_sold, identified = excluded.identified");
  st->bind_all(c.account_id, c.where.room_id, c.where.branch_id, c.where.x, c.where.y, c.hp, c.max_hp, c.last_seen,
               c.pending_message, c.silver, c.deepest, c.deepest_at, c.kills, c.scrolls_sold, c.identified)
      .run();
}

std::vector<depth_record> deepest(database& db, std::int64_t limit) {
  auto st = db.prepare(
      "SELECT a.name, c.deepest, c.deepest_at FROM characters c JOIN accounts a ON a.id = c.account_id "
      "WHERE c.deepest > 0 ORDER BY c.deepest DESC, c.deepest_at ASC LIMIT ?");
  st->bind_all(limit);
  std::vector<depth_record> out;
  while (st->step()) {
    out.push_back({st->column_text(0), st->column_int32(1), st->column_int64(2)});
  }
  return out;
}

std::int64_t move_all_in_branch_to(database& db, std::int64_t branch_id, const location& to,
                                   std::string_view message) {
  // Appends rather than overwrites: a character may already have something waiting to be told.
  auto st = db.prepare(
      "UPDATE characters SET room_id = ?1, branch_id = ?2, x = ?3, y = ?4, "
      "pending_message = CASE WHEN pending_message = '' THEN ?5 "
      "WHEN ?5 = '' THEN pending_message ELSE pending_message || char(10) || ?5 END "
      "WHERE branch_id = ?6");
  st->bind_all(to.room_id, to.branch_id, to.x, to.y, message, branch_id).run();
  return db.changes();
}

std::vector<character_record> list_in_branch(database& db, std::int64_t branch_id) {
  std::vector<character_record> out;
  auto st = db.prepare("SELECT " + std::string(columns) + " FROM characters WHERE branch_id = ? ORDER BY account_id");
  st->bind_all(branch_id);
  while (st->step()) {
    out.push_back(read(*st));
  }
  return out;
}

}  // namespace dw::store::characters
