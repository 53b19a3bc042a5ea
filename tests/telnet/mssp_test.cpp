// MSSP: the variables built from the facts, the telnet encoding and the plain-text reply.
#include "server/telnet/mssp.hpp"

#include <gtest/gtest.h>

#include <map>

#include "tests/telnet/wire.hpp"

namespace dw::telnet {
namespace {

mssp_facts sample() {
  mssp_facts f;
  f.name = "Deepwell";
  f.codebase = "Deepwell";
  f.hostname = "mud.example.org";
  f.port = 4123;
  f.started_at = 1700000000;
  f.mccp = true;
  return f;
}

std::map<std::string, std::string> as_map(const std::vector<mssp_variable>& vars) {
  std::map<std::string, std::string> m;
  for (const auto& v : vars) {
    m[v.name] = v.value;
  }
  return m;
}

TEST(Mssp, VariablesComeFromTheFacts) {
  mssp_facts f = sample();
  auto m = as_map(mssp_variables(f, 7));
  EXPECT_EQ(m["NAME"], "Deepwell");
  EXPECT_EQ(m["PLAYERS"], "7");
  EXPECT_EQ(m["UPTIME"], "1700000000");
  EXPECT_EQ(m["PORT"], "4123");
  EXPECT_EQ(m["HOSTNAME"], "mud.example.org");
  EXPECT_EQ(m["MCCP"], "1");
  EXPECT_EQ(m["SSL"], "0");
  EXPECT_EQ(m["ANSI"], "0");
  EXPECT_EQ(m["UTF-8"], "1");
  EXPECT_EQ(m["CRAWL DELAY"], "-1");
  for (const char* name : {"CODEBASE", "CONTACT", "LANGUAGE", "FAMILY", "GENRE", "GAMEPLAY", "STATUS", "WEBSITE",
                           "CREATED", "GMCP", "MSSP", "XTERM 256 COLORS", "XTERM TRUE COLORS"}) {
    EXPECT_EQ(m.count(name), 1U) << name;
  }
  // Nothing is advertised that the facts say is off, and what is on is said.
  f.mccp = false;
  f.ssl_port = 4443;
  f.ansi = f.xterm256 = f.truecolour = true;
  m = as_map(mssp_variables(f, 0));
  EXPECT_EQ(m["MCCP"], "0");
  EXPECT_EQ(m["SSL"], "4443");
  EXPECT_EQ(m["ANSI"], "1");
  EXPECT_EQ(m["XTERM 256 COLORS"], "1");
  EXPECT_EQ(m["XTERM TRUE COLORS"], "1");
  EXPECT_EQ(m["PLAYERS"], "0");
}

TEST(Mssp, ReservedBytesNeverReachTheWire) {
  mssp_facts f = sample();
  f.name = std::string("Bad\x01" "Name\x02\xff\x00", 11);
  f.contact = "tab\there\r\n";
  std::string out;
  encode_mssp(mssp_variables(f, 1), out);
  const std::string body = out.substr(3, out.size() - 5);
  EXPECT_EQ(body.find('\xff'), std::string::npos);
  EXPECT_EQ(body.find('\0'), std::string::npos);
  const auto m = as_map(mssp_variables(f, 1));
  EXPECT_EQ(m.at("NAME"), "Bad?Name???");
  EXPECT_EQ(m.at("CONTACT"), "tab?here??");
  EXPECT_FALSE(mssp_safe(f.name));
  EXPECT_TRUE(mssp_safe("Deepwell \xc3\xa9"));
}

TEST(Mssp, TelnetEncoding) {
  std::string out;
  encode_mssp({{"NAME", "Deepwell"}, {"PLAYERS", "2"}}, out);
  using namespace cmd;
  EXPECT_EQ(out, test::wire({IAC, SB, opt::MSSP, 1}) + "NAME" + test::wire({2}) + "Deepwell" + test::wire({1}) +
                     "PLAYERS" + test::wire({2}) + "2" + test::wire({IAC, SE}));
}

TEST(Mssp, PlainTextReply) {
  EXPECT_EQ(mssp_plain_reply({{"NAME", "Deepwell"}, {"PLAYERS", "2"}}),
            "MSSP-REPLY-START\nNAME\tDeepwell\nPLAYERS\t2\nMSSP-REPLY-END\n");
}

}  // namespace
}  // namespace dw::telnet
