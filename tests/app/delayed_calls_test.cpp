// The world's delayed calls: they run after their delay, and cancel_all() ends them at once so that
// the io_context's run() returns by itself at shutdown instead of waiting for the longest one.
#include "server/app/delayed_calls.hpp"

#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <future>

namespace dw::app {
namespace {

using namespace std::chrono_literals;
using std::chrono::steady_clock;

/// Runs `io` until it runs out of work, or fails the test (and stops it) after `limit`.
void run_to_completion(boost::asio::io_context& io, std::chrono::milliseconds limit = 5s) {
  auto ran = std::async(std::launch::async, [&] { io.run(); });
  if (ran.wait_for(limit) != std::future_status::ready) {
    io.stop();
    ADD_FAILURE() << "run() did not return by itself within " << limit.count() << " ms";
  }
}

TEST(DelayedCalls, RunAfterTheirDelayAndLeaveNothingBehind) {
  boost::asio::io_context io;
  delayed_calls calls(io);
  int ran = 0;
  const auto start = steady_clock::now();
  calls.after(20ms, [&] { ++ran; });
  calls.after(1ms, [&] { ++ran; });
  EXPECT_EQ(calls.pending(), 2U);
  run_to_completion(io);
  EXPECT_EQ(ran, 2);
  EXPECT_GE(steady_clock::now() - start, 20ms);
  EXPECT_EQ(calls.pending(), 0U);
}

TEST(DelayedCalls, CancelAllEndsLongCallsAtOnceAndNoneRuns) {
  boost::asio::io_context io;
  delayed_calls calls(io);
  int ran = 0;
  calls.after(1h, [&] { ++ran; });      // a fight round, say
  calls.after(10min, [&] { ++ran; });   // a failed login's answer
  calls.after(5ms, [&] { calls.cancel_all(); });  // the server stops while they wait
  const auto start = steady_clock::now();
  run_to_completion(io);
  EXPECT_LT(steady_clock::now() - start, 2s);
  EXPECT_EQ(ran, 0);
  EXPECT_EQ(calls.pending(), 0U);
}

TEST(DelayedCalls, AfterCancelAllNewCallsAreNotMade) {
  boost::asio::io_context io;
  delayed_calls calls(io);
  calls.cancel_all();
  int ran = 0;
  calls.after(0ms, [&] { ++ran; });
  EXPECT_EQ(calls.pending(), 0U);
  run_to_completion(io);
  EXPECT_EQ(ran, 0);
}

TEST(DelayedCalls, ACallAlreadyDueWhenCancelAllComesDoesNotRun) {
  boost::asio::io_context io;
  delayed_calls calls(io);
  int ran = 0;
  // Both fall due together; whichever runs first cancels the other, whose completion is already queued.
  calls.after(0ms, [&] {
    ++ran;
    calls.cancel_all();
  });
  calls.after(0ms, [&] {
    ++ran;
    calls.cancel_all();
  });
  run_to_completion(io);
  EXPECT_EQ(ran, 1);
  EXPECT_EQ(calls.pending(), 0U);
}

}  // namespace
}  // namespace dw::app
