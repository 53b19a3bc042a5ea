#include "server/store/items.hpp"

#include "server/store/database.hpp"

namespace dw::store::items {

namespace {

item_record read(const statement& st) {
  item_record i;
  i.id = st.column_int64(0);
  i.kind = st.column_text(1);
  i.key = st.column_text(2);
  i.seed = st.column_uint64(3);
  i.owner_account = st.column_int64(4);  // NULL reads as 0
  i.room_id = st.column_int64(5);
  i.equipped = st.column_bool(6);
  i.container_id = st.column_int64(7);  // NULL reads as 0
  i.amount = st.column_int64(8);
  i.made = st.column_text(9);
  return i;
}

std::vector<item_record> list_where(database& db, std::string_view sql, std::int64_t key) {
  std::vector<item_record> out;
  auto st = db.prepare(sql);
  st->bind_all(key);
  while (st->step()) {
    out.push_back(read(*st));
  }
  return out;
}

}  // namespace

std::int64_t create(database& db, const item_record& item) {
  auto st = db.prepare(
      "INSERT INTO items (kind, key, seed, owner_account, room_id, equipped, container_id, amount, made) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id");
  st->bind(1, item.kind).bind(2, item.key).bind(3, item.seed);
  st->bind_id_or_null(4, item.owner_account).bind_id_or_null(5, item.room_id).bind(6, item.equipped);
  st->bind_id_or_null(7, item.container_id).bind(8, item.amount).bind(9, item.made);
  st->step();
  return st->column_int64(0);
}

void upsert(database& db, const item_record& item) {
  auto st = db.prepare(
      "INSERT INTO items (id, kind, key, seed, owner_account, room_id, equipped, container_id, amount, made) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
      "ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, key = excluded.key, seed = excluded.seed, "
      "owner_account = excluded.owner_account, room_id = excluded.room_id, equipped = excluded.equipped, "
      "container_id = excluded.container_id, amount = excluded.amount, made = excluded.made");
  st->bind(1, item.id).bind(2, item.kind).bind(3, item.key).bind(4, item.seed);
  st->bind_id_or_null(5, item.owner_account).bind_id_or_null(6, item.room_id).bind(7, item.equipped);
  st->bind_id_or_null(8, item.container_id).bind(9, item.amount).bind(10, item.made);
  st->run();
}

bool remove(database& db, std::int64_t id) {
  auto st = db.prepare("DELETE FROM items WHERE id = ?");
  st->bind_all(id).run();
  return db.changes() > 0;
}

std::optional<item_record> find(database& db, std::int64_t id) {
  auto st = db.prepare("SELECT id, kind, key, seed, owner_account, room_id, equipped, container_id, amount, made FROM items WHERE id = ?");
  st->bind_all(id);
  if (!st->step()) {
    return std::nullopt;
  }
  return read(*st);
}

std::vector<item_record> list_in_room(database& db, std::int64_t room_id) {
  return list_where(db,
                    "SELECT id, kind, key, seed, owner_account, room_id, equipped, container_id, amount, made FROM items WHERE room_id = ? "
                    "ORDER BY id",
                    room_id);
}

std::vector<item_record> list_in_branch(database& db, std::int64_t branch_id) {
  return list_where(db,
                    "SELECT i.id, i.kind, i.key, i.seed, i.owner_account, i.room_id, i.equipped, i.container_id, i.amount, i.made FROM items i "
                    "JOIN rooms r ON r.id = i.room_id WHERE r.branch_id = ? ORDER BY i.id",
                    branch_id);
}

std::vector<item_record> list_carried(database& db, std::int64_t owner_account) {
  return list_where(db,
                    "SELECT id, kind, key, seed, owner_account, room_id, equipped, container_id, amount, made FROM items WHERE owner_account = ? "
                    "ORDER BY id",
                    owner_account);
}

bool move(database& db, std::int64_t id, std::int64_t owner_account, std::int64_t room_id) {
  auto st = db.prepare("UPDATE items SET owner_account = ?, room_id = ?, equipped = 0, container_id = NULL WHERE id = ?");
  st->bind_id_or_null(1, owner_account).bind_id_or_null(2, room_id).bind(3, id);
  st->run();
  return db.changes() > 0;
}

bool set_equipped(database& db, std::int64_t id, bool equipped) {
  auto st = db.prepare("UPDATE items SET equipped = ? WHERE id = ?");
  st->bind_all(equipped, id).run();
  return db.changes() > 0;
}

std::int64_t max_id(database& db) { return db.query_int64("SELECT coalesce(max(id), 0) FROM items"); }

}  // namespace dw::store::items
