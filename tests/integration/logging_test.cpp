// Logging must never stop the game: the server's stderr on a pipe nobody reads, well past its 64 KiB.
#include <gtest/gtest.h>

#include <stdexcept>

#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

using dw::testing::server_process;
using dw::testing::stderr_to;
using dw::testing::telnet_client;

namespace {

std::size_t count(const std::string& text, std::string_view needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + needle.size())) {
    ++n;
  }
  return n;
}

}  // namespace

TEST(Logging, AStderrNobodyReadsDoesNotStopTheGame) {
  server_process server({}, stderr_to::unread_pipe);
  // Each visit logs two lines of about 75 bytes ("connection from ...", "connection N from ...
  // closed"): 1500 visits are over 200 KiB, three times what the pipe holds. A server whose
  // logging blocks stops answering at about the 400th.
  constexpr int visits = 1500;
  for (int i = 0; i < visits; ++i) {
    telnet_client visitor(server.port());
    try {
      visitor.expect("quit", std::chrono::seconds(20));  // the greeting: the world thread is still answering
    } catch (const std::runtime_error& e) {
      FAIL() << "no greeting at visit " << i << ", with " << server.file_log_text().size()
             << " bytes in the log file: " << e.what();
    }
  }

  telnet_client ann(server.port());
  ann.create("Ann", "correcthorse");
  ann.send_line("look");
  ann.expect("The Village Square", std::chrono::seconds(20));

  // The file log has every line stderr could not take, and says that stderr dropped some.
  ASSERT_TRUE(server.wait_file_log("account created: Ann"));
  const std::string log = server.file_log_text();
  EXPECT_EQ(count(log, "] connection from 127.0.0.1:"), static_cast<std::size_t>(visits + 1));
  EXPECT_NE(log.find("not written to stderr (nobody was reading it)"), std::string::npos);
  EXPECT_EQ(log.find("lost (the log queue was full)"), std::string::npos) << "the queue kept up";

  // Shutting down does not wait for stderr either, and the last word is how much it missed.
  EXPECT_EQ(server.stop(std::chrono::seconds(20)), 0);
  const std::string final_log = server.file_log_text();
  EXPECT_NE(final_log.find("Deepwell stopped"), std::string::npos);
  const std::size_t last_report = final_log.rfind("logging fell behind:");
  ASSERT_NE(last_report, std::string::npos);
  EXPECT_GT(last_report, final_log.find("Deepwell stopped")) << "the final report follows the last line";
}
