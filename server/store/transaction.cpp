#include "server/store/transaction.hpp"

#include <sqlite3.h>

#include "server/store/database.hpp"

namespace dw::store {

transaction::transaction(database& db, transaction_kind kind) : db_(db) {
  db_.exec(kind == transaction_kind::immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED");
}

transaction::~transaction() { rollback(); }

void transaction::commit() {
  db_.exec("COMMIT");
  open_ = false;
}

void transaction::rollback() noexcept {
  if (!open_) {
    return;
  }
  open_ = false;
  // Some errors (SQLITE_FULL, SQLITE_IOERR, ...) already rolled the transaction back inside SQLite;
  // only issue ROLLBACK when one is still open. The result is ignored: nothing useful can be done
  // about a failed rollback in a destructor, and SQLite leaves the connection usable.
  if (sqlite3_get_autocommit(db_.handle()) == 0) {
    sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
  }
}

}  // namespace dw::store
