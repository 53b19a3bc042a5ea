// The session over a real loopback socket pair, with the real world behind it (tests/game's harness:
// inline services over an in-memory store). The io_context runs on this thread, as the server's does,
// and the test pumps it while it reads what the client end received.
#include "server/net/session.hpp"

#include <gtest/gtest.h>

#include <array>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <chrono>
#include <memory>
#include <string>
#include <string_view>

#include "server/net/commit_tracker.hpp"
#include "tests/game/game_harness.hpp"

namespace {

namespace asio = boost::asio;
using namespace std::chrono_literals;

class SessionTest : public ::testing::Test {
 protected:
  void TearDown() override {
    if (session_ != nullptr) {
      session_->abort();
      pump_until_closed(5s);
      session_.reset();
    }
  }

  /// Connects a client to a fresh session and waits for the world's greeting.
  void start(dw::net::session_limits limits = {}) {
    asio::ip::tcp::acceptor acceptor(io_, {asio::ip::address_v4::loopback(), 0});
    client_.connect(acceptor.local_endpoint());
    client_.non_blocking(true);
    session_ = std::make_shared<dw::net::session>(acceptor.accept(), harness_.world, commits_, limits,
                                                  [this] { ++closed_; });
    session_->start();
    ASSERT_TRUE(pump_until("D E E P W E L L")) << received_;
    ASSERT_TRUE(pump_until_drained());
    received_.clear();
  }

  /// Gathers `text` and flushes it as one chunk tagged with `ticket`, as the world does at an event's end.
  void send(std::string_view text, std::uint64_t ticket) {
    session_->write_text(text);
    session_->flush(ticket);
  }

  /// The writer reported everything up to `ticket` resolved (what the server does with a batch report).
  void resolve(std::uint64_t ticket) {
    commits_.committed(ticket);
    session_->commits_advanced();
  }

  /// The client types a line; the world runs it as an event (and the inline store commits at once).
  void type(std::string_view line) {
    asio::write(client_, asio::buffer(std::string(line) + "\r\n"));
  }

  /// What the server does with the writer's batch reports (server.cpp, take_reports()): each batch's
  /// event learns how it ended, the tracker learns how far the writer got, the sessions are woken and
  /// the world flushes what that released.
  void report_commits() {
    harness_.services.drain();
    resolve(harness_.services.resolved);
    harness_.world.flush_output();
  }

  /// Runs the io_context until the client has received `needle`, or `timeout` has passed.
  bool pump_until(std::string_view needle, std::chrono::milliseconds timeout = 5s) {
    return pump([&] { return received_.find(needle) != std::string::npos; }, timeout);
  }
  /// Runs the io_context for `duration`, reading what arrives: long enough for anything ready to leave.
  void pump_for(std::chrono::milliseconds duration) {
    pump([] { return false; }, duration);
  }
  bool pump_until_closed(std::chrono::milliseconds timeout = 5s) {
    return pump([&] { return eof_ && closed_ > 0; }, timeout);
  }
  bool pump_until_drained(std::chrono::milliseconds timeout = 5s) {
    return pump([&] { return session_->drained(); }, timeout);
  }

  template <typename Done>
  bool pump(Done done, std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (true) {
      read_available();
      if (done()) {
        return true;
      }
      if (std::chrono::steady_clock::now() >= deadline) {
        return false;
      }
      io_.restart();  // run_for() leaves the context stopped when it ran out of work
      io_.run_for(5ms);
    }
  }

  void read_available() {
    std::array<char, 4096> buffer{};
    while (!eof_) {
      boost::system::error_code ec;
      const std::size_t n = client_.read_some(asio::buffer(buffer), ec);
      if (ec == asio::error::would_block || ec == asio::error::try_again) {
        return;
      }
      if (ec) {
        eof_ = true;  // EOF or reset: the server end has gone
        return;
      }
      received_.append(buffer.data(), n);
    }
  }

  bool received(std::string_view text) const { return received_.find(text) != std::string::npos; }

  // Declared in this order so that the session goes first and the world it reports to last.
  dw::testing::game_harness harness_;
  dw::net::commit_tracker commits_;
  asio::io_context io_;
  asio::ip::tcp::socket client_{io_};
  std::shared_ptr<dw::net::session> session_;
  std::string received_;  ///< every byte the client end has received (since start() returned)
  bool eof_ = false;
  int closed_ = 0;  ///< times the session's on_closed ran
};

}  // namespace

TEST_F(SessionTest, UntaggedOutputLeavesAtOnce) {
  start();
  send("hello there\n", 0);
  EXPECT_TRUE(pump_until("hello there\r\n")) << received_;
  EXPECT_TRUE(pump_until_drained());
}

TEST_F(SessionTest, OutputIsHeldUntilItsOwnBatchCommitsWhileEarlierOutputLeaves) {
  start();
  commits_.submitted(1);
  send("early\n", 0);
  send("announced\n", 1);
  send("later\n", 0);
  ASSERT_TRUE(pump_until("early")) << received_;
  pump_for(50ms);
  EXPECT_FALSE(received("announced")) << received_;
  EXPECT_FALSE(received("later")) << "output flushed after a held chunk must not overtake it: " << received_;
  EXPECT_FALSE(session_->drained());

  resolve(1);
  ASSERT_TRUE(pump_until("later")) << received_;
  EXPECT_LT(received_.find("early"), received_.find("announced"));
  EXPECT_LT(received_.find("announced"), received_.find("later"));
  EXPECT_TRUE(pump_until_drained());
}

TEST_F(SessionTest, AnotherBatchCommittingDoesNotReleaseOutputThatWaitsForALaterOne) {
  start();
  commits_.submitted(1);
  commits_.submitted(2);
  send("first batch\n", 1);
  send("second batch\n", 2);
  resolve(1);
  ASSERT_TRUE(pump_until("first batch")) << received_;
  pump_for(50ms);
  EXPECT_FALSE(received("second batch")) << received_;
  resolve(2);
  EXPECT_TRUE(pump_until("second batch")) << received_;
}

TEST_F(SessionTest, OutputOfAFailedBatchNeverLeaves) {
  start();
  commits_.submitted(1);
  send("you bought the lamp\n", 1);
  send("after\n", 0);
  // As the server does when the writer reports batch 1 rolled back: the world discards its output,
  // then the tracker counts it resolved.
  session_->discard(1);
  resolve(1);
  ASSERT_TRUE(pump_until("after")) << received_;
  EXPECT_FALSE(received("lamp")) << received_;
  EXPECT_TRUE(pump_until_drained());
}

TEST_F(SessionTest, DiscardUnflushedDropsOnlyWhatWasGatheredSinceTheLastFlush) {
  start();
  send("kept\n", 0);
  session_->write_text("half an answer\n");
  session_->discard_unflushed();
  send("the real answer\n", 0);
  ASSERT_TRUE(pump_until("the real answer")) << received_;
  EXPECT_TRUE(received("kept"));
  EXPECT_FALSE(received("half an answer")) << received_;
}

TEST_F(SessionTest, TooMuchUnwrittenOutputDisconnects) {
  dw::net::session_limits limits;
  limits.max_output_queue_bytes = 4096;
  start(limits);
  commits_.submitted(1);
  send(std::string(3000, 'a') + "\n", 1);
  send(std::string(3000, 'b') + "\n", 1);  // 6000 bytes held: over the limit
  send("not queued any more\n", 0);
  EXPECT_TRUE(pump_until_closed()) << received_;
  EXPECT_EQ(closed_, 1);
  resolve(1);
  pump_for(20ms);
  EXPECT_FALSE(received("aaaa")) << "the connection is dropped, not its output sent";
  EXPECT_FALSE(received("not queued"));
}

TEST_F(SessionTest, OutputWithinTheLimitStaysConnected) {
  dw::net::session_limits limits;
  limits.max_output_queue_bytes = 4096;
  start(limits);
  commits_.submitted(1);
  send(std::string(4000, 'a'), 1);
  pump_for(50ms);
  EXPECT_FALSE(eof_);
  EXPECT_EQ(closed_, 0);
  resolve(1);
  EXPECT_TRUE(pump_until(std::string(4000, 'a')));
}

TEST_F(SessionTest, CloseWaitsForHeldOutputThenEndsTheConnection) {
  start();
  commits_.submitted(1);
  send("farewell\n", 1);
  session_->close();
  pump_for(50ms);
  EXPECT_FALSE(eof_);
  EXPECT_FALSE(received("farewell"));
  resolve(1);
  ASSERT_TRUE(pump_until_closed()) << received_;
  EXPECT_TRUE(received("farewell\r\n"));
  EXPECT_EQ(closed_, 1);
}

TEST_F(SessionTest, AbortEndsTheConnectionWithoutWaitingForHeldOutput) {
  start();
  commits_.submitted(1);
  send("never sent\n", 1);
  session_->abort();
  ASSERT_TRUE(pump_until_closed());
  EXPECT_EQ(closed_, 1);
  resolve(1);
  pump_for(20ms);
  EXPECT_FALSE(received("never sent"));
}

TEST_F(SessionTest, AbortingAClosingConnectionWithHeldOutputEndsBothCoroutines) {
  // As at shutdown: the connection was closing, its farewell held for a batch, when the deadline aborted it.
  start();
  commits_.submitted(1);
  send("farewell\n", 1);
  session_->close();
  pump_for(20ms);
  session_->abort();
  ASSERT_TRUE(pump_until_closed());
  const std::weak_ptr<dw::net::session> gone = session_;
  session_.reset();
  // The reader and the writer hold the session while they run. It goes once both have ended, although
  // the batch its output waits for never commits: nothing of it is left for the io_context to run.
  EXPECT_TRUE(pump([&] { return gone.expired(); }, 2s)) << "a coroutine still waits on the aborted session";
}

TEST_F(SessionTest, ACommandsReplyWaitsForItsBatchToCommit) {
  start();
  // Typed by the client: read by the session, decoded by the codec, run by the world.
  type("create Ann password123");
  ASSERT_TRUE(pump([&] {
    report_commits();
    return received("Welcome to Deepwell, Ann");
  }, 10s)) << received_;
  ASSERT_TRUE(pump_until_drained());
  received_.clear();

  // The first account is the administrator, and an administrator's command is audited: its reply
  // announces a change (the audit row), so it is held until that event's batch has committed.
  type("@wall hello all");
  const std::uint64_t before = harness_.services.resolved;
  ASSERT_TRUE(pump([&] {
    harness_.services.drain();  // the world learns the batch committed; the writer has not reported it yet
    return harness_.services.resolved > before;
  }, 10s));
  pump_for(50ms);
  EXPECT_EQ(received_, "") << "announced before the writer reported the commit";
  EXPECT_FALSE(session_->drained());
  report_commits();
  EXPECT_TRUE(pump_until("[Announcement from Ann] hello all")) << received_;
}
