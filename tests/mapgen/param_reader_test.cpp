#include <gtest/gtest.h>

#include "mapgen/step.hpp"

namespace dw::mapgen {
namespace {

param_reader reader(std::vector<std::pair<std::string, std::string>> params) {
  return param_reader(std::move(params), {"solid", "empty", "water"});
}

TEST(ParamReader, ReadsValuesAndFallsBack) {
  const param_reader r = reader({{"rooms", "5"}, {"share", "0.45"}, {"floor", "empty"}, {"min", "3x4"}});
  EXPECT_EQ(r.integer("rooms", 1, 1, 10), 5);
  EXPECT_EQ(r.integer("absent", 7, 1, 10), 7);
  EXPECT_DOUBLE_EQ(r.real("share", 0.1, 0, 1), 0.45);
  EXPECT_EQ(r.entity("floor", "solid"), 1);
  EXPECT_EQ(r.entity("wall", "solid"), 0);
  EXPECT_EQ(r.size("min", {1, 1}, 1, 50), std::make_pair(3, 4));
}

TEST(ParamReader, RefusesBadValuesNamingTheKey) {
  const param_reader r = reader({{"rooms", "many"}, {"share", "2"}, {"floor", "lava"}, {"min", "3by4"}});
  try {
    (void)r.integer("rooms", 1, 1, 10);
    FAIL();
  } catch (const param_error& e) {
    EXPECT_EQ(e.key, "rooms");
    EXPECT_NE(std::string(e.what()).find("many"), std::string::npos);
  }
  EXPECT_THROW((void)r.real("share", 0, 0, 1), param_error);
  EXPECT_THROW((void)r.entity("floor", "solid"), param_error);
  EXPECT_THROW((void)r.size("min", {1, 1}, 1, 50), param_error);
}

TEST(ParamReader, OnlyRefusesUnknownKeys) {
  const param_reader r = reader({{"rooms", "5"}, {"romos", "3"}});
  try {
    r.only({"rooms"});
    FAIL();
  } catch (const param_error& e) {
    EXPECT_EQ(e.key, "romos");
  }
  EXPECT_NO_THROW(reader({{"rooms", "5"}}).only({"rooms", "tries"}));
}

}  // namespace
}  // namespace dw::mapgen
