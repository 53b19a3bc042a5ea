#include "mapgen/tool/feature_summary.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace dw::mapgen {
namespace {

interior_features with(int walkable, double open_share) {
  interior_features f;
  f.walkable = walkable;
  f.open_share = open_share;
  return f;
}

const feature_spread& spread_of(const std::vector<feature_spread>& spreads, std::string_view name) {
  for (const feature_spread& s : spreads) {
    if (s.name == name) {
      return s;
    }
  }
  throw std::runtime_error("no feature " + std::string(name));
}

TEST(FeatureSummary, MinMedianMaxOverTheRun) {
  run_summary run;
  const tile_map a(2, 1, 0);
  const tile_map b(2, 1, 1);
  run.add(a, with(10, 0.5));
  run.add(b, with(30, 0.25));
  run.add(a, with(20, 0.75));
  EXPECT_EQ(run.maps(), 3U);
  EXPECT_EQ(run.distinct(), 2U);  // the first and third maps are the same
  const std::vector<feature_spread> spreads = run.spreads();
  const feature_spread& walkable = spread_of(spreads, "walkable");
  EXPECT_DOUBLE_EQ(walkable.min, 10);
  EXPECT_DOUBLE_EQ(walkable.median, 20);
  EXPECT_DOUBLE_EQ(walkable.max, 30);
  EXPECT_DOUBLE_EQ(spread_of(spreads, "open_share").median, 0.5);
}

TEST(FeatureSummary, EvenRunsTakeTheMeanOfTheMiddleTwo) {
  run_summary run;
  run.add(tile_map(1, 1, 0), with(10, 0));
  run.add(tile_map(1, 2, 0), with(13, 0));  // another size: a distinct map
  EXPECT_EQ(run.distinct(), 2U);
  EXPECT_DOUBLE_EQ(spread_of(run.spreads(), "walkable").median, 11.5);
}

TEST(FeatureSummary, EmptyRunHasNoSpreads) {
  const run_summary run;
  EXPECT_TRUE(run.spreads().empty());
  EXPECT_EQ(summary_table(run).back(), "distinct maps: 0 of 0 (0%)");
}

TEST(FeatureSummary, ValuesPrintWholeOrWithTwoDecimals) {
  EXPECT_EQ(format_value(21), "21");
  EXPECT_EQ(format_value(0), "0");
  EXPECT_EQ(format_value(0.456), "0.46");
  EXPECT_EQ(format_value(17.5), "17.50");
}

TEST(FeatureSummary, FeatureLinesWrapAtTheWidthAndKeepEveryFeature) {
  const std::vector<std::string> lines = features_lines(with(12, 0.5), 40);
  std::string all;
  for (const std::string& line : lines) {
    EXPECT_LE(line.size(), 40U) << line;
    all += line + "  ";
  }
  EXPECT_GT(lines.size(), 1U);
  EXPECT_NE(all.find("walkable 12  open_share 0.50"), std::string::npos);
  EXPECT_NE(all.find("scenery 0"), std::string::npos);
}

TEST(FeatureSummary, TheDistinctShareIsRoundedDownSoRepeatsNeverShowAsAHundred) {
  run_summary run;
  for (int i = 0; i < 200; ++i) {
    run.add(tile_map(1, 1, static_cast<entity_id>(i == 199 ? 0 : i)), with(1, 1));  // the last repeats the first
  }
  EXPECT_EQ(run.distinct(), 199U);
  EXPECT_EQ(summary_table(run).back(), "distinct maps: 199 of 200 (99%)");
}

TEST(FeatureSummary, TableHasAHeadingARowPerFeatureAndTheDistinctShare) {
  run_summary run;
  run.add(tile_map(1, 1, 0), with(4, 1));
  const std::vector<std::string> table = summary_table(run);
  ASSERT_EQ(table.size(), feature_values(interior_features{}).size() + 2);
  EXPECT_EQ(table.front().substr(0, 7), "feature");
  EXPECT_EQ(table[3], "walkable                  4        4        4");
  EXPECT_EQ(table.back(), "distinct maps: 1 of 1 (100%)");
}

}  // namespace
}  // namespace dw::mapgen
