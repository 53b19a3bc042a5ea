// MCCP2, MSSP and CHARSET over a real connection to the real server, and large subnegotiations. Cases
// 3, 4 and 5 of the protocols notes (compressed bytes in the read that starts compression, text with
// its end, very large compressed output) are here.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

using dw::testing::client_options;
using dw::testing::server_process;
using dw::testing::telnet_client;

namespace {

constexpr char IAC = '\xff', DONT = '\xfe', DO = '\xfd', SB = '\xfa', SE = '\xf0';
constexpr char MCCP2 = 86;

client_options compressed() {
  client_options o;
  o.mccp2 = true;
  return o;
}

bool contains(const std::string& haystack, std::string_view needle) {
  return haystack.find(needle) != std::string::npos;
}

/// The same commands, typed by a character of the same name on a fresh server.
std::string session_text(client_options options) {
  server_process server;
  telnet_client c(server.port(), options);
  c.create("Quill", "quillpassword");
  for (const char* command : {"look", "help", "say hello \xe2\x80\x94 there", "who", "inventory"}) {
    c.send_line(command);
    c.expect_prompt();
  }
  c.send_line("say done");
  c.expect("You say, 'done'");
  c.expect_prompt();
  if (options.mccp2) {
    EXPECT_TRUE(c.compressing());
    EXPECT_GT(c.compressed_bytes(), 0U);
  }
  return c.all_text();
}

std::map<std::string, std::string> as_map(const std::vector<std::pair<std::string, std::string>>& vars) {
  return {vars.begin(), vars.end()};
}

}  // namespace

TEST(Mccp2, CompressedSessionShowsExactlyThePlainText) {
  const std::string plain = session_text({});
  const std::string inflated = session_text(compressed());
  EXPECT_EQ(inflated, plain);
}

TEST(Mccp2, DontEndsTheStreamAndLaterTextIsPlain) {
  server_process server;
  telnet_client c(server.port(), compressed());
  c.create("Rook", "rookpassword");
  ASSERT_TRUE(c.compressing());
  c.send_raw(std::string{IAC, DONT, MCCP2});
  ASSERT_TRUE(c.wait_compression(false));
  EXPECT_EQ(c.compression_ends(), 1);
  const std::size_t compressed_so_far = c.compressed_bytes();
  c.send_line("say now in plain text");
  c.expect("You say, 'now in plain text'");
  c.expect_prompt();
  EXPECT_FALSE(c.compressing());
  EXPECT_EQ(c.compressed_bytes(), compressed_so_far);
}

TEST(Mccp2, StartMarkerAndCompressedBytesInOneReadAreHandled) {
  server_process server;
  telnet_client c(server.port());  // refuses MCCP2 at first
  c.create("Sage", "sagepassword");
  // Turning it on together with a command: the marker and the command's compressed output leave in one
  // write, which the client must split at the marker (Blightmud #73).
  c.send_raw(std::string{IAC, DO, MCCP2} + "say together\r\n");
  c.expect("You say, 'together'");
  c.expect_prompt();
  EXPECT_TRUE(c.compressing());
  EXPECT_GT(c.compressed_bytes(), 0U);
}

TEST(Mccp2, LargeOutputDecompressesIntact) {
  server_process server(
      "[server]\nmax_commands_per_second = 10000\nmax_output_queue_bytes = 67108864\nflood_disconnect_seconds = 3600\n");
  telnet_client c(server.port(), compressed());
  c.create("Tome", "tomepassword");
  std::size_t batch = 0;
  while (c.inflated_bytes() < 2U * 1024 * 1024) {
    std::string lines;
    for (int i = 0; i < 200; ++i) {
      lines += "help\r\n";
    }
    lines += "say batch " + std::to_string(batch) + " done\r\n";
    c.send_raw(lines);
    c.expect("You say, 'batch " + std::to_string(batch) + " done'", std::chrono::seconds(60));
    c.discard_consumed();
    ++batch;
    ASSERT_LT(batch, 200U) << "help output too small to reach 2 MB";
  }
  EXPECT_TRUE(c.compressing());
  EXPECT_GE(c.inflated_bytes(), 2U * 1024 * 1024);
  EXPECT_LT(c.compressed_bytes(), c.inflated_bytes() / 3);
}

TEST(Mccp2, OffInTheConfigurationIsNeverStarted) {
  server_process server("[server]\nmccp2_level = 0\n");
  client_options o = compressed();
  o.mssp = true;
  telnet_client c(server.port(), o);
  c.expect("quit");
  ASSERT_TRUE(c.wait_mssp());
  EXPECT_EQ(as_map(c.mssp()).at("MCCP"), "0");
  c.send_raw(std::string{IAC, DO, MCCP2});
  EXPECT_TRUE(c.expect_command(252 /* WONT */, 86));
  c.send_line("help");
  c.expect("quit");
  EXPECT_FALSE(c.compressing());
}

TEST(Mssp, VariablesAreLiveAndTheFlagsTrue) {
  server_process server("[mssp]\nname = \"Deepwell Test\"\ncontact = \"ops@example.org\"\n");
  telnet_client player(server.port());
  player.create("Uma", "umapassword");
  client_options o;
  o.mssp = true;
  telnet_client crawler(server.port(), o);
  ASSERT_TRUE(crawler.wait_mssp());
  const auto vars = as_map(crawler.mssp());
  EXPECT_EQ(vars.at("NAME"), "Deepwell Test");
  EXPECT_EQ(vars.at("CONTACT"), "ops@example.org");
  EXPECT_EQ(vars.at("PLAYERS"), "1");
  EXPECT_EQ(vars.at("PORT"), std::to_string(server.port()));
  EXPECT_EQ(vars.at("CODEBASE"), "Deepwell");
  EXPECT_EQ(vars.at("MCCP"), "1");
  EXPECT_EQ(vars.at("MSSP"), "1");
  EXPECT_EQ(vars.at("GMCP"), "1");
  EXPECT_EQ(vars.at("UTF-8"), "1");
  EXPECT_EQ(vars.at("SSL"), "0");
  EXPECT_EQ(vars.at("ANSI"), "1");  // colour is rendered at every depth a client reports
  EXPECT_EQ(vars.at("XTERM 256 COLORS"), "1");
  EXPECT_EQ(vars.at("XTERM TRUE COLORS"), "1");
  const long long uptime = std::stoll(vars.at("UPTIME"));
  const long long now = static_cast<long long>(std::time(nullptr));
  EXPECT_GT(uptime, now - 600);
  EXPECT_LE(uptime, now);
  for (const char* name : {"CRAWL DELAY", "HOSTNAME", "LANGUAGE", "FAMILY", "GENRE", "GAMEPLAY", "STATUS",
                           "WEBSITE", "CREATED"}) {
    EXPECT_EQ(vars.count(name), 1U) << name;
  }
}

TEST(Mssp, SslIsTheBoundTlsPortWhenTlsIsOn) {
  server_process server("[tls]\nenabled = true\nport = 0\n");
  ASSERT_NE(server.tls_port(), 0);
  client_options o;
  o.mssp = true;
  telnet_client crawler(server.port(), o);
  ASSERT_TRUE(crawler.wait_mssp());
  EXPECT_EQ(as_map(crawler.mssp()).at("SSL"), std::to_string(server.tls_port()));
}

TEST(Mssp, PlainRequestAtTheLoginScreen) {
  server_process server;
  telnet_client player(server.port());
  player.create("Vic", "vicpassword");
  telnet_client crawler(server.port());
  crawler.expect("quit");
  crawler.send_line("MSSP-REQUEST");
  crawler.expect("MSSP-REPLY-START\n");
  const std::string reply = crawler.expect("MSSP-REPLY-END");
  EXPECT_TRUE(contains(reply, "NAME\tDeepwell\n")) << reply;
  EXPECT_TRUE(contains(reply, "PLAYERS\t1\n")) << reply;
  EXPECT_TRUE(contains(reply, "PORT\t" + std::to_string(server.port()) + "\n")) << reply;
  EXPECT_TRUE(contains(reply, "MCCP\t1\n")) << reply;
}

TEST(Charset, AcceptedKeepsUtf8EvenWithMttsWithoutTheUtf8Bit) {
  server_process server;
  client_options o;
  o.charset = client_options::charset_reply::accept;
  o.ttype_answers = {"OLDCLIENT", "ANSI", "MTTS 1"};
  telnet_client c(server.port(), o);
  c.create("Wren", "wrenpassword");
  ASSERT_EQ(c.charset_requests().size(), 1U);
  EXPECT_EQ(c.charset_requests()[0], ";UTF-8");
  c.send_line("say caf\xc3\xa9 \xe2\x80\x94 ok");
  c.expect("You say, 'caf\xc3\xa9 \xe2\x80\x94 ok'");
}

TEST(Charset, RejectedWithMttsWithoutUtf8GetsAsciiStandIns) {
  server_process server;
  client_options o;
  o.charset = client_options::charset_reply::reject;
  o.ttype_answers = {"OLDCLIENT", "ANSI", "MTTS 1"};
  telnet_client c(server.port(), o);
  c.create("Xena", "xenapassword");
  c.send_line("say caf\xc3\xa9 \xe2\x80\x94 it\xe2\x80\x99s \xe2\x94\x8c\xe2\x94\x80\xe2\x94\x90\xe2\x80\xa6");
  c.expect("You say, 'cafe - it's +-+...'");
  c.expect_prompt();
  for (const char ch : c.all_text()) {
    EXPECT_LT(static_cast<unsigned char>(ch), 0x80) << "non-ASCII byte sent to an ASCII-only client";
  }
}

TEST(Subnegotiation, SevenKibCoreSupportsSetIsAccepted) {
  server_process server;
  telnet_client c(server.port());
  c.create("Yara", "yarapassword");
  std::string json = "[\"Room 1\", \"Char 1\"";
  for (int i = 0; json.size() < 7 * 1024; ++i) {
    json += ", \"Vendor.Package" + std::to_string(i) + " 1\"";
  }
  json += "]";
  c.send_raw(std::string{IAC, SB, '\xc9'} + "Core.Supports.Set " + json + std::string{IAC, SE});
  c.send_raw(std::string{IAC, SB, '\xc9'} + "Core.Ping" + std::string{IAC, SE});
  c.expect_gmcp("Core.Ping");
  c.send_line("say still fine");
  c.expect("You say, 'still fine'");
  EXPECT_FALSE(contains(server.log_text(), "oversized subnegotiation"));
}

TEST(Mccp2, HotRebootEndsTheStreamAndOffersItAgain) {
  server_process server;
  telnet_client ann(server.port(), compressed());
  ann.create("Ann", "annpassword");  // the first account administers
  ASSERT_TRUE(ann.compressing());
  ann.send_line("@reboot");
  ann.expect("Deepwell has rebooted around you.", std::chrono::seconds(60));
  EXPECT_GE(ann.compression_ends(), 1);  // ended cleanly before the old image went
  ann.send_line("say after the reboot");
  ann.expect("You say, 'after the reboot'");
  EXPECT_TRUE(ann.compressing());  // offered again, turned on again
}
