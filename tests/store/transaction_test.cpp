#include "server/store/transaction.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

#include "server/store/database.hpp"
#include "server/store/store_error.hpp"

namespace dw::store {
namespace {

database scratch() {
  database db = database::open_unchecked(":memory:");
  db.exec("CREATE TABLE t (i INTEGER PRIMARY KEY)");
  return db;
}

TEST(Transaction, CommitKeepsChanges) {
  database db = scratch();
  {
    transaction tx(db);
    db.exec("INSERT INTO t VALUES (1)");
    tx.commit();
  }
  EXPECT_FALSE(db.in_transaction());
  EXPECT_EQ(db.query_int64("SELECT count(*) FROM t"), 1);
}

TEST(Transaction, DestructorRollsBackUncommittedChanges) {
  database db = scratch();
  {
    transaction tx(db);
    db.exec("INSERT INTO t VALUES (1)");
    EXPECT_TRUE(db.in_transaction());
  }
  EXPECT_FALSE(db.in_transaction());
  EXPECT_EQ(db.query_int64("SELECT count(*) FROM t"), 0);
}

TEST(Transaction, RollsBackWhenAnExceptionLeavesTheScope) {
  database db = scratch();
  try {
    transaction tx(db);
    db.exec("INSERT INTO t VALUES (1)");
    db.exec("INSERT INTO t VALUES (1)");  // duplicate key throws
    tx.commit();
  } catch (const store_error&) {
  }
  EXPECT_FALSE(db.in_transaction());
  EXPECT_EQ(db.query_int64("SELECT count(*) FROM t"), 0);
}

TEST(Transaction, ExplicitRollbackThenDestructorIsHarmless) {
  database db = scratch();
  transaction tx(db);
  db.exec("INSERT INTO t VALUES (1)");
  tx.rollback();
  tx.rollback();
  EXPECT_EQ(db.query_int64("SELECT count(*) FROM t"), 0);
}

TEST(Transaction, NestingIsRefusedWithAStoreError) {
  database db = scratch();
  transaction outer(db);
  EXPECT_THROW(transaction inner(db), store_error);
}

TEST(Transaction, DeferredGivesAReadSnapshot) {
  database db = scratch();
  db.exec("INSERT INTO t VALUES (1)");
  transaction tx(db, transaction_kind::deferred);
  EXPECT_EQ(db.query_int64("SELECT count(*) FROM t"), 1);
  tx.commit();
}

}  // namespace
}  // namespace dw::store
