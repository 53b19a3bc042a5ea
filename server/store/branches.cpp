#include "server/store/branches.hpp"

#include "server/store/database.hpp"

namespace dw::store::branches {

void upsert(database& db, const branch_record& b) {
  auto st = db.prepare(
      "INSERT INTO branches (id, direction, number, sequence, seed, tape_key, created_at, window_end, "
      "last_occupied, unexplored, room_count) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
      "ON CONFLICT (id) DO UPDATE SET direction = excluded.direction, number = excluded.number, "
      "sequence = excluded.sequence, seed = excluded.seed, tape_key = excluded.tape_key, "
      "created_at = excluded.created_at, "
      "window_end = excluded.window_end, last_occupied = excluded.last_occupied, "
      "unexplored = excluded.unexplored, room_count = excluded.room_count");
  st->bind_all(b.id, b.direction, b.number, b.sequence, b.seed, b.tape_key, b.created_at, b.window_end, b.last_occupied,
               b.unexplored, b.room_count)
      .run();
}

std::vector<branch_record> load_all(database& db) {
  std::vector<branch_record> out;
  auto st = db.prepare(
      "SELECT id, direction, number, sequence, seed, tape_key, created_at, window_end, last_occupied, unexplored, "
      "room_count FROM branches ORDER BY id");
  while (st->step()) {
    branch_record b;
    b.id = st->column_int64(0);
    b.direction = st->column_int32(1);
    b.number = st->column_int32(2);
    b.sequence = st->column_int64(3);
    b.seed = st->column_uint64(4);
    b.tape_key = st->column_uint64(5);
    b.created_at = st->column_int64(6);
    b.window_end = st->column_int64(7);
    b.last_occupied = st->column_int64(8);
    b.unexplored = st->column_int32(9);
    b.room_count = st->column_int32(10);
    out.push_back(b);
  }
  return out;
}

bool remove(database& db, std::int64_t branch_id) {
  auto st = db.prepare("DELETE FROM branches WHERE id = ?");
  st->bind_all(branch_id).run();
  // changes() counts only the branch row itself, not the cascaded rooms and items.
  return db.changes() > 0;
}

std::int64_t max_room_id(database& db) { return db.query_int64("SELECT coalesce(max(id), 0) FROM rooms"); }

std::int64_t max_sequence(database& db) { return db.query_int64("SELECT coalesce(max(sequence), 0) FROM branches"); }

}  // namespace dw::store::branches
