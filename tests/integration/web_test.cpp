// The web port over real sockets: the client's files and /status.json over HTTP, and play over each
// mudstandards.org WebSocket subprotocol (gmcp, telnet, json, terminal) with a Beast client, side by side
// with telnet players; the origin check, the subprotocol choice, the message-size limit, the address
// limits shared with telnet, and wss when TLS is on.
#include <gtest/gtest.h>

#include <string>

#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"
#include "tests/support/ws_client.hpp"

namespace {

using dw::testing::http_reply;
using dw::testing::http_request;
using dw::testing::server_process;
using dw::testing::telnet_client;
using dw::testing::ws_client;
using dw::testing::ws_options;
using dw::testing::ws_refused;
using namespace std::chrono_literals;

constexpr std::string_view prompt = "hp] > ";
const std::string iac_will_echo("\xff\xfb\x01", 3);
const std::string iac_wont_echo("\xff\xfc\x01", 3);

ws_options speaking(std::string subprotocol) {
  ws_options o;
  o.subprotocols = {std::move(subprotocol)};
  return o;
}

/// The HTTP status a WebSocket upgrade with `options` gets (101 when accepted).
int upgrade_status(std::uint16_t port, ws_options options) {
  try {
    ws_client c(port, std::move(options));
    return 101;
  } catch (const ws_refused& e) {
    return e.status();
  }
}

bool contains(const std::string& text, std::string_view needle) { return text.find(needle) != std::string::npos; }

/// The first `package` message (in its own text message) whose JSON contains `needle`.
std::string gmcp_with(ws_client& web, const std::string& package, std::string_view needle) {
  for (;;) {
    std::string m = web.expect_text_message(package + " ");
    if (contains(m, needle)) {
      return m;
    }
  }
}

}  // namespace

TEST(WebPort, ServesTheClientPageAndTheStatusForListings) {
  server_process server;
  ASSERT_NE(server.web_port(), 0) << "the web port was not reported";
  const http_reply page = http_request(server.web_port(), "/");
  EXPECT_EQ(page.status, 200);
  EXPECT_EQ(page.headers.at("content-type"), "text/html; charset=utf-8");
  EXPECT_TRUE(contains(page.body, "role=\"log\"")) << "the output is a live region";
  EXPECT_TRUE(page.headers.contains("content-security-policy"));
  const http_reply again = http_request(server.web_port(), "/", {{"If-None-Match", page.headers.at("etag")}});
  EXPECT_EQ(again.status, 304);
  EXPECT_TRUE(again.body.empty());
  const http_reply script = http_request(server.web_port(), "/client.js?v=1");
  EXPECT_EQ(script.status, 200);
  EXPECT_EQ(script.headers.at("content-type"), "text/javascript; charset=utf-8");
  EXPECT_EQ(http_request(server.web_port(), "/../config/deepwell.toml").status, 404);
  EXPECT_EQ(http_request(server.web_port(), "/nothing-here").status, 404);
  EXPECT_EQ(http_request(server.web_port(), "/", {}, "POST").status, 405);

  telnet_client ann(server.port());
  ann.create("Ann", "annpassword");
  const http_reply status = http_request(server.web_port(), "/status.json");
  EXPECT_EQ(status.status, 200);
  EXPECT_EQ(status.headers.at("content-type"), "application/json");
  EXPECT_TRUE(contains(status.body, "\"name\":\"Deepwell\"")) << status.body;
  EXPECT_TRUE(contains(status.body, "\"players\":1")) << status.body;
  EXPECT_TRUE(contains(status.body, "\"uptime\":")) << status.body;
  EXPECT_TRUE(contains(status.body, "\"version\":")) << status.body;
}

TEST(WebPort, GmcpSubprotocolPlaysAndChatsWithATelnetPlayer) {
  server_process server;
  ws_client web(server.web_port(), speaking("gmcp.mudstandards.org"));
  EXPECT_EQ(web.subprotocol(), "gmcp.mudstandards.org");
  web.expect("quit");
  web.send_text("Core.Hello {\"client\":\"test\",\"version\":\"1\"}");
  web.send_text("Core.Supports.Set [\"Char 1\",\"Room 1\",\"Comm.Channel 1\"]");
  web.send_binary("create Wren wrenpassword");
  web.expect("Welcome to Deepwell, Wren");
  web.expect(prompt);
  EXPECT_TRUE(contains(web.expect_text_message("Char.Vitals "), "\"hp\""));
  const std::string room = web.expect_text_message("Room.Info ");
  EXPECT_TRUE(contains(room, "The Village Square")) << room;

  telnet_client bob(server.port());
  bob.create("Bob", "bobpassword");
  web.send_binary("chat hello from a browser");
  bob.expect("Wren: hello from a browser");
  bob.send_line("chat hello from telnet");
  web.expect("Bob: hello from telnet");
  EXPECT_TRUE(contains(web.expect_text_message("Comm.Channel.Text "), "hello from a browser")) << "its own line";
  EXPECT_TRUE(contains(web.expect_text_message("Comm.Channel.Text "), "hello from telnet"));

  web.send_binary("down");
  web.expect("The Bottom of the Well");
  web.send_binary("east");
  web.expect("[East branch ");
  EXPECT_TRUE(contains(gmcp_with(web, "Room.Info", "\"depth\":1"), "East branch"));
  web.send_binary("quit");
  EXPECT_TRUE(web.wait_closed());
}

TEST(WebPort, APageGetsLongLinesWholeAndTheKnownRoomsWhenItLogsInAgain) {
  server_process server;
  telnet_client bob(server.port());
  bob.create("Bob", "bobpassword");
  // Over 80 columns: the page breaks it in its own width (a phone's is far under 80), so the server must not.
  const std::string words =
      "the well is deep and its water is black and very cold, colder than anything you have touched";
  std::string room_num;
  {
    ws_client web(server.web_port(), speaking("gmcp.mudstandards.org"));
    web.expect("quit");
    web.send_text("Core.Supports.Set [\"Char 1\",\"Room 1\"]");
    web.send_binary("create Wren wrenpassword");
    web.expect("Welcome to Deepwell, Wren");
    web.send_binary("say " + words);
    const std::string said = web.expect("touched'");
    EXPECT_TRUE(contains(said, "You say, '" + words + "'")) << said;
    const std::string heard = bob.expect("touched'");
    EXPECT_FALSE(contains(heard, "Wren says, '" + words + "'")) << "a telnet window of 80 columns still gets it wrapped";
    web.send_binary("down");
    web.expect("The Bottom of the Well");
    web.send_binary("east");
    const std::string info = gmcp_with(web, "Room.Info", "\"depth\":1");
    const std::size_t at = info.find("\"num\":");
    ASSERT_NE(at, std::string::npos) << info;
    room_num = info.substr(at + 6, info.find_first_not_of("0123456789", at + 6) - (at + 6));
    web.send_binary("quit");
    EXPECT_TRUE(web.wait_closed());
  }
  // A fresh page logging in hears of the known rooms around, the well and the room it stands in among them,
  // before the Room.Info of where it stands.
  ws_client again(server.web_port(), speaking("gmcp.mudstandards.org"));
  again.expect("quit");
  again.send_text("Core.Supports.Set [\"Char 1\",\"Room 1\"]");
  again.send_binary("connect Wren wrenpassword");
  const std::string map = again.expect_text_message("Room.Map ");
  EXPECT_TRUE(contains(map, "\"area\":\"East branch")) << map;
  EXPECT_TRUE(contains(map, "{\"num\":" + room_num + ",\"coords\":[1,0]")) << map;
  EXPECT_TRUE(contains(map, "\"coords\":[0,0]")) << "the well: " << map;
  EXPECT_TRUE(contains(again.expect_text_message("Room.Info "), "\"num\":" + room_num));
}

TEST(WebPort, APasswordIsAskedWithEchoOffInAMessageOfItsOwn) {
  server_process server;
  ws_client web(server.web_port(), speaking("gmcp.mudstandards.org"));
  web.expect("quit");
  web.send_binary("create");
  web.expect("Name: ");
  web.send_binary("Cora");
  web.expect("Password: ");
  ASSERT_TRUE(web.expect_binary_exactly(iac_will_echo)) << "the page must mask the password";
  web.send_binary("longenoughpw");
  web.expect("Password again: ");
  web.send_binary("longenoughpw");
  ASSERT_TRUE(web.expect_binary_exactly(iac_wont_echo)) << "echo must come back after the password";
  web.expect("Welcome to Deepwell, Cora");
}

TEST(WebPort, TelnetSubprotocolCarriesTheWholeTelnetStreamAndNegotiatesGmcp) {
  server_process server;
  ws_client web(server.web_port(), speaking("telnet.mudstandards.org"));
  EXPECT_EQ(web.subprotocol(), "telnet.mudstandards.org");
  const std::string will_gmcp("\xff\xfb\xc9", 3);
  std::string seen;
  const auto deadline = std::chrono::steady_clock::now() + 20s;
  while (!contains(seen, will_gmcp) && std::chrono::steady_clock::now() < deadline) {
    if (auto m = web.next(1s)) {
      EXPECT_FALSE(m->text) << "telnet travels in binary messages";
      seen += m->payload;
    }
  }
  ASSERT_TRUE(contains(seen, will_gmcp)) << "the server offers GMCP (IAC WILL 201)";
  web.send_binary(std::string("\xff\xfd\xc9", 3));  // IAC DO GMCP
  web.send_binary(std::string("\xff\xfa\xc9") + "Core.Supports.Set [\"Char 1\"]" + std::string("\xff\xf0"));
  web.send_binary("create Tess tesspassword\r\n");
  const std::string vitals = std::string("\xff\xfa\xc9") + "Char.Vitals ";
  seen.clear();
  const auto later = std::chrono::steady_clock::now() + 20s;
  while (!contains(seen, vitals) && std::chrono::steady_clock::now() < later) {
    if (auto m = web.next(1s)) {
      seen += m->payload;
    }
  }
  EXPECT_TRUE(contains(seen, "Welcome to Deepwell, Tess")) << seen;
  EXPECT_TRUE(contains(seen, vitals)) << "GMCP inside the telnet stream";
  EXPECT_FALSE(contains(seen, std::string("\xff\xfb\x56", 3))) << "no MCCP2 offer inside a WebSocket";
}

TEST(WebPort, JsonSubprotocolCarriesGmcpInEnvelopes) {
  server_process server;
  ws_client web(server.web_port(), speaking("json.mudstandards.org"));
  EXPECT_EQ(web.subprotocol(), "json.mudstandards.org");
  web.expect("quit");
  web.send_text(R"({"proto":"gmcp","id":"Core.Supports.Set","data":["Char 1","Room 1"]})");
  web.send_binary("create Jade jadepassword");
  web.expect("Welcome to Deepwell, Jade");
  const std::string vitals = web.expect_text_message(R"({"proto":"gmcp","id":"Char.Vitals","data":")");
  EXPECT_TRUE(contains(vitals, "\\\"hp\\\"")) << vitals;
}

TEST(WebPort, TerminalSubprotocolIsTextOnlyAndIsWhatANamelessClientGets) {
  server_process server;
  for (const bool named : {true, false}) {
    ws_options o = speaking("terminal.mudstandards.org");
    if (!named) {
      o.subprotocols.clear();
    }
    ws_client web(server.web_port(), o);
    EXPECT_EQ(web.subprotocol(), named ? "terminal.mudstandards.org" : "");
    web.expect("quit");
    web.send_text("create " + std::string(named ? "Tara" : "Toby") + " terminalpw");  // text messages are typed too
    web.expect("Welcome to Deepwell");
    web.send_binary("look");
    web.expect("The Village Square");
    web.expect(prompt);
    for (const auto& m : web.history()) {
      EXPECT_FALSE(m.text) << "no out-of-band data: " << m.payload;
    }
  }
}

TEST(WebPort, UpgradesFromOtherSitesOrForUnknownSubprotocolsAreRefused) {
  server_process server("[web]\nroot = \"" DW_WEB_DIR "\"\nallowed_origins = \"https://friend.example\"\n");
  const std::uint16_t port = server.web_port();
  ws_options o = speaking("gmcp.mudstandards.org");
  o.origin = "http://evil.example";
  EXPECT_EQ(upgrade_status(port, o), 403);
  o.origin = "http://127.0.0.1:" + std::to_string(port);
  EXPECT_EQ(upgrade_status(port, o), 101) << "the page's own origin";
  o.origin = "https://friend.example";
  EXPECT_EQ(upgrade_status(port, o), 101) << "a listed origin";
  EXPECT_EQ(upgrade_status(port, speaking("chat.example.org")), 400);
  ws_options elsewhere = speaking("gmcp.mudstandards.org");
  elsewhere.target = "/other";
  EXPECT_EQ(upgrade_status(port, elsewhere), 404);
  EXPECT_TRUE(server.wait_file_log("WebSocket upgrade from 127.0.0.1 refused (403)"));
}

TEST(WebPort, AnOriginMatchingAForgedHostIsStillAnotherSite) {
  // (issue 25: Origin http://evil.com:4401 with Host evil.com:4401 got 101, so a page that rebinds its DNS
  // name to the server could play from a victim's browser)
  server_process server;
  const std::uint16_t port = server.web_port();
  const std::string p = ":" + std::to_string(port);
  ws_options o = speaking("gmcp.mudstandards.org");
  o.origin = "http://evil.com" + p;
  o.host = "evil.com" + p;
  EXPECT_EQ(upgrade_status(port, o), 403);
  o.origin = "https://evil.com" + p;
  EXPECT_EQ(upgrade_status(port, o), 403);
  o.origin = "http://127.0.0.1:1";
  o.host = "127.0.0.1:1";
  EXPECT_EQ(upgrade_status(port, o), 403) << "the server's address on another port is another site";
  o.origin = "http://localhost" + p;
  o.host = "localhost" + p;
  EXPECT_EQ(upgrade_status(port, o), 101) << "a page loaded from localhost";
  o.origin = "http://127.0.0.1" + p;
  o.host = "evil.com" + p;
  EXPECT_EQ(upgrade_status(port, o), 101) << "the server's own address, whatever the Host";
  EXPECT_TRUE(server.wait_file_log("origin http://evil.com" + p));
}

TEST(WebPort, AMessageOverTheLimitClosesOnlyThatConnection) {
  server_process server("[web]\nroot = \"" DW_WEB_DIR "\"\nmax_message_bytes = 2048\n");
  telnet_client bob(server.port());
  bob.create("Bob", "bobpassword");
  ws_client web(server.web_port(), speaking("gmcp.mudstandards.org"));
  web.expect("quit");
  web.send_binary(std::string(5000, 'a'));
  EXPECT_TRUE(web.wait_closed());
  EXPECT_EQ(web.close_code(), 1009) << "message too big";
  bob.send_line("look");
  bob.expect("The Village Square");
}

TEST(WebPort, AMessageUpToTheLimitIsATooLongLineAndOnlyOneOverItCloses) {
  // (issue 25: 20,000- and 65,536-byte messages, under web.max_message_bytes = 65,536, closed with 1001).
  // The client compresses (permessage-deflate, as browsers do): messages that inflate to many KiB must not
  // lose the server's place in the deflate stream either.
  server_process server;
  for (const std::string subprotocol : {"gmcp.mudstandards.org", "terminal.mudstandards.org"}) {
    ws_client web(server.web_port(), speaking(subprotocol));
    web.expect("quit");
    for (const std::size_t size : {std::size_t{17000}, std::size_t{20000}, std::size_t{65536}}) {
      web.send_binary(std::string(size, 'a'));
      web.expect("That line was too long (" + std::to_string(size) + " bytes; the limit is 4096). It was ignored.");
    }
    web.send_text(std::string(65536, 'b'));  // typed too on terminal; GMCP over the limit on gmcp (dropped)
    web.send_binary("create Lena" + std::string(subprotocol == "gmcp.mudstandards.org" ? "g" : "t") +
                    " lenapassword");
    web.expect("Welcome to Deepwell, Lena");
    for (const std::size_t size : {std::size_t{3000}, std::size_t{4000}, std::size_t{4090}, std::size_t{2500}}) {
      web.send_binary("say " + std::string(size, 'x'));
      web.expect("You say,");
      web.expect(prompt);
    }
    web.send_binary(std::string(65537, 'a'));
    EXPECT_TRUE(web.wait_closed());
    EXPECT_EQ(web.close_code(), 1009) << "message too big";
  }
  EXPECT_TRUE(server.wait_file_log("sent an oversized subnegotiation"));
}

TEST(WebPort, WebConnectionsCountAgainstTheSameAddressLimitAsTelnet) {
  server_process server("[server]\nmax_connections_per_address = 2\n");
  telnet_client a(server.port());
  a.expect("quit");
  ws_client b(server.web_port(), speaking("gmcp.mudstandards.org"));
  b.expect("quit");
  EXPECT_THROW(ws_client(server.web_port(), speaking("gmcp.mudstandards.org")), std::runtime_error);
  telnet_client c(server.port());
  c.expect("Too many connections");
}

TEST(WebPort, SecureWebSocketsUseTheTlsCertificateOnTheSamePort) {
  server_process server("[tls]\nenabled = true\nport = 0\n");
  ws_options o = speaking("gmcp.mudstandards.org");
  o.tls = true;
  ws_client web(server.web_port(), o);
  EXPECT_EQ(web.subprotocol(), "gmcp.mudstandards.org");
  web.expect("quit");
  web.send_binary("create Sage sagepassword");
  web.expect("Welcome to Deepwell, Sage");
  EXPECT_EQ(http_request(server.web_port(), "/").status, 200) << "plain HTTP still answers on the same port";
}

TEST(WebPort, HotRebootTellsWebPlayersToReconnectAndTheWebPortStaysOpen) {
  server_process server;
  const pid_t pid = server.pid();
  const std::uint16_t web_port = server.web_port();
  telnet_client ann(server.port());
  ann.create("Ann", "annpassword");  // the first account: the administrator
  ws_client web(web_port, speaking("gmcp.mudstandards.org"));
  web.expect("quit");
  web.send_binary("create Wes wespassword");
  web.expect("Welcome to Deepwell, Wes");
  ann.expect("Wes appears.");

  ann.send_line("@reboot");
  web.expect("A web connection cannot be carried over a reboot: it reconnects in a moment.");
  EXPECT_TRUE(web.wait_closed());
  EXPECT_EQ(web.close_code(), 1001) << "going away";
  ann.expect("The world shimmers and settles: Deepwell has rebooted around you.");
  EXPECT_TRUE(server.wait_log("hot reboot: 0 TLS and 1 web connections told to reconnect"));
  EXPECT_TRUE(server.wait_log("hot reboot complete: 1 connections taken over"));
  EXPECT_EQ(server.pid(), pid);

  // The same listening socket came across: the page's reconnect is answered at once, and Wes was saved.
  ws_client again(web_port, speaking("gmcp.mudstandards.org"));
  again.expect("quit");
  again.send_binary("connect Wes wespassword");
  again.expect("Welcome back");
  ann.expect("Wes appears.");
  EXPECT_EQ(http_request(web_port, "/status.json").status, 200);
}

TEST(WebPort, AnAddressBanDropsAndKeepsOutWebPlayersAsItDoesTelnetOnes) {
  server_process server;
  dw::testing::client_options elsewhere;
  elsewhere.width = 200;                    // (so that the answer checked below is not wrapped)
  elsewhere.source_address = "127.0.1.66";  // a ban covering the administrator's own address is refused
  telnet_client ann(server.port(), elsewhere);
  ann.create("Ann", "annpassword");  // the first account: the administrator
  ws_client web(server.web_port(), speaking("gmcp.mudstandards.org"));
  web.expect("quit");
  web.send_binary("create Wes wespassword");
  web.expect("Welcome to Deepwell, Wes");

  ann.send_line("@ban 127.0.0.* 30m testing");
  ann.expect("would disconnect 1 connection now: Wes (127.0.0.1)");
  ann.send_line("@ban 127.0.0.* 30m testing confirm");
  web.expect("You have been banned for 30m: testing");
  EXPECT_TRUE(web.wait_closed());

  // A new web connection from the banned address is told why and closed, like a telnet one.
  ws_client again(server.web_port(), speaking("gmcp.mudstandards.org"));
  again.expect("Your address is banned from Deepwell for another 30 minutes. Reason: testing");
  EXPECT_TRUE(again.wait_closed());
  ann.send_line("look");
  ann.expect("The Village Square");
}
