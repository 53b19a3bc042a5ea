#include "server/net/commit_tracker.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using dw::net::commit_tracker;

TEST(CommitTracker, StartsWithNothingSubmittedAndTicketZeroResolved) {
  commit_tracker commits;
  EXPECT_EQ(commits.last_submitted(), 0U);
  EXPECT_EQ(commits.last_committed(), 0U);
  // Ticket 0 tags output that announces no change: it never waits.
  EXPECT_TRUE(commits.is_committed(0));
  EXPECT_FALSE(commits.is_committed(1));
}

TEST(CommitTracker, SubmittingDoesNotResolve) {
  commit_tracker commits;
  commits.submitted(1);
  commits.submitted(2);
  EXPECT_EQ(commits.last_submitted(), 2U);
  EXPECT_EQ(commits.last_committed(), 0U);
  EXPECT_FALSE(commits.is_committed(1));
}

TEST(CommitTracker, ResolvingATicketResolvesEveryEarlierOne) {
  commit_tracker commits;
  for (std::uint64_t t = 1; t <= 4; ++t) {
    commits.submitted(t);
  }
  commits.committed(3);
  EXPECT_EQ(commits.last_committed(), 3U);
  EXPECT_TRUE(commits.is_committed(1));
  EXPECT_TRUE(commits.is_committed(2));
  EXPECT_TRUE(commits.is_committed(3));
  EXPECT_FALSE(commits.is_committed(4));
}

TEST(CommitTracker, AnOlderReportArrivingLateNeverGoesBack) {
  commit_tracker commits;
  commits.submitted(5);
  commits.committed(5);
  commits.committed(3);
  EXPECT_EQ(commits.last_committed(), 5U);
  EXPECT_TRUE(commits.is_committed(4));
  EXPECT_TRUE(commits.is_committed(5));
}

TEST(CommitTracker, WhenCommittedRunsAtOnceWhenNothingIsPending) {
  commit_tracker commits;
  int runs = 0;
  commits.when_committed([&] { ++runs; });
  EXPECT_EQ(runs, 1);
  commits.submitted(1);
  commits.committed(1);
  commits.when_committed([&] { ++runs; });
  EXPECT_EQ(runs, 2);
}

TEST(CommitTracker, WhenCommittedWaitsForEverythingSubmittedSoFar) {
  commit_tracker commits;
  commits.submitted(1);
  commits.submitted(2);
  int runs = 0;
  commits.when_committed([&] { ++runs; });
  commits.committed(1);
  EXPECT_EQ(runs, 0);
  commits.committed(2);
  EXPECT_EQ(runs, 1);
  // Once only, however many reports follow.
  commits.submitted(3);
  commits.committed(3);
  commits.committed(3);
  EXPECT_EQ(runs, 1);
}

TEST(CommitTracker, AWaiterDoesNotWaitForWhatIsSubmittedAfterIt) {
  commit_tracker commits;
  std::vector<std::string> ran;
  commits.submitted(1);
  commits.when_committed([&] { ran.emplace_back("first"); });
  commits.submitted(2);
  commits.when_committed([&] { ran.emplace_back("second"); });
  commits.committed(1);
  EXPECT_EQ(ran, std::vector<std::string>{"first"});
  commits.committed(2);
  EXPECT_EQ(ran, (std::vector<std::string>{"first", "second"}));
}

TEST(CommitTracker, OneReportReleasesEveryWaiterItCoversInTheOrderTheyWaited) {
  commit_tracker commits;
  std::vector<int> ran;
  for (int i = 1; i <= 3; ++i) {
    commits.submitted(static_cast<std::uint64_t>(i));
    commits.when_committed([&ran, i] { ran.push_back(i); });
  }
  commits.submitted(4);
  commits.when_committed([&ran] { ran.push_back(4); });
  commits.committed(3);
  EXPECT_EQ(ran, (std::vector<int>{1, 2, 3}));
  commits.committed(10);
  EXPECT_EQ(ran, (std::vector<int>{1, 2, 3, 4}));
}

TEST(CommitTracker, AStaleReportReleasesNoWaiter) {
  commit_tracker commits;
  commits.submitted(4);
  int runs = 0;
  commits.when_committed([&] { ++runs; });
  commits.committed(2);
  commits.committed(1);
  EXPECT_EQ(runs, 0);
  EXPECT_EQ(commits.last_committed(), 2U);
}

TEST(CommitTracker, ACallbackMaySubmitMoreAndWaitAgain) {
  commit_tracker commits;
  commits.submitted(1);
  std::vector<std::string> ran;
  commits.when_committed([&] {
    ran.emplace_back("saved");
    // As the shutdown does: the callback hands over more changes and waits for those as well.
    commits.submitted(2);
    commits.when_committed([&] { ran.emplace_back("saved again"); });
  });
  commits.committed(1);
  EXPECT_EQ(ran, std::vector<std::string>{"saved"});
  commits.committed(2);
  EXPECT_EQ(ran, (std::vector<std::string>{"saved", "saved again"}));
}

TEST(CommitTracker, ACallbackThatWaitsWithNothingPendingRunsAtOnce) {
  commit_tracker commits;
  commits.submitted(1);
  std::vector<std::string> ran;
  commits.when_committed([&] {
    ran.emplace_back("outer");
    commits.when_committed([&] { ran.emplace_back("inner"); });
  });
  commits.committed(1);
  EXPECT_EQ(ran, (std::vector<std::string>{"outer", "inner"}));
}
