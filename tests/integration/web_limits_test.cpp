// The web port's limits on connections that are not (yet) a WebSocket, over real sockets from several
// loopback addresses (127.0.0.x): idle connections from one address and from many cannot fill the server
// (issue 25: 33 addresses x 16 idle connections made every telnet player "full"), a request trickled a byte
// at a time is closed at the header deadline, and the login-screen limit is shared with telnet.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/files.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"
#include "tests/support/ws_client.hpp"

namespace {

using dw::testing::http_request;
using dw::testing::poll_until;
using dw::testing::server_process;
using dw::testing::telnet_client;
using namespace std::chrono_literals;

/// A TCP connection to 127.0.0.1:`port` from `from` (another loopback address), that says nothing unless
/// told to.
class raw_connection {
 public:
  raw_connection(std::uint16_t port, const char* from) : fd_(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)) {
    sockaddr_in local{};
    local.sin_family = AF_INET;
    ::inet_pton(AF_INET, from, &local.sin_addr);
    sockaddr_in remote{};
    remote.sin_family = AF_INET;
    remote.sin_port = htons(port);
    ::inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr);
    if (fd_ < 0 || ::bind(fd_, reinterpret_cast<sockaddr*>(&local), sizeof local) != 0 ||
        ::connect(fd_, reinterpret_cast<sockaddr*>(&remote), sizeof remote) != 0) {
      throw std::runtime_error(std::string("cannot connect from ") + from);
    }
  }
  ~raw_connection() { ::close(fd_); }
  raw_connection(const raw_connection&) = delete;
  raw_connection& operator=(const raw_connection&) = delete;

  void send(std::string_view bytes) {
    if (::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(bytes.size())) {
      closed_ = true;
    }
  }
  /// Whether the server has closed it (reads what arrived meanwhile into received()).
  bool closed() {
    while (!closed_) {
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, 0) <= 0) {
        break;
      }
      char buf[4096];
      const ssize_t n = ::recv(fd_, buf, sizeof buf, MSG_DONTWAIT);
      if (n <= 0) {
        closed_ = n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK);
        break;
      }
      received_.append(buf, static_cast<std::size_t>(n));
    }
    return closed_;
  }
  const std::string& received() const { return received_; }

 private:
  int fd_;
  bool closed_ = false;
  std::string received_;
};

std::size_t open_count(std::vector<std::unique_ptr<raw_connection>>& connections) {
  std::size_t open = 0;
  for (auto& c : connections) {
    open += !c->closed();
  }
  return open;
}

}  // namespace

TEST(WebLimits, IdleConnectionsFromOneAddressOrManyCannotFillTheServer) {
  // Before: 3 addresses x 16 idle web connections filled max_connections (24), and telnet got "full".
  server_process server("[server]\nmax_connections = 24\nmax_connections_per_address = 16\n"
                        "[web]\nroot = \"" DW_WEB_DIR "\"\nmax_http_connections = 10\nheader_timeout_seconds = 2\n");
  const std::uint16_t web = server.web_port();
  std::vector<std::unique_ptr<raw_connection>> idle[3];
  const char* addresses[3] = {"127.0.0.2", "127.0.0.3", "127.0.0.4"};
  for (int a = 0; a < 3; ++a) {
    for (int i = 0; i < 16; ++i) {
      idle[a].push_back(std::make_unique<raw_connection>(web, addresses[a]));
    }
  }
  // A telnet player from another address gets in at once, and so does the web page.
  telnet_client ann(server.port());
  ann.create("Ann", "annpassword");
  EXPECT_EQ(http_request(web, "/").status, 200) << "the web port makes room by closing an idle connection";
  EXPECT_TRUE(server.wait_file_log("(web.max_http_connections): closed the one idle longest"));
  EXPECT_TRUE(server.wait_file_log("web: 127.0.0.3 has 4 connections not yet playing"));
  // Past the header deadline, at most the login-screen limit (4) stays from each address, and at most
  // web.max_http_connections in all.
  std::size_t total = 0;
  for (int a = 0; a < 3; ++a) {
    EXPECT_TRUE(poll_until([&] { return open_count(idle[a]) <= 4; }, 20s))
        << addresses[a] << " still has " << open_count(idle[a]) << " idle connections";
    total += open_count(idle[a]);
  }
  EXPECT_LE(total, 10U);
  ann.send_line("look");
  ann.expect("The Village Square");
}

TEST(WebLimits, ARequestTrickledAByteAtATimeIsClosedAtTheHeaderDeadline) {
  // Before: a header sent one byte at a time held its connection for request_timeout_seconds (30 s).
  server_process server("[web]\nroot = \"" DW_WEB_DIR "\"\nheader_timeout_seconds = 2\n");
  raw_connection slow(server.web_port(), "127.0.0.1");
  const std::string header = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + std::string(400, 'a') + "\r\n\r\n";
  const auto start = std::chrono::steady_clock::now();
  std::size_t sent = 0;
  while (!slow.closed() && sent < header.size() && std::chrono::steady_clock::now() - start < 20s) {
    slow.send(header.substr(sent++, 1));
    std::this_thread::sleep_for(100ms);  // the attack itself: one byte every 100 ms
  }
  const auto held = std::chrono::steady_clock::now() - start;
  EXPECT_TRUE(slow.closed()) << "still open after " << sent << " bytes";
  EXPECT_LT(held, 8s);
  EXPECT_GE(held, 1500ms) << "the deadline counts from the request's first byte";
  EXPECT_TRUE(server.wait_file_log("its headers were not all in within 2 s (web.header_timeout_seconds)"));
}

TEST(WebLimits, WebConnectionsShareTheLoginScreenLimitWithTelnet) {
  server_process server("[server]\nmax_unauthenticated_per_address = 2\n");
  telnet_client a(server.port());
  a.expect("quit");
  telnet_client b(server.port());
  b.expect("quit");
  // The address has 2 connections at the login screen: a web connection may make one request, then closes.
  raw_connection page(server.web_port(), "127.0.0.1");
  page.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  EXPECT_TRUE(poll_until([&] { return page.closed(); }, 20s)) << "kept alive: " << page.received().size() << " bytes";
  EXPECT_NE(page.received().find("HTTP/1.1 200 OK"), std::string::npos) << page.received().substr(0, 200);
  EXPECT_NE(page.received().find("Connection: close"), std::string::npos);
  // Once one telnet connection logs in, the next web connection is kept alive as usual.
  a.send_line("create Ann annpassword");
  a.expect("Welcome to Deepwell, Ann");
  raw_connection again(server.web_port(), "127.0.0.1");
  again.send("GET /status.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  EXPECT_TRUE(poll_until([&] { return again.closed() || again.received().find("\"name\"") != std::string::npos; },
                         20s));
  EXPECT_FALSE(again.closed()) << "a kept-alive connection waits for its next request";
}
