#include "server/store/audit.hpp"

#include <gtest/gtest.h>

#include <string>

#include "server/store/database.hpp"

namespace dw::store {
namespace {

TEST(Audit, AppendThenLastReturnsNewestOldestFirst) {
  database db = database::open(":memory:");
  for (int i = 1; i <= 5; ++i) {
    audit::append(db, 1000 + i, "Admin", "action " + std::to_string(i), "ok");
  }
  const auto last = audit::last(db, 3);
  ASSERT_EQ(last.size(), 3u);
  EXPECT_EQ(last[0].action, "action 3");
  EXPECT_EQ(last[1].action, "action 4");
  EXPECT_EQ(last[2].action, "action 5");
  EXPECT_EQ(last[2].at, 1005);
  EXPECT_EQ(last[2].actor, "Admin");
  EXPECT_EQ(last[2].result, "ok");
  EXPECT_LT(last[0].id, last[2].id);
}

TEST(Audit, LastWithMoreThanStoredReturnsAll) {
  database db = database::open(":memory:");
  EXPECT_TRUE(audit::last(db, 10).empty());
  audit::append(db, 1, "A", "ban Griefer", "done");
  EXPECT_EQ(audit::last(db, 10).size(), 1u);
  EXPECT_TRUE(audit::last(db, 0).empty());
}

}  // namespace
}  // namespace dw::store
