#include "server/store/rooms.hpp"

#include "server/store/database.hpp"

namespace dw::store::rooms {

namespace {

room_record read(const statement& st) {
  room_record r;
  r.id = st.column_int64(0);
  r.branch_id = st.column_int64(1);  // NULL (a static room) reads as 0
  r.x = st.column_int32(2);
  r.y = st.column_int32(3);
  r.depth = st.column_int32(4);
  r.clear = st.column_bool(5);
  for (int i = 0; i < 4; ++i) {
    r.exits[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(st.column_int32(6 + i));
  }
  r.event = st.column_int32(10);
  r.contents = st.column_text(11);
  return r;
}

}  // namespace

void upsert(database& db, const room_record& r) {
  auto st = db.prepare(
      "INSERT INTO rooms (id, branch_id, x, y, depth, clear, exit_n, exit_e, exit_s, exit_w, event, contents) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
      "ON CONFLICT (id) DO UPDATE SET branch_id = excluded.branch_id, x = excluded.x, y = excluded.y, "
      "depth = excluded.depth, clear = excluded.clear, exit_n = excluded.exit_n, exit_e = excluded.exit_e, "
      "exit_s = excluded.exit_s, exit_w = excluded.exit_w, event = excluded.event, contents = excluded.contents");
  st->bind(1, r.id).bind_id_or_null(2, r.branch_id);
  st->bind(3, r.x).bind(4, r.y).bind(5, r.depth).bind(6, r.clear);
  for (int i = 0; i < 4; ++i) {
    st->bind(7 + i, static_cast<std::int32_t>(r.exits[static_cast<std::size_t>(i)]));
  }
  st->bind(11, r.event).bind(12, r.contents);
  st->run();
}

void upsert_layout(database& db, const room_record& r) {
  auto st = db.prepare(
      "INSERT INTO rooms (id, branch_id, x, y, depth, clear, exit_n, exit_e, exit_s, exit_w) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
      "ON CONFLICT (id) DO UPDATE SET branch_id = excluded.branch_id, x = excluded.x, y = excluded.y, "
      "depth = excluded.depth, clear = excluded.clear, exit_n = excluded.exit_n, exit_e = excluded.exit_e, "
      "exit_s = excluded.exit_s, exit_w = excluded.exit_w");
  st->bind(1, r.id).bind_id_or_null(2, r.branch_id);
  st->bind(3, r.x).bind(4, r.y).bind(5, r.depth).bind(6, r.clear);
  for (int i = 0; i < 4; ++i) {
    st->bind(7 + i, static_cast<std::int32_t>(r.exits[static_cast<std::size_t>(i)]));
  }
  st->run();
}

bool set_contents(database& db, std::int64_t id, std::int32_t event, std::string_view contents) {
  auto st = db.prepare("UPDATE rooms SET event = ?, contents = ? WHERE id = ?");
  st->bind_all(event, contents, id);
  st->run();
  return db.changes() > 0;
}

std::optional<room_record> load(database& db, std::int64_t branch_id, std::int32_t x, std::int32_t y) {
  auto st = db.prepare(
      "SELECT id, branch_id, x, y, depth, clear, exit_n, exit_e, exit_s, exit_w, event, contents FROM rooms "
      "WHERE branch_id = ? AND x = ? AND y = ?");
  st->bind_all(branch_id, x, y);
  if (!st->step()) {
    return std::nullopt;
  }
  return read(*st);
}

std::optional<room_record> load_by_id(database& db, std::int64_t id) {
  auto st = db.prepare(
      "SELECT id, branch_id, x, y, depth, clear, exit_n, exit_e, exit_s, exit_w, event, contents FROM rooms "
      "WHERE id = ?");
  st->bind_all(id);
  if (!st->step()) {
    return std::nullopt;
  }
  return read(*st);
}

std::int64_t count_in_branch(database& db, std::int64_t branch_id) {
  return db.query_int64("SELECT count(*) FROM rooms WHERE branch_id = ?", branch_id);
}

std::vector<room_record> list_in_rect(database& db, std::int64_t branch_id, std::int32_t min_x, std::int32_t min_y,
                                      std::int32_t max_x, std::int32_t max_y) {
  std::vector<room_record> out;
  auto st = db.prepare(
      "SELECT id, branch_id, x, y, depth, clear, exit_n, exit_e, exit_s, exit_w, event, contents FROM rooms "
      "WHERE branch_id = ? AND x BETWEEN ? AND ? AND y BETWEEN ? AND ? ORDER BY x, y");
  st->bind_all(branch_id, min_x, max_x, min_y, max_y);
  while (st->step()) {
    out.push_back(read(*st));
  }
  return out;
}

std::vector<room_record> list_in_branch(database& db, std::int64_t branch_id) {
  std::vector<room_record> out;
  auto st = db.prepare(
      "SELECT id, branch_id, x, y, depth, clear, exit_n, exit_e, exit_s, exit_w, event, contents FROM rooms "
      "WHERE branch_id = ? ORDER BY x, y");
  st->bind_all(branch_id);
  while (st->step()) {
    out.push_back(read(*st));
  }
  return out;
}

}  // namespace dw::store::rooms
