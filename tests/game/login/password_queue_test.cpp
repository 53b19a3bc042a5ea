// The queue of password checks: bounded, fair between addresses, and forgetful of closed connections.
#include "server/game/login/password_queue.hpp"

#include <gtest/gtest.h>

#include <vector>

using dw::game::password_queue;

namespace {
password_queue::job job(std::uint64_t conn, std::string address) {
  password_queue::job j;
  j.conn = conn;
  j.address = std::move(address);
  j.name = "someone";
  return j;
}
}  // namespace

TEST(PasswordQueue, OneAddressCannotQueueMoreThanItsShare) {
  password_queue q(2, 2, 100);
  EXPECT_EQ(q.push(job(1, "6.6.6.6")), password_queue::admission::accepted);
  EXPECT_EQ(q.push(job(2, "6.6.6.6")), password_queue::admission::accepted);
  EXPECT_EQ(q.push(job(3, "6.6.6.6")), password_queue::admission::address_busy);
  ASSERT_TRUE(q.next());
  EXPECT_EQ(q.push(job(4, "6.6.6.6")), password_queue::admission::address_busy) << "running checks count too";
  q.finished("6.6.6.6");
  EXPECT_EQ(q.push(job(5, "6.6.6.6")), password_queue::admission::accepted);
}

TEST(PasswordQueue, TheWholeQueueIsBounded) {
  password_queue q(2, 2, 5);
  for (int a = 0; a < 5; ++a) {
    EXPECT_EQ(q.push(job(static_cast<std::uint64_t>(a), "10.0.0." + std::to_string(a))),
              password_queue::admission::accepted);
  }
  EXPECT_EQ(q.push(job(9, "10.0.0.9")), password_queue::admission::server_busy);
}

TEST(PasswordQueue, AnHonestLoginIsNotStuckBehindAFlood) {
  password_queue q(1, 64, 1000);
  for (std::uint64_t c = 1; c <= 50; ++c) {
    q.push(job(c, "6.6.6.6"));
  }
  q.push(job(100, "192.0.2.10"));  // the honest player arrives last
  // Turns alternate between addresses: the honest check is the second to run, not the 51st.
  auto first = q.next();
  ASSERT_TRUE(first);
  EXPECT_EQ(first->address, "6.6.6.6");
  EXPECT_FALSE(q.next()) << "only as many checks run as there are workers";
  q.finished(first->address);
  auto second = q.next();
  ASSERT_TRUE(second);
  EXPECT_EQ(second->conn, 100U);
}

TEST(PasswordQueue, ChecksOfAClosedConnectionAreDroppedUnrun) {
  password_queue q(1, 4, 100);
  q.push(job(1, "6.6.6.6"));
  q.push(job(2, "6.6.6.6"));
  q.push(job(2, "6.6.6.6"));
  auto running = q.next();  // connection 1's check is already running
  const auto dropped = q.cancel(2);
  EXPECT_EQ(dropped.size(), 2U);
  EXPECT_EQ(q.waiting(), 0U);
  EXPECT_EQ(q.running(), 1U);
  q.finished("6.6.6.6");
  EXPECT_FALSE(q.next());
  EXPECT_EQ(q.push(job(3, "6.6.6.6")), password_queue::admission::accepted);
}

TEST(PasswordQueue, ClearDropsEverythingWaiting) {
  password_queue q(1, 4, 100);
  for (std::uint64_t c = 0; c < 4; ++c) {
    q.push(job(c, "6.6.6.6"));
  }
  ASSERT_TRUE(q.next());
  EXPECT_EQ(q.clear(), 3U);
  EXPECT_EQ(q.waiting(), 0U);
  EXPECT_FALSE(q.next());
}
