// The session over a real loopback socket pair with a recording game behind game::network_port: what the
// network layer reports to the game, and nothing of the game built (server/net sees only the port).
#include <gtest/gtest.h>

#include <array>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "server/game/network_port.hpp"
#include "server/net/commit_tracker.hpp"
#include "server/net/session.hpp"

namespace {

namespace asio = boost::asio;
using namespace std::chrono_literals;

/// Writes down every call, greets a new connection, and echoes each line back through its session_port.
class recording_game : public dw::game::network_port {
 public:
  std::uint64_t on_connect(dw::game::session_port& port) override {
    port_ = &port;
    calls.push_back("connect");
    port.write_text("welcome\n");
    port.flush(0);
    return 7;
  }
  std::uint64_t on_restore(dw::game::session_port& port, const dw::game::saved_connection&) override {
    port_ = &port;
    calls.push_back("restore");
    return 7;
  }
  void on_line(std::uint64_t conn_id, std::string_view line) override {
    calls.push_back("line " + std::to_string(conn_id) + " " + std::string(line));
    port_->write_text("you said " + std::string(line) + "\n");
    port_->flush(0);
  }
  void on_line_too_long(std::uint64_t conn_id, std::size_t) override {
    calls.push_back("too long " + std::to_string(conn_id));
  }
  void on_gmcp(std::uint64_t conn_id, std::string_view package, std::string_view) override {
    calls.push_back("gmcp " + std::to_string(conn_id) + " " + std::string(package));
  }
  void on_disconnect(std::uint64_t conn_id) override {
    calls.push_back("disconnect " + std::to_string(conn_id));
    port_ = nullptr;
  }
  void flush_output() override { calls.push_back("flush"); }
  std::vector<dw::game::listing_entry> listing() const override { return {{"NAME", "Test"}}; }

  std::vector<std::string> calls;

 private:
  dw::game::session_port* port_ = nullptr;
};

class SessionNetworkPortTest : public ::testing::Test {
 protected:
  void TearDown() override {
    if (session_ != nullptr) {
      session_->abort();
      pump([&] { return closed_ > 0; });  // the coroutines end before the io_context goes
      session_.reset();
    }
  }

  void start(dw::net::session_limits limits = {}) {
    asio::ip::tcp::acceptor acceptor(io_, {asio::ip::address_v4::loopback(), 0});
    client_.connect(acceptor.local_endpoint());
    client_.non_blocking(true);
    session_ = std::make_shared<dw::net::session>(acceptor.accept(), game_, commits_, limits, [this] { ++closed_; });
    session_->start();
  }

  /// Runs the io_context, reading what the client end receives, until `done` or `timeout`.
  template <typename Done>
  bool pump(Done done, std::chrono::milliseconds timeout = 5s) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (true) {
      read_available();
      if (done()) {
        return true;
      }
      if (std::chrono::steady_clock::now() >= deadline) {
        return false;
      }
      io_.restart();
      io_.run_for(5ms);
    }
  }
  bool pump_until(std::string_view needle) {
    return pump([&] { return received_.find(needle) != std::string::npos; });
  }
  bool called(std::string_view call) const {
    for (const std::string& c : game_.calls) {
      if (c == call) {
        return true;
      }
    }
    return false;
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
        eof_ = true;
        return;
      }
      received_.append(buffer.data(), n);
    }
  }

  // Declared in this order so that the session goes first and the game it reports to last.
  recording_game game_;
  dw::net::commit_tracker commits_;
  asio::io_context io_;
  asio::ip::tcp::socket client_{io_};
  std::shared_ptr<dw::net::session> session_;
  std::string received_;
  bool eof_ = false;
  int closed_ = 0;
};

}  // namespace

TEST_F(SessionNetworkPortTest, ReportsTheConnectionItsLinesAndItsEndToThePort) {
  start();
  ASSERT_EQ(game_.calls, std::vector<std::string>{"connect"});
  ASSERT_TRUE(pump_until("welcome\r\n")) << received_;

  asio::write(client_, asio::buffer(std::string("look\r\nsay hi\r\n")));
  ASSERT_TRUE(pump_until("you said say hi\r\n")) << received_;
  EXPECT_TRUE(called("line 7 look"));
  EXPECT_TRUE(called("line 7 say hi"));

  client_.close();
  ASSERT_TRUE(pump([&] { return closed_ > 0; }));
  EXPECT_EQ(game_.calls.back(), "disconnect 7");
  EXPECT_EQ(closed_, 1);
}

TEST_F(SessionNetworkPortTest, ALineOverTheLimitIsReportedAsTooLong) {
  dw::net::session_limits limits;
  limits.codec.max_line_bytes = 16;
  start(limits);
  asio::write(client_, asio::buffer(std::string(40, 'x') + "\r\nok\r\n"));
  ASSERT_TRUE(pump_until("you said ok\r\n")) << received_;
  EXPECT_TRUE(called("too long 7"));
  EXPECT_FALSE(called("line 7 " + std::string(40, 'x')));
}
