// The compatibility suite: one test per case of ../shared/PROTOCOLS.md (option wire formats, the
// negotiation rules, and the bugs other servers shipped), each against the real server over loopback.
// Cases that belong to one protocol's own suite say where they are tested.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

using dw::testing::client_options;
using dw::testing::server_process;
using dw::testing::telnet_client;

namespace {

using namespace std::chrono_literals;

constexpr std::uint8_t IAC = 255, DONT = 254, DO = 253, WONT = 252, WILL = 251, SB = 250, GA = 249, SE = 240,
                       EOR_CMD = 239, NOP = 241;
constexpr std::uint8_t ECHO = 1, SGA = 3, TTYPE = 24, EOR = 25, NAWS = 31, GMCP = 201;

std::string bytes(std::initializer_list<std::uint8_t> list) {
  std::string out;
  for (std::uint8_t b : list) {
    out.push_back(static_cast<char>(b));
  }
  return out;
}

std::string gmcp(std::string_view message) {
  return bytes({IAC, SB, GMCP}) + std::string(message) + bytes({IAC, SE});
}

std::size_t count_of(std::string_view text, std::string_view needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string_view::npos; at = text.find(needle, at + 1)) {
    ++n;
  }
  return n;
}

std::size_t count_command(const telnet_client& c, std::uint8_t command, std::uint8_t option) {
  std::size_t n = 0;
  for (const auto& [cmd, opt] : c.commands()) {
    n += cmd == command && opt == option ? 1 : 0;
  }
  return n;
}

/// Sends a line and waits for the prompt that ends its answer: everything the server does about
/// what was sent before it has been received by then (the server handles a connection's input in order).
std::string sync(telnet_client& c, std::string_view line = "look") {
  c.send_line(line);
  return c.expect_prompt();
}

/// True when every IAC in `raw` starts a well-formed telnet command (the stream a client parses).
bool well_formed_telnet(std::string_view raw, std::string& why) {
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (static_cast<std::uint8_t>(raw[i]) != IAC) {
      continue;
    }
    if (i + 1 >= raw.size()) {
      why = "the stream ends in a lone IAC";
      return false;
    }
    const auto cmd = static_cast<std::uint8_t>(raw[i + 1]);
    if (cmd == IAC || cmd == GA || cmd == EOR_CMD || cmd == NOP) {
      ++i;
    } else if (cmd >= WILL && cmd <= DONT) {
      i += 2;
    } else if (cmd == SB) {
      const std::size_t end = raw.find(bytes({IAC, SE}), i + 2);
      if (end == std::string_view::npos) {
        why = "a subnegotiation is never closed";
        return false;
      }
      i = end + 1;
    } else {
      why = "IAC followed by byte " + std::to_string(cmd) + " at offset " + std::to_string(i);
      return false;
    }
  }
  return true;
}

}  // namespace

// ---------------------------------------------------------------- option codes

TEST(Protocols, EchoIsOfferedForThePasswordAndWithdrawnAfterIt) {
  server_process server;
  telnet_client c(server.port());
  c.expect("quit");
  c.send_line("create");
  c.expect("Name:");
  c.send_line("Echo");
  c.expect("Password:");
  ASSERT_TRUE(c.expect_command(WILL, ECHO)) << "WILL ECHO before the password";
  c.send_line("echopassword1");
  c.expect("Password again:");
  c.send_line("echopassword1");
  c.expect("Welcome to Deepwell");
  EXPECT_TRUE(c.expect_command(WONT, ECHO)) << "WONT ECHO once the password is in";
}

TEST(Protocols, SgaIsNotOfferedButGrantedAndThenPromptsCarryNoGa) {
  server_process server;
  client_options o;
  o.eor = false;  // without EOR, prompts end with GA unless SGA is agreed
  telnet_client c(server.port(), o);
  c.create("Sgaone", "sgapassword");
  EXPECT_EQ(count_command(c, WILL, SGA), 0u) << "SGA drives line-mode telnet into character mode: never offered";
  const std::string before = c.raw_received();
  EXPECT_NE(before.find(bytes({IAC, GA})), std::string::npos) << "prompts end with GA while SGA is off";
  c.send_raw(bytes({IAC, DO, SGA}));
  c.send_line("look");  // with SGA agreed and no EOR a prompt carries no marker: wait for its text
  c.expect("hp] > ");
  EXPECT_EQ(count_command(c, WILL, SGA), 1u);
  const std::size_t from = c.raw_received().size();
  c.send_line("look");
  c.expect("hp] > ");
  c.send_line("who");
  c.expect("hp] > ");
  EXPECT_EQ(c.raw_received().find(bytes({IAC, GA}), from), std::string::npos) << "no GA once SGA is agreed";
}

TEST(Protocols, TtypeCycleAsksUntilAnAnswerRepeatsAndReadsMttsBits) {
  server_process server;
  client_options o;
  o.ttype_answers = {"MUDLET", "MUDLET"};  // a repeated answer ends the cycle
  telnet_client c(server.port(), o);
  c.create("Ttype", "ttypepassword");
  sync(c);
  EXPECT_EQ(count_of(c.raw_received(), bytes({IAC, SB, TTYPE, 1, IAC, SE})), 2u)
      << "asked for the name, then once more; the repeat ends it";
  EXPECT_EQ(c.escapes_seen(), 0) << "no MTTS bits, no colour-capable name: no colour";

  client_options full;  // name, terminal, MTTS: three questions, and the bits are read
  full.ttype_answers = {"TINTIN++", "XTERM-256COLOR", "MTTS 2831"};
  telnet_client d(server.port(), full);
  d.create("Mttsbits", "mttspassword");
  // The client answers each question as it reads it, so the third may be read (and answered) only while it
  // waits for the answer to a line it sent first: wait for the third question, then look once more, so that
  // the MTTS answer is on the wire before that line. (Under load, one look was not always enough.)
  const auto questions = [&d] { return count_of(d.raw_received(), bytes({IAC, SB, TTYPE, 1, IAC, SE})); };
  for (int tries = 0; tries < 50 && questions() < 3; ++tries) {
    sync(d);
  }
  EXPECT_EQ(questions(), 3u);
  sync(d);
  EXPECT_EQ(questions(), 3u) << "the third answer, an MTTS bitmap, ended the cycle";
  EXPECT_GT(d.escapes_seen(), 0) << "MTTS 2831 says 256 and 24-bit colour: the room was coloured";
  // The administrator (the first account) sees what was learned.
  c.send_line("@who");
  EXPECT_NO_THROW(c.expect("TINTIN++"));
}

TEST(Protocols, EorMarksEveryPromptAfterDoEor) {
  server_process server;
  telnet_client c(server.port());
  c.create("Eorone", "eorpassword");
  const int marks = c.prompt_marks();
  const std::size_t from = c.raw_received().size();
  sync(c);
  sync(c, "who");
  EXPECT_EQ(c.prompt_marks(), marks + 2);
  EXPECT_NE(c.raw_received().find(bytes({IAC, EOR_CMD}), from), std::string::npos);
  EXPECT_EQ(c.raw_received().find(bytes({IAC, GA}), from), std::string::npos) << "EOR agreed: no GA";
}

TEST(Protocols, NawsSizesWithByte255DoubledAreRead) {
  server_process server;
  telnet_client admin(server.port());
  admin.create("Nawsadmin", "nawspassword");
  client_options o;
  o.naws = false;  // this client reports its size by hand below
  telnet_client c(server.port(), o);
  c.expect("quit");
  // WILL NAWS, then 255 columns (00 FF, the FF doubled) by 300 rows (01 2C).
  c.send_raw(bytes({IAC, WILL, NAWS, IAC, SB, NAWS, 0, 255, 255, 1, 0x2C, IAC, SE}));
  c.send_line("create Nawsone nawspassword");
  c.expect("hp] > ");
  admin.send_line("@who");
  EXPECT_NO_THROW(admin.expect("255x300"));
}

TEST(Protocols, GmcpHelloAndPingAreUnderstood) {
  server_process server;
  telnet_client c(server.port());
  c.create("Gmcpone", "gmcppassword");
  c.send_raw(gmcp(R"(Core.Hello {"client":"Mudlet","version":"4.17.2"})") + gmcp("Core.Ping"));
  c.expect_gmcp("Core.Ping");
  EXPECT_NE(sync(c).find("hp]"), std::string::npos);
}

// ---------------------------------------------------------------- negotiation rules

TEST(Protocols, AnAgreedOptionIsNeverAnsweredAgainAndRefusalsDoNotLoop) {
  server_process server;
  telnet_client c(server.port());
  c.create("Qmethod", "qmethodpassword");
  sync(c);
  const std::size_t will_eor = count_command(c, WILL, EOR);
  const std::size_t do_naws = count_command(c, DO, NAWS);
  const std::size_t wont_echo = count_command(c, WONT, ECHO);
  // Repeats of what is already agreed, and refusals of what is already off, several times over.
  for (int i = 0; i < 3; ++i) {
    c.send_raw(bytes({IAC, DO, EOR, IAC, WILL, NAWS, IAC, DONT, ECHO, IAC, WONT, 99, IAC, DONT, 99}));
  }
  sync(c);
  EXPECT_EQ(count_command(c, WILL, EOR), will_eor) << "DO EOR when EOR is on needs no answer";
  EXPECT_EQ(count_command(c, DO, NAWS), do_naws) << "WILL NAWS when NAWS is on needs no answer";
  EXPECT_EQ(count_command(c, WONT, ECHO), wont_echo) << "DONT ECHO when ECHO is off needs no answer";
  EXPECT_EQ(count_command(c, DONT, 99) + count_command(c, WONT, 99), 0u);
}

TEST(Protocols, UnknownOptionsAreRefusedOnce) {
  server_process server;
  client_options o;
  telnet_client c(server.port(), o);
  c.create("Unknown", "unknownpassword");
  c.send_raw(bytes({IAC, WILL, 99, IAC, DO, 98}));
  sync(c);
  EXPECT_EQ(count_command(c, DONT, 99), 1u);
  EXPECT_EQ(count_command(c, WONT, 98), 1u);
}

TEST(Protocols, IacIacIsADataByteInsideSubnegotiations) {
  server_process server;
  telnet_client c(server.port());
  c.create("Iaciac", "iacpassword");
  // A GMCP message whose JSON holds a doubled IAC: one byte 255 inside, and the message still ends
  // where IAC SE is (the Ping after it is answered).
  c.send_raw(bytes({IAC, SB, GMCP}) + "Core.Hello {\"client\":\"x" + bytes({IAC, IAC}) + "\"}" + bytes({IAC, SE}) +
             gmcp("Core.Ping"));
  c.expect_gmcp("Core.Ping");
  sync(c);
}

TEST(Protocols, TextSentBeforeNegotiationIsAnsweredIsRead) {
  server_process server;
  client_options o;
  o.gmcp = o.eor = o.naws = o.ttype = false;
  telnet_client c(server.port(), o);
  // At once, before reading a byte of the server's opening negotiation.
  c.send_line("create Early earlypassword");
  c.expect("Welcome to Deepwell");
}

TEST(Protocols, LateDontAndWontAreAcceptedAndTheSessionGoesOn) {
  server_process server;
  telnet_client c(server.port());
  c.create("Latedont", "latepassword");
  sync(c);
  c.send_raw(bytes({IAC, DONT, GMCP, IAC, WONT, NAWS, IAC, WONT, TTYPE, IAC, DONT, EOR}));
  c.send_line("say still connected");
  c.expect("You say, 'still connected'");
  c.expect_prompt();
  EXPECT_FALSE(c.closed());
  // EOR was turned off: prompts fall back to GA.
  const std::size_t from = c.raw_received().size();
  sync(c);
  EXPECT_NE(c.raw_received().find(bytes({IAC, GA}), from), std::string::npos)
      << testing::PrintToString(c.raw_received().substr(from));
}

TEST(Protocols, AnIncompleteUtf8SequenceWaitsForTheNextRead) {
  server_process server;
  telnet_client a(server.port());
  a.create("Utfa", "utfapassword");
  telnet_client b(server.port());
  b.create("Utfb", "utfbpassword");
  // "café" with the two bytes of é in separate writes, the second after a reply proves the first was read.
  a.send_raw("say caf\xc3");
  a.send_raw(std::string(1, '\xa9') + "\r\n");
  b.expect("Utfa says, 'caf\xc3\xa9'");
  a.send_raw("say \xf0\x9f");
  sync(b, "who");  // time passes between the halves of the emoji
  a.send_raw("\x90\x89!\r\n");
  b.expect("Utfa says, '\xf0\x9f\x90\x89!'");
}

TEST(Protocols, EveryLineEndEndsALineAndBackspaceAndDeleteErase) {
  server_process server;
  telnet_client c(server.port());
  c.create("Lineends", "linepassword");
  c.send_raw("say one\r\n");
  c.expect("You say, 'one'");
  c.send_raw(std::string("say two\r") + '\0');
  c.expect("You say, 'two'");
  c.send_raw("say three\n");
  c.expect("You say, 'three'");
  c.send_raw("say four\r");
  c.expect("You say, 'four'");
  c.send_raw("say fivx\be\r\n");
  c.expect("You say, 'five'");
  c.send_raw("say sixx\x7f\r\n");
  c.expect("You say, 'six'");
}

// ---------------------------------------------------------------- bugs other servers shipped

// 1. A prompt without a newline is marked, so it shows at once.
TEST(Protocols, Bug01EveryPromptIsMarkedWithEorOrGa) {
  server_process server;
  telnet_client c(server.port());
  const std::string menu = c.expect_prompt();
  EXPECT_NE(menu.find("quit"), std::string::npos) << "the login menu's prompt is marked";
  c.send_line("create");
  EXPECT_NE(c.expect_prompt().find("Name:"), std::string::npos);
  c.send_line("Promptone");
  EXPECT_NE(c.expect_prompt().find("Password:"), std::string::npos);
  c.send_line("promptpassword");
  EXPECT_NE(c.expect_prompt().find("Password again:"), std::string::npos);
  c.send_line("promptpassword");
  c.expect("Welcome to Deepwell");
  EXPECT_NE(c.expect_prompt().find("hp] >"), std::string::npos);
}

// 2. After a hot reboot, the login prompt is still marked (a GA-driven client shows it).
TEST(Protocols, Bug02TheLoginPromptAfterARebootIsMarked) {
  server_process server;
  telnet_client admin(server.port());
  admin.create("Rebooter", "rebootpassword");
  client_options o;
  o.eor = false;  // a client that relies on GA
  telnet_client c(server.port(), o);
  c.expect("quit");
  c.expect_prompt();
  admin.send_line("@reboot");
  c.expect("please log in again");
  const std::string menu = c.expect_prompt();
  EXPECT_NE(menu.find("quit"), std::string::npos) << menu;
  c.send_line("create Afterboot afterpassword");
  c.expect("Welcome to Deepwell");
}

// 3, 4 and 5 are MCCP2's: compressed bytes in the same read as the start marker, text in the same
// packet as the end of compression, and very large compressed output. They are in telnet_options_test.cpp.

// 6. A GMCP block never closed does not swallow what follows: it is capped and dropped.
TEST(Protocols, Bug06AnUnclosedSubnegotiationIsCappedAndPlayGoesOn) {
  server_process server;
  telnet_client c(server.port());
  c.create("Unclosed", "unclosedpassword");
  c.send_raw(bytes({IAC, SB, GMCP}) + "Core.Hello " + std::string(20000, 'x'));
  c.send_raw("\r\n");
  c.send_line("say heard again");
  c.expect("You say, 'heard again'");
  EXPECT_TRUE(server.wait_log("oversized subnegotiation"));
}

// 7. UTF-8 emoji in GMCP hold byte 0xF0, the value of SE: only IAC SE ends a subnegotiation.
TEST(Protocols, Bug07EmojiInGmcpDoNotEndTheMessage) {
  server_process server;
  telnet_client c(server.port());
  c.create("Emojigmcp", "emojipassword");
  c.send_raw(gmcp("Core.Hello {\"client\":\"Mudlet \xf0\x9f\x90\x89\",\"version\":\"4\"}") + gmcp("Core.Ping"));
  c.expect_gmcp("Core.Ping");
  const std::string answer = sync(c, "say fine");
  EXPECT_NE(answer.find("You say, 'fine'"), std::string::npos) << answer;
}

// 8. A raw 0xFF typed as text (cp1251 'я') neither freezes nor drops the connection.
TEST(Protocols, Bug08ByteFfInInputKeepsTheSessionAlive) {
  server_process server;
  telnet_client c(server.port());
  c.expect("quit");
  c.send_raw("create \xff\xffya yapassword\r\n");
  c.expect_prompt();
  c.send_raw("\xff\r\n");  // a lone IAC then CR LF: a command byte, not text
  c.send_line("create Yaone yapassword");
  c.expect("Welcome to Deepwell");
  EXPECT_FALSE(c.closed());
}

// 9. Backspace and Enter still work after the echo was toggled for a password.
TEST(Protocols, Bug09EditingWorksAfterTheEchoToggle) {
  server_process server;
  telnet_client c(server.port());
  c.expect("quit");
  c.send_line("create");
  c.expect("Name:");
  c.send_line("Toggler");
  c.expect("Password:");
  c.send_line("togglepassword");
  c.expect("Password again:");
  c.send_line("togglepassword");
  c.expect("Welcome to Deepwell");
  c.expect_prompt();
  c.send_raw("say wrongg\b\b\b\b\b\bright\r\n");
  c.expect("You say, 'right'");
  c.send_raw("say del\x7f\x7f\x7f" "fine\r\n");
  c.expect("You say, 'fine'");
}

// 10. Newline handling never produces "\r\0\r\n" (nor "\r\r").
TEST(Protocols, Bug10OutputLineEndsAreCrLfOnly) {
  server_process server;
  telnet_client c(server.port());
  c.create("Crlf", "crlfpassword");
  c.send_raw("say a\r\0b\r\n");
  c.expect_prompt();
  sync(c);
  sync(c, "help");
  const std::string& raw = c.raw_received();
  EXPECT_EQ(raw.find(std::string("\r\0", 2)), std::string::npos);
  EXPECT_EQ(raw.find("\r\r"), std::string::npos);
  for (std::size_t at = raw.find('\n'); at != std::string::npos; at = raw.find('\n', at + 1)) {
    ASSERT_GT(at, 0u);
    ASSERT_EQ(raw[at - 1], '\r') << "a bare LF at offset " << at;
  }
}

// 11. TTYPE subnegotiation bytes never leak into the first input line.
TEST(Protocols, Bug11TtypeAnswersDoNotLeakIntoTheFirstLine) {
  server_process server;
  client_options o;
  o.ttype = false;  // this client answers TTYPE by hand, in the same packet as its first line
  telnet_client c(server.port(), o);
  c.expect("quit");
  c.send_raw(bytes({IAC, WILL, TTYPE, IAC, SB, TTYPE, 0}) + "LEAKY" + bytes({IAC, SE}) +
             "create Firstline firstpassword\r\n");
  c.expect("Welcome to Deepwell");
  c.send_raw(bytes({IAC, SB, TTYPE, 0}) + "LEAKIER" + bytes({IAC, SE}) + "say clean\r\n");
  c.expect("You say, 'clean'");
  EXPECT_EQ(c.all_text().find("LEAK"), std::string::npos) << c.all_text();
}

// 12. A client is never dropped for a DONT after negotiation finished (see also LateDontAndWont...).
TEST(Protocols, Bug12DontAfterNegotiationDoesNotDropTheClient) {
  server_process server;
  telnet_client c(server.port());
  c.create("Dontdrop", "dontpassword");
  for (std::uint8_t opt : {ECHO, SGA, TTYPE, EOR, NAWS, GMCP, std::uint8_t{42}, std::uint8_t{70}, std::uint8_t{86}}) {
    c.send_raw(bytes({IAC, DONT, opt, IAC, WONT, opt}));
  }
  c.send_line("say here");
  c.expect("You say, 'here'");
  EXPECT_FALSE(c.closed());
}

// 13. What leaves is the escaped buffer: the whole stream parses as telnet, with no stray IAC.
TEST(Protocols, Bug13TheWholeOutputStreamIsWellFormedTelnet) {
  server_process server;
  telnet_client a(server.port());
  a.create("Wellformed", "wellpassword");
  telnet_client b(server.port());
  b.create("Listener", "listenpassword");
  a.send_raw("say \xd1\x8f \xff\xff and \xc3\xbf\r\n");  // 'я', a doubled IAC, 'ÿ'
  b.expect("Wellformed says");
  sync(b, "help");
  std::string why;
  EXPECT_TRUE(well_formed_telnet(b.raw_received(), why)) << why;
  EXPECT_TRUE(well_formed_telnet(a.raw_received(), why)) << why;
}

// 14. A GMCP message with multi-byte text is closed with IAC SE where its bytes end (not where a count
// of characters would end it).
TEST(Protocols, Bug14GmcpWithMultiByteTextIsClosedWhereItsBytesEnd) {
  server_process server;
  telnet_client c(server.port());  // enables Comm.Channel with Core.Supports, as Mudlet scripts do
  c.create("Bytewise", "bytewisepassword");
  const std::string text = "h\xc3\xa9llo \xd1\x8f \xf0\x9f\x90\x89 end";
  c.send_line("chat " + text);
  const std::string json = c.expect_gmcp("Comm.Channel.Text");
  EXPECT_NE(json.find(text), std::string::npos) << json;
  EXPECT_EQ(json.back(), '}') << "the message ends where its JSON ends: " << json;
  c.send_line("say after");
  c.expect("You say, 'after'");
  std::string why;
  EXPECT_TRUE(well_formed_telnet(c.raw_received(), why)) << why;
}

// 15. No keep-alive NOPs unless asked.
TEST(Protocols, Bug15NoKeepAliveNops) {
  server_process server;
  telnet_client c(server.port());
  c.create("Nonop", "nonoppassword");
  sync(c);
  sync(c, "who");
  EXPECT_EQ(c.raw_received().find(bytes({IAC, NOP})), std::string::npos);
}
