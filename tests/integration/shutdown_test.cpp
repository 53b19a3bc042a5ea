// Shutdown ends every operation, so the server's io_context runs out of work and returns by itself.
// Nothing may hold the exit back: not a long delayed call (here a failed login's answer, made to wait a
// minute), and not the 3-second deadline for connections that do not drain, when there are none.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

using dw::testing::client_options;
using dw::testing::server_process;
using dw::testing::telnet_client;
using std::chrono::steady_clock;

namespace {

/// Cheap hashing, and a failed login answered only after a minute.
const std::string minute_long_login_delay =
    "[accounts]\nhash_ops_limit = 1\nhash_memory_kib = 8192\nfailed_login_base_delay_ms = 60000\n"
    "failed_login_max_delay_ms = 60000\n";

/// Well under the 3 s after which connections still open are aborted: nothing waited for that deadline.
constexpr long long prompt_ms = 2000;

long long ms_since(steady_clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(steady_clock::now() - t).count();
}

/// SIGTERM; returns how long the server took to exit, after checking that it exited cleanly.
long long stop_and_time(server_process& server) {
  const auto asked = steady_clock::now();
  const int status = server.stop(std::chrono::seconds(90));
  const long long took = ms_since(asked);
  EXPECT_EQ(status, 0);
  EXPECT_NE(server.log_text().find("Deepwell stopped"), std::string::npos) << server.log_text();
  return took;
}

}  // namespace

TEST(Shutdown, SigtermWithADelayedCallPendingAndNoConnectionExitsAtOnce) {
  server_process server(minute_long_login_delay);
  {
    telnet_client guesser(server.port());
    guesser.expect("quit");
    guesser.send_line("connect Nobody wrongpassword");
    ASSERT_TRUE(server.wait_log("failed login: no account 'Nobody'"));
  }  // hangs up: its answer, a minute away, is the only thing left waiting
  ASSERT_TRUE(server.wait_log("from 127.0.0.1 closed"));
  const long long took = stop_and_time(server);
  EXPECT_LT(took, prompt_ms) << "SIGTERM took " << took << " ms with no connection and a delayed call pending";
  RecordProperty("sigterm_ms_delayed_call_no_connection", static_cast<int>(took));
}

TEST(Shutdown, SigtermWithADelayedCallPendingForAConnectedClientExitsPromptly) {
  server_process server(minute_long_login_delay);
  telnet_client guesser(server.port());
  guesser.expect("quit");
  guesser.send_line("connect Nobody wrongpassword");
  ASSERT_TRUE(server.wait_log("failed login: no account 'Nobody'"));
  const long long took = stop_and_time(server);
  EXPECT_LT(took, prompt_ms) << "SIGTERM took " << took << " ms with a delayed call pending";
  guesser.expect("Deepwell is shutting down now.");
  EXPECT_TRUE(guesser.wait_closed());
  RecordProperty("sigterm_ms_delayed_call_connected", static_cast<int>(took));
}
