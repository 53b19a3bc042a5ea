#include "server/net/write_queue.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using dw::net::commit_tracker;
using dw::net::write_queue;

namespace {

constexpr std::size_t roomy = 1024 * 1024;

/// The bytes of the chunks that may leave now, in order (what the session would write in one go).
std::vector<std::string> ready_bytes(const write_queue& queue, const commit_tracker& commits) {
  std::vector<std::string> out;
  queue.each(queue.ready(commits), [&](const std::string& bytes, write_queue::stream_switch) { out.push_back(bytes); });
  return out;
}

using strings = std::vector<std::string>;

/// The chunk `i` places from the front, as the session's writer sees it.
const std::string& chunk_at(const write_queue& queue, std::size_t i) {
  const std::string* found = nullptr;
  std::size_t at = 0;
  queue.each(i + 1, [&](const std::string& bytes, write_queue::stream_switch) {
    if (at++ == i) {
      found = &bytes;
    }
  });
  return *found;
}

/// What the stream does after the chunk `i` places from the front.
write_queue::stream_switch switch_at(const write_queue& queue, std::size_t i) {
  write_queue::stream_switch found = write_queue::stream_switch::none;
  std::size_t at = 0;
  queue.each(i + 1, [&](const std::string&, write_queue::stream_switch after) {
    if (at++ == i) {
      found = after;
    }
  });
  return found;
}

}  // namespace

TEST(WriteQueue, UntaggedChunksAreReadyAtOnceInFlushOrder) {
  write_queue queue(roomy);
  commit_tracker commits;
  EXPECT_TRUE(queue.empty());
  EXPECT_EQ(queue.ready(commits), 0U);
  queue.push("one", 0);
  queue.push("two", 0);
  EXPECT_EQ(ready_bytes(queue, commits), (strings{"one", "two"}));
  EXPECT_EQ(queue.queued_bytes(), 6U);
}

TEST(WriteQueue, AChunkIsHeldUntilItsOwnTicketCommits) {
  write_queue queue(roomy);
  commit_tracker commits;
  commits.submitted(1);
  commits.submitted(2);
  queue.push("you picked up the sword", 2);
  EXPECT_EQ(queue.ready(commits), 0U);
  commits.committed(1);  // an earlier batch (someone else's) is not enough
  EXPECT_EQ(queue.ready(commits), 0U);
  commits.committed(2);
  EXPECT_EQ(ready_bytes(queue, commits), strings{"you picked up the sword"});
}

TEST(WriteQueue, EarlierUntaggedOutputLeavesWhileALaterChunkWaits) {
  write_queue queue(roomy);
  commit_tracker commits;
  commits.submitted(1);
  queue.push("negotiation", 0);
  queue.push("saved!", 1);
  EXPECT_EQ(ready_bytes(queue, commits), strings{"negotiation"});
  queue.pop(1);
  EXPECT_EQ(queue.ready(commits), 0U);
  EXPECT_EQ(queue.size(), 1U);
  EXPECT_EQ(queue.queued_bytes(), 6U);
}

TEST(WriteQueue, LaterOutputNeverOvertakesAChunkThatWaits) {
  write_queue queue(roomy);
  commit_tracker commits;
  commits.submitted(1);
  queue.push("saved!", 1);
  queue.push("someone says hello", 0);  // announces nothing, but was flushed after
  EXPECT_EQ(queue.ready(commits), 0U);
  commits.committed(1);
  EXPECT_EQ(ready_bytes(queue, commits), (strings{"saved!", "someone says hello"}));
}

TEST(WriteQueue, ChunksFollowTheCommitsInTicketOrder) {
  write_queue queue(roomy);
  commit_tracker commits;
  for (std::uint64_t t = 1; t <= 3; ++t) {
    commits.submitted(t);
    queue.push("event " + std::to_string(t), t);
  }
  commits.committed(1);
  EXPECT_EQ(ready_bytes(queue, commits), strings{"event 1"});
  queue.pop(1);
  commits.committed(3);  // one report may cover several batches
  EXPECT_EQ(ready_bytes(queue, commits), (strings{"event 2", "event 3"}));
}

TEST(WriteQueue, AChunkWaitsForItsOwnTicketEvenWhenLaterTicketsAreQueuedBehindIt) {
  write_queue queue(roomy);
  commit_tracker commits;
  commits.submitted(5);
  queue.push("five", 5);
  queue.push("three", 3);
  commits.committed(3);
  EXPECT_EQ(queue.ready(commits), 0U);
  commits.committed(5);
  EXPECT_EQ(ready_bytes(queue, commits), (strings{"five", "three"}));
}

TEST(WriteQueue, AFailedBatchsOutputLeavesAsNothing) {
  write_queue queue(roomy);
  commit_tracker commits;
  commits.submitted(1);
  commits.submitted(2);
  queue.push("before", 0);
  queue.push("you bought the lamp", 1);
  queue.push("the lamp is yours", 1);
  queue.push("after", 2);
  EXPECT_EQ(queue.queued_bytes(), 6U + 19U + 17U + 5U);
  // As the server does: batch 1 failed, so its output is discarded before the tracker counts it resolved.
  queue.discard(1);
  EXPECT_EQ(queue.queued_bytes(), 6U + 5U);
  EXPECT_EQ(queue.size(), 4U);  // emptied in place, not erased
  EXPECT_EQ(ready_bytes(queue, commits), strings{"before"});
  commits.committed(2);
  EXPECT_EQ(ready_bytes(queue, commits), (strings{"before", "", "", "after"}));
  queue.pop(4);
  EXPECT_TRUE(queue.empty());
  EXPECT_EQ(queue.queued_bytes(), 0U);
}

TEST(WriteQueue, DiscardLeavesOtherTicketsAlone) {
  write_queue queue(roomy);
  commit_tracker commits;
  commits.submitted(2);
  queue.push("one", 1);
  queue.push("two", 2);
  queue.discard(7);  // nothing carries it
  queue.discard(1);
  commits.committed(2);
  EXPECT_EQ(ready_bytes(queue, commits), (strings{"", "two"}));
}

TEST(WriteQueue, PushReportsWhenTheQueueHoldsMoreThanItsLimit) {
  write_queue queue(10);
  EXPECT_TRUE(queue.push("123456", 1));
  EXPECT_TRUE(queue.push("7890", 1));  // exactly at the limit is still within it
  EXPECT_EQ(queue.queued_bytes(), 10U);
  EXPECT_FALSE(queue.push("x", 1));
  // Queued all the same: the session drops the connection rather than the chunk.
  EXPECT_EQ(queue.size(), 3U);
  EXPECT_EQ(queue.queued_bytes(), 11U);
}

TEST(WriteQueue, WrittenAndDiscardedOutputMakesRoomAgain) {
  write_queue queue(10);
  commit_tracker commits;
  commits.submitted(1);
  EXPECT_TRUE(queue.push("12345678", 0));
  queue.pop(queue.ready(commits));
  EXPECT_TRUE(queue.push("12345678", 1));
  queue.discard(1);
  EXPECT_TRUE(queue.push("12345678", 0));
  EXPECT_EQ(queue.queued_bytes(), 8U);
}

TEST(WriteQueue, OneWriteTakesAtMostSixtyFourChunks) {
  write_queue queue(roomy);
  commit_tracker commits;
  for (int i = 0; i < 100; ++i) {
    queue.push("line " + std::to_string(i), 0);
  }
  EXPECT_EQ(queue.ready(commits), write_queue::max_chunks_per_write);
  EXPECT_EQ(write_queue::max_chunks_per_write, 64U);
  queue.pop(queue.ready(commits));
  EXPECT_EQ(queue.ready(commits), 36U);
  EXPECT_EQ(chunk_at(queue, 0), "line 64");
}

TEST(WriteQueue, ConsumingBytesDropsWholeChunksAndKeepsTheUnwrittenEnd) {
  // A write the kernel took only part of: what it took leaves, the rest goes first next time.
  write_queue queue(roomy);
  commit_tracker commits;
  queue.push("hello ", 0);
  queue.push("world", 0);
  queue.push("!", 0);
  queue.consume(8);
  EXPECT_EQ(ready_bytes(queue, commits), (strings{"rld", "!"}));
  EXPECT_EQ(queue.queued_bytes(), 4U);
  queue.consume(4);
  EXPECT_TRUE(queue.empty());
  EXPECT_EQ(queue.queued_bytes(), 0U);
}

TEST(WriteQueue, PoppingMoreThanIsQueuedEmptiesIt) {
  write_queue queue(roomy);
  queue.push("a", 0);
  queue.pop(5);
  EXPECT_TRUE(queue.empty());
  EXPECT_EQ(queue.queued_bytes(), 0U);
}

TEST(WriteQueue, BytesBeingWrittenStayPutWhileMoreIsQueuedOrDiscarded) {
  // The session hands a chunk's bytes to an asynchronous write and keeps queueing (and discarding) meanwhile.
  write_queue queue(roomy);
  commit_tracker commits;
  commits.submitted(9);
  queue.push("short", 0);  // small-string storage lives inside the chunk itself
  queue.push(std::string(200, 'x'), 0);
  const char* first = chunk_at(queue, 0).data();
  const char* second = chunk_at(queue, 1).data();
  for (int i = 0; i < 1000; ++i) {
    queue.push("more " + std::to_string(i), 9);
  }
  queue.discard(9);
  EXPECT_EQ(chunk_at(queue, 0).data(), first);
  EXPECT_EQ(chunk_at(queue, 1).data(), second);
  EXPECT_EQ(chunk_at(queue, 0), "short");
}

TEST(WriteQueue, StreamSwitchesStayWithTheirChunksEvenWhenDiscarded) {
  commit_tracker commits;
  write_queue queue(roomy);
  queue.push("marker", 0, write_queue::stream_switch::compress_after);
  commits.submitted(1);
  queue.push("failed batch", 1);
  queue.push("", 0, write_queue::stream_switch::plain_after);
  EXPECT_EQ(switch_at(queue, 0), write_queue::stream_switch::compress_after);
  EXPECT_EQ(switch_at(queue, 1), write_queue::stream_switch::none);
  EXPECT_EQ(queue.ready(commits), 1U);  // the end of the stream waits behind the held batch
  queue.discard(1);
  commits.committed(1);
  ASSERT_EQ(queue.ready(commits), 3U);
  EXPECT_EQ(chunk_at(queue, 1), "");
  EXPECT_EQ(switch_at(queue, 2), write_queue::stream_switch::plain_after);
}
