#include "server/store/bounties.hpp"

#include "server/store/database.hpp"

namespace dw::store::bounties {

std::optional<bounty_book_record> load(database& db, std::int64_t account_id) {
  auto book = db.prepare("SELECT completed FROM bounty_books WHERE account_id = ?");
  book->bind_all(account_id);
  if (!book->step()) {
    return std::nullopt;
  }
  bounty_book_record out;
  out.account_id = account_id;
  out.completed = book->column_int64(0);
  auto st = db.prepare(
      "SELECT day, slot, kind, target, depth, count, progress, silver, xp, turned_in FROM bounties "
      "WHERE account_id = ? ORDER BY day, slot");
  st->bind_all(account_id);
  while (st->step()) {
    bounty_record r;
    r.day = st->column_int64(0);
    r.slot = st->column_int32(1);
    r.kind = st->column_text(2);
    r.target = st->column_text(3);
    r.depth = st->column_int32(4);
    r.count = st->column_int32(5);
    r.progress = st->column_int32(6);
    r.silver = st->column_int64(7);
    r.xp = st->column_int64(8);
    r.turned_in = st->column_bool(9);
    out.tasks.push_back(std::move(r));
  }
  return out;
}

void save(database& db, const bounty_book_record& book) {
  auto upsert = db.prepare(
      "INSERT INTO bounty_books (account_id, completed) VALUES (?, ?) "
      "ON CONFLICT (account_id) DO UPDATE SET completed = excluded.completed");
  upsert->bind_all(book.account_id, book.completed).run();
  auto clear = db.prepare("DELETE FROM bounties WHERE account_id = ?");
  clear->bind_all(book.account_id).run();
  auto insert = db.prepare(
      "INSERT INTO bounties (account_id, day, slot, kind, target, depth, count, progress, silver, xp, turned_in) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  for (const bounty_record& r : book.tasks) {
    insert
        ->bind_all(book.account_id, r.day, r.slot, r.kind, r.target, r.depth, r.count, r.progress, r.silver, r.xp,
                   r.turned_in)
        .run();
    insert->reset();
  }
}

}  // namespace dw::store::bounties
