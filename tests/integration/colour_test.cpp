// Colour and screen-reader mode over real telnet: what a client reports in its TTYPE cycle (MTTS)
// decides whether it gets ANSI escapes.
#include <gtest/gtest.h>

#include <string>

#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

using dw::testing::client_options;
using dw::testing::server_process;
using dw::testing::telnet_client;

namespace {

client_options reporting(std::string mtts) {
  client_options o;
  o.ttype_answers = {"DWTEST", "XTERM-256COLOR", std::move(mtts)};
  o.keep_escapes = true;
  return o;
}

}  // namespace

TEST(Colour, AClientReporting256ColoursGetsColourAndEveryColouredLineIsReset) {
  server_process server;
  telnet_client c(server.port(), reporting("MTTS 9"));  // ANSI + 256 colours
  c.create("Hue", "huepassword");
  c.send_line("look");
  const std::string room = c.expect("Exits: ");
  const std::string rest = c.expect_prompt();
  EXPECT_NE(room.find("\x1b[38;5;"), std::string::npos) << room;  // the room name, in 256 colours
  EXPECT_NE(rest.find("\x1b[0m"), std::string::npos) << rest;
  const std::string all = room + rest;
  std::size_t start = 0;
  for (std::size_t nl = all.find('\n'); nl != std::string::npos; nl = all.find('\n', start)) {
    const std::string line = all.substr(start, nl - start);
    const std::size_t last_escape = line.rfind("\x1b[");
    if (last_escape != std::string::npos) {
      EXPECT_EQ(line.compare(last_escape, 4, "\x1b[0m"), 0) << "colour bleeds past the end of: " << line;
    }
    start = nl + 1;
  }
  c.send_line("colour off");
  c.expect("Colour is off.");
  c.expect_prompt();
  const int before = c.escapes_seen();
  c.send_line("look");
  c.expect("Exits: ");
  c.expect_prompt();
  EXPECT_EQ(c.escapes_seen(), before) << "colour off: no escapes at all";
}

TEST(Colour, AClientThatNegotiatesNothingGetsNoEscapes) {
  server_process server;
  client_options plain;
  plain.gmcp = false;
  plain.eor = false;
  plain.naws = false;
  plain.ttype = false;
  plain.keep_escapes = true;
  telnet_client c(server.port(), plain);
  c.create("Ash", "ashpassword");
  c.send_line("look");
  c.expect("Exits: ");
  c.send_line("down");
  c.expect("Exits: ");
  c.send_line("map");
  c.expect("map");
  c.send_line("quit");
  EXPECT_TRUE(c.wait_closed());
  EXPECT_EQ(c.escapes_seen(), 0) << c.all_text();
  EXPECT_EQ(c.all_text().find('\x1b'), std::string::npos);
}

TEST(Colour, AScreenReaderReportedByMttsGetsWordsWithoutColour) {
  server_process server;
  telnet_client c(server.port(), reporting("MTTS 77"));  // ANSI, UTF-8, 256 colours, screen reader
  // (create() waits for the usual prompt; a screen reader's prompt is words)
  c.send_line("create Rea reapassword");
  c.expect("Welcome to Deepwell, Rea.");
  EXPECT_NE(c.expect_prompt().find("40 of 40 hp: "), std::string::npos);
  c.send_line("screenreader");
  c.expect("Screen-reader mode is on: your client reports a screen reader.");
  c.send_line("look");
  c.expect("Exits: ");
  const std::string prompt = c.expect_prompt();
  EXPECT_NE(prompt.find("of 40 hp: "), std::string::npos) << prompt;
  EXPECT_EQ(c.escapes_seen(), 0) << c.all_text();
}
