// Hostile and unusual input over a real socket: IAC in text, over-long lines, binary garbage.
#include <gtest/gtest.h>

#include <random>

#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

using dw::testing::server_process;
using dw::testing::telnet_client;

TEST(TelnetInput, IacIacAndRaw0xFFInSayDoNotBreakTheSession) {
  server_process server;
  telnet_client a(server.port());
  a.create("Ivy", "ivypassword");
  telnet_client b(server.port());
  b.create("Jon", "jonpassword");
  // IAC IAC is a data byte 255: invalid UTF-8, so it reaches others as U+FFFD.
  a.send_raw("say x\xff\xffy\r\n");
  b.expect("Ivy says, 'x\xef\xbf\xbdy'");
  // A cp1251 'я' (0xFF) typed raw, as in Evennia #800: the session keeps working.
  a.send_raw("say \xff\r\n");
  a.send_line("say still here");
  b.expect("Ivy says, 'still here'");
}

TEST(TelnetInput, OverLongLineIsDiscardedWithAMessage) {
  server_process server("[server]\nmax_line_bytes = 200\n");
  telnet_client c(server.port());
  c.create("Kay", "kaypassword");
  c.send_line("say " + std::string(1000, 'a'));
  c.expect("That line was too long");
  c.send_line("say short");
  c.expect("You say, 'short'");
  EXPECT_TRUE(server.wait_log("sent a line of"));
}

TEST(TelnetInput, RandomGarbageNeitherCrashesNorHurtsOthers) {
  server_process server;
  telnet_client bystander(server.port());
  bystander.create("Lou", "loupassword");
  std::mt19937_64 rng(42);
  for (int round = 0; round < 5; ++round) {
    telnet_client junk(server.port());
    std::string bytes(64 * 1024, '\0');
    for (char& ch : bytes) {
      ch = static_cast<char>(rng() & 0xFF);
    }
    try {
      junk.send_raw(bytes);
    } catch (const std::exception&) {
      // The server may close a connection that sends junk fast: that is fine.
    }
  }
  bystander.send_line("say I am fine");
  bystander.expect("You say, 'I am fine'");
  telnet_client after(server.port());
  after.expect("create <name> <password>");
}

TEST(TelnetOutput, AClientThatStopsReadingIsDroppedWithoutSlowingOthers) {
  server_process server("[server]\nmax_output_queue_bytes = 65536\nmax_commands_per_second = 10000\n");
  telnet_client reader(server.port());
  reader.create("Quin", "quinpassword");
  telnet_client stuck(server.port());
  stuck.create("Rex", "rexpassword");
  // Rex asks for a lot of output and never reads it: the kernel buffers fill, then the server's queue.
  std::string flood;
  for (int i = 0; i < 6000; ++i) {
    flood += "help\r\n";
  }
  try {
    stuck.send_raw(flood);
  } catch (const std::exception&) {
    // The server may already have dropped Rex: exactly what should happen.
  }
  EXPECT_TRUE(server.wait_log("bytes of unread output: disconnecting", std::chrono::seconds(60)));
  reader.send_line("say still quick");
  reader.expect("You say, 'still quick'");
}
