#include "server/store/transaction.hpp"

#include <sqlite3.h>

#include "server/store/database.hpp"

namespace dw::store {

// BEGIN and COMMIT run as the connection's cached prepared statements: every change set the writer saves
// opens and commits one transaction, and parsing the two statements afresh each time (sqlite3_exec) cost
// about 9,000 instructions a commit (callgrind over 300 new rooms; BENCHMARKS.md).
transaction::transaction(database& db, transaction_kind kind) : db_(db) {
  db_.prepare(kind == transaction_kind::immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED")->run();
}

transaction::~transaction() { rollback(); }

void transaction::commit() {
  db_.prepare("COMMIT")->run();
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
