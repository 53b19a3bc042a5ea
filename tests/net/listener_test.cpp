// The listener over loopback: admission, refusals, turning away during a reboot, a handed-over socket,
// and closing, which must leave the io_context with nothing to do. The io_context runs on this thread,
// as the server's does; clients connect with blocking sockets (the kernel completes a connect before
// anyone accepts it) and the test pumps the io_context until the listener has seen them.
#include "server/net/listener.hpp"

#include <gtest/gtest.h>

#include <array>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <chrono>
#include <future>
#include <memory>
#include <string>
#include <vector>

namespace {

namespace asio = boost::asio;
using asio::ip::tcp;
using namespace std::chrono_literals;

class ListenerTest : public ::testing::Test {
 protected:
  void TearDown() override { listener_.close(); }

  void listen_and_start() {
    listener_.listen({asio::ip::address_v4::loopback(), 0});
    listener_.start();
  }

  /// A client connected to the listener (not yet accepted).
  std::unique_ptr<tcp::socket> connect() {
    auto client = std::make_unique<tcp::socket>(client_io_);
    client->connect(listener_.local_endpoint());
    return client;
  }

  /// Runs the io_context until `done()` holds or `timeout` has passed.
  template <typename Done>
  bool pump(Done done, std::chrono::milliseconds timeout = 5s) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!done()) {
      if (std::chrono::steady_clock::now() >= deadline) {
        return false;
      }
      io_.restart();
      io_.run_for(5ms);
    }
    return true;
  }

  /// Pumps the io_context until the server end has closed `client`; what it sent before that.
  std::string read_to_end_after_pump(tcp::socket& client) {
    client.non_blocking(true);
    std::string text;
    bool ended = false;
    pump([&] {
      std::array<char, 256> buffer{};
      while (true) {
        boost::system::error_code ec;
        const std::size_t n = client.read_some(asio::buffer(buffer), ec);
        if (ec == asio::error::would_block || ec == asio::error::try_again) {
          return false;
        }
        if (ec) {
          ended = true;  // EOF: the listener closed it
          return true;
        }
        text.append(buffer.data(), n);
      }
    });
    return ended ? text : "(still open) " + text;
  }

  asio::io_context io_;
  asio::io_context client_io_;  ///< the clients' blocking sockets (never run)
  dw::net::admission_limits limits_{10, 10};
  std::vector<tcp::socket> admitted_;
  std::vector<std::string> addresses_;
  dw::net::listener listener_{io_, [this] { return limits_; },
                              [this](tcp::socket socket, const std::string& address) {
                                admitted_.push_back(std::move(socket));
                                addresses_.push_back(address);
                              }};
};

}  // namespace

TEST_F(ListenerTest, AdmitsAConnectionAndHandsItOnWithItsAddress) {
  listen_and_start();
  auto client = connect();
  ASSERT_TRUE(pump([&] { return admitted_.size() == 1; }));
  EXPECT_EQ(addresses_[0], "127.0.0.1");
  EXPECT_EQ(admitted_[0].remote_endpoint().port(), client->local_endpoint().port());
  EXPECT_EQ(listener_.open_connections(), 1);
  listener_.closed("127.0.0.1");
  EXPECT_EQ(listener_.open_connections(), 0);
}

TEST_F(ListenerTest, RefusesBeyondThePerAddressLimitAndSaysWhy) {
  limits_ = {10, 2};
  listen_and_start();
  auto first = connect();
  auto second = connect();
  ASSERT_TRUE(pump([&] { return admitted_.size() == 2; }));
  auto third = connect();
  EXPECT_EQ(read_to_end_after_pump(*third), "Too many connections from your address.\r\n");
  EXPECT_EQ(admitted_.size(), 2U);
  // One of the two hangs up: the address has room again.
  listener_.closed("127.0.0.1");
  auto fourth = connect();
  EXPECT_TRUE(pump([&] { return admitted_.size() == 3; }));
}

TEST_F(ListenerTest, RefusesEveryoneWhenFullCountingHandedOverConnections) {
  limits_ = {2, 10};
  listen_and_start();
  listener_.count_handed_over("192.0.2.7");  // a connection the previous image handed over
  auto first = connect();
  ASSERT_TRUE(pump([&] { return admitted_.size() == 1; }));
  auto second = connect();
  EXPECT_EQ(read_to_end_after_pump(*second), "Deepwell is full right now. Please try again later.\r\n");
  EXPECT_EQ(listener_.open_connections(), 2);
}

TEST_F(ListenerTest, ReadsTheLimitsAtEachAccept) {
  limits_ = {10, 1};
  listen_and_start();
  auto first = connect();
  ASSERT_TRUE(pump([&] { return admitted_.size() == 1; }));
  limits_ = {10, 2};  // an administrator raised it
  auto second = connect();
  EXPECT_TRUE(pump([&] { return admitted_.size() == 2; }));
}

TEST_F(ListenerTest, TurnsAwayUncountedWhileARebootIsUnderWay) {
  listen_and_start();
  listener_.turn_away("Deepwell is rebooting; please connect again in a moment.");
  auto client = connect();
  EXPECT_EQ(read_to_end_after_pump(*client), "Deepwell is rebooting; please connect again in a moment.\r\n");
  EXPECT_TRUE(admitted_.empty());
  EXPECT_EQ(listener_.open_connections(), 0);
  listener_.welcome();
  auto again = connect();
  EXPECT_TRUE(pump([&] { return admitted_.size() == 1; }));
}

TEST_F(ListenerTest, AdoptsAListeningSocketHandedOver) {
  tcp::acceptor previous(client_io_, {asio::ip::address_v4::loopback(), 0});
  const auto endpoint = previous.local_endpoint();
  listener_.adopt(tcp::v4(), previous.release());
  listener_.start();
  EXPECT_EQ(listener_.local_endpoint(), endpoint);
  auto client = connect();
  EXPECT_TRUE(pump([&] { return admitted_.size() == 1; }));
}

TEST_F(ListenerTest, ClosingLeavesTheIoContextNothingToDo) {
  listen_and_start();
  const auto endpoint = listener_.local_endpoint();
  auto client = connect();
  ASSERT_TRUE(pump([&] { return admitted_.size() == 1; }));
  listener_.close();
  // run() returns by itself once the accept loop has ended: nothing of the listener is left pending.
  io_.restart();
  auto ran = std::async(std::launch::async, [&] { return io_.run(); });
  const bool returned = ran.wait_for(5s) == std::future_status::ready;
  if (!returned) {
    io_.stop();  // so that the test fails rather than hangs
  }
  EXPECT_TRUE(returned) << "the listener still holds work after close()";
  // New connections are refused by the kernel now.
  tcp::socket late(client_io_);
  boost::system::error_code ec;
  late.connect(endpoint, ec);
  EXPECT_TRUE(ec);
}
