#include "server/store/counters.hpp"

#include <gtest/gtest.h>

#include "server/store/database.hpp"
#include "tests/store/temp_dir.hpp"

namespace dw::store {
namespace {

TEST(Counters, MissingCounterIsNullopt) {
  database db = database::open(":memory:");
  EXPECT_FALSE(counters::get(db, "next_room_id"));
}

TEST(Counters, SetReplacesAndSurvivesReopening) {
  testing::temp_dir dir;
  const std::string path = dir.file("deepwell.db");
  {
    database db = database::open(path);
    counters::set(db, "next_room_id", 100);
    counters::set(db, "next_room_id", 5000000000);
    counters::set(db, "next_branch_sequence", 7);
  }
  database db = database::open(path);
  EXPECT_EQ(counters::get(db, "next_room_id"), 5000000000);
  EXPECT_EQ(counters::get(db, "next_branch_sequence"), 7);
}

}  // namespace
}  // namespace dw::store
