// Admission by connection counts, without sockets.
#include "server/net/connection_counts.hpp"

#include <gtest/gtest.h>

namespace dw::net {
namespace {

TEST(ConnectionCounts, AdmitsWithinBothLimits) {
  connection_counts counts;
  const admission_limits limits{3, 2};
  EXPECT_EQ(counts.refusal("10.0.0.1", limits), "");
  counts.opened("10.0.0.1");
  EXPECT_EQ(counts.refusal("10.0.0.1", limits), "");
  counts.opened("10.0.0.1");
  EXPECT_EQ(counts.total(), 2);
  EXPECT_EQ(counts.from("10.0.0.1"), 2);
  EXPECT_EQ(counts.from("10.0.0.2"), 0);
}

TEST(ConnectionCounts, RefusesAnAddressAtItsLimitButNotOthers) {
  connection_counts counts;
  const admission_limits limits{10, 2};
  counts.opened("10.0.0.1");
  counts.opened("10.0.0.1");
  EXPECT_EQ(counts.refusal("10.0.0.1", limits), "Too many connections from your address.");
  EXPECT_EQ(counts.refusal("10.0.0.2", limits), "");
}

TEST(ConnectionCounts, RefusesEveryoneWhenFull) {
  connection_counts counts;
  const admission_limits limits{2, 5};
  counts.opened("10.0.0.1");
  counts.opened("10.0.0.2");
  EXPECT_EQ(counts.refusal("10.0.0.3", limits), "Deepwell is full right now. Please try again later.");
  EXPECT_EQ(counts.refusal("10.0.0.1", limits), "Deepwell is full right now. Please try again later.");
}

TEST(ConnectionCounts, AClosedConnectionFreesItsSlot) {
  connection_counts counts;
  const admission_limits limits{1, 1};
  counts.opened("10.0.0.1");
  EXPECT_NE(counts.refusal("10.0.0.1", limits), "");
  counts.closed("10.0.0.1");
  EXPECT_EQ(counts.total(), 0);
  EXPECT_EQ(counts.from("10.0.0.1"), 0);
  EXPECT_EQ(counts.refusal("10.0.0.1", limits), "");
}

TEST(ConnectionCounts, ClosingWhatWasNeverOpenedChangesNothing) {
  connection_counts counts;
  counts.opened("10.0.0.1");
  counts.closed("10.0.0.9");
  EXPECT_EQ(counts.total(), 1);
  EXPECT_EQ(counts.from("10.0.0.1"), 1);
}

}  // namespace
}  // namespace dw::net
