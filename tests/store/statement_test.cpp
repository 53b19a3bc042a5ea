#include "server/store/statement.hpp"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <cstdint>
#include <limits>
#include <string>

#include "server/store/database.hpp"
#include "server/store/store_error.hpp"

namespace dw::store {
namespace {

database scratch() {
  database db = database::open_unchecked(":memory:");
  db.exec("CREATE TABLE t (i INTEGER, s TEXT)");
  return db;
}

TEST(Statement, RoundTripsEveryBoundType) {
  database db = scratch();
  auto st = db.prepare("SELECT ?, ?, ?, ?, ?, ?");
  st->bind_all(std::int64_t{-5000000000}, std::int32_t{-7}, std::numeric_limits<std::uint64_t>::max(), true, 2.5,
               std::string("a temporary string"));
  ASSERT_TRUE(st->step());
  EXPECT_EQ(st->column_int64(0), -5000000000);
  EXPECT_EQ(st->column_int32(1), -7);
  EXPECT_EQ(st->column_uint64(2), std::numeric_limits<std::uint64_t>::max());
  EXPECT_TRUE(st->column_bool(3));
  EXPECT_DOUBLE_EQ(st->column_double(4), 2.5);
  EXPECT_EQ(st->column_text(5), "a temporary string");
  EXPECT_FALSE(st->step());
}

TEST(Statement, TextKeepsEmbeddedNulBytes) {
  database db = scratch();
  const std::string with_nul("a\0b", 3);
  auto st = db.prepare("SELECT ?");
  st->bind(1, with_nul);
  ASSERT_TRUE(st->step());
  EXPECT_EQ(st->column_text(0), with_nul);
}

TEST(Statement, NullReadsAsZeroAndEmpty) {
  database db = scratch();
  auto st = db.prepare("SELECT ?, ?");
  st->bind(1, nullptr).bind_id_or_null(2, 0);
  ASSERT_TRUE(st->step());
  EXPECT_TRUE(st->column_is_null(0));
  EXPECT_TRUE(st->column_is_null(1));
  EXPECT_EQ(st->column_int64(0), 0);
  EXPECT_EQ(st->column_text(0), "");
}

TEST(Statement, BadSqlThrowsWithCodeAndText) {
  database db = scratch();
  try {
    db.prepare("SELEKT 1");
    FAIL() << "expected store_error";
  } catch (const store_error& e) {
    EXPECT_EQ(e.code() & 0xff, SQLITE_ERROR);
    EXPECT_NE(std::string(e.what()).find("SELEKT 1"), std::string::npos);
  }
}

TEST(Statement, ConstraintFailureCarriesExtendedCode) {
  database db = scratch();
  db.exec("CREATE TABLE u (k INTEGER PRIMARY KEY)");
  db.exec("INSERT INTO u VALUES (1)");
  auto st = db.prepare("INSERT INTO u VALUES (?)");
  st->bind(1, std::int64_t{1});
  try {
    st->run();
    FAIL() << "expected store_error";
  } catch (const store_error& e) {
    EXPECT_EQ(e.code(), SQLITE_CONSTRAINT_PRIMARYKEY);
  }
}

TEST(Statement, CachedStatementIsReusedAndResetAfterEachLease) {
  database db = scratch();
  db.exec("INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c')");
  const statement* first = nullptr;
  {
    auto st = db.prepare("SELECT i FROM t ORDER BY i");
    first = &*st;
    ASSERT_TRUE(st->step());  // left mid-way on purpose
    EXPECT_EQ(st->column_int64(0), 1);
  }
  auto again = db.prepare("SELECT i FROM t ORDER BY i");
  EXPECT_EQ(&*again, first);
  ASSERT_TRUE(again->step());
  EXPECT_EQ(again->column_int64(0), 1);  // starts over: the lease reset it
}

TEST(Statement, NestedUseOfTheSameSqlGetsItsOwnStatement) {
  database db = scratch();
  db.exec("INSERT INTO t VALUES (1, 'a'), (2, 'b')");
  const char* sql = "SELECT s FROM t WHERE i = ?";
  auto outer = db.prepare(sql);
  outer->bind(1, std::int32_t{1});
  ASSERT_TRUE(outer->step());
  {
    auto inner = db.prepare(sql);
    EXPECT_NE(&*inner, &*outer);
    inner->bind(1, std::int32_t{2});
    ASSERT_TRUE(inner->step());
    EXPECT_EQ(inner->column_text(0), "b");
  }
  EXPECT_EQ(outer->column_text(0), "a");
}

TEST(Statement, QueryInt64ReturnsFirstColumn) {
  database db = scratch();
  db.exec("INSERT INTO t VALUES (4, 'x'), (6, 'y')");
  EXPECT_EQ(db.query_int64("SELECT sum(i) FROM t WHERE i >= ?", std::int32_t{4}), 10);
  EXPECT_EQ(db.query_int64("SELECT i FROM t WHERE i > 100"), 0);
}

}  // namespace
}  // namespace dw::store
