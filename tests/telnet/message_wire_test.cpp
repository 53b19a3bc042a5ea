// The codec of the message subprotocols (gmcp, json, terminal) over records.
#include <gtest/gtest.h>

#include "server/telnet/message_wire.hpp"
#include "server/telnet/telnet_constants.hpp"

using namespace dw::telnet;

namespace {

std::string records(std::initializer_list<std::pair<record_kind, std::string>> messages) {
  std::string out;
  for (const auto& [kind, payload] : messages) {
    append_record(kind, payload, out);
  }
  return out;
}

std::vector<event> feed(message_wire& w, const std::string& bytes) {
  std::vector<event> events;
  EXPECT_TRUE(w.feed(bytes, events));
  return events;
}

std::vector<frame> frames(const std::string& bytes) {
  std::vector<frame> out;
  EXPECT_TRUE(frames_of(bytes, out));
  return out;
}

}  // namespace

TEST(MessageWire, SubprotocolsAreKnownByTheirExactNames) {
  for (subprotocol p : {subprotocol::gmcp, subprotocol::telnet, subprotocol::json, subprotocol::terminal}) {
    EXPECT_EQ(subprotocol_named(name_of(p)), p);
  }
  EXPECT_EQ(name_of(subprotocol::gmcp), "gmcp.mudstandards.org");
  EXPECT_FALSE(subprotocol_named("GMCP.mudstandards.org"));
  EXPECT_FALSE(subprotocol_named("chat"));
}

TEST(MessageWire, EachBinaryMessageIsALineAndLineEndsInsideSplitIt) {
  message_wire w(subprotocol::gmcp, {});
  const auto events = feed(w, records({{record_kind::binary, "look"},
                                       {record_kind::binary, "north\r\nsouth\n"},
                                       {record_kind::binary, ""},
                                       {record_kind::binary, "say caf\xc3\xa9\x1b[A"}}));
  const std::vector<event> want{line_event{"look"}, line_event{"north"}, line_event{"south"}, line_event{""},
                                line_event{"say café"}};
  EXPECT_EQ(events, want);
}

TEST(MessageWire, GmcpTextMessagesAreGmcpAndTooLongOnesAreDropped) {
  message_wire w(subprotocol::gmcp, codec_limits{.max_line_bytes = 64, .max_subneg_bytes = 32});
  const auto events = feed(w, records({{record_kind::text, "Core.Hello {\"client\":\"web\"}"},
                                       {record_kind::text, "Core.Ping"},
                                       {record_kind::text, " no package"},
                                       {record_kind::text, "Core.Hello " + std::string(40, 'x')}}));
  const std::vector<event> want{gmcp_event{"Core.Hello", "{\"client\":\"web\"}"}, gmcp_event{"Core.Ping", ""},
                                subneg_overflow_event{opt::GMCP}};
  EXPECT_EQ(events, want);
}

TEST(MessageWire, ALineOverTheLimitIsReportedNotKept) {
  message_wire w(subprotocol::terminal, codec_limits{.max_line_bytes = 16, .max_subneg_bytes = 16});
  const auto events = feed(w, records({{record_kind::binary, std::string(40, 'a')}, {record_kind::binary, "ok"}}));
  ASSERT_EQ(events.size(), 2U);
  EXPECT_TRUE(std::holds_alternative<line_too_long_event>(events[0]));
  EXPECT_EQ(events[1], event(line_event{"ok"}));
}

TEST(MessageWire, AMessageOfAnyLengthUpToTheWebSocketLimitIsATooLongLineNotABrokenStream) {
  // (issue 25: 20,000- and 65,536-byte messages closed the connection instead of being answered)
  for (const std::size_t size : {std::size_t{17000}, std::size_t{20000}, std::size_t{65536}}) {
    for (const std::size_t piece : {std::size_t{4096}, std::size_t{1000}}) {
      message_wire w(subprotocol::gmcp, {});
      const std::string bytes = records({{record_kind::binary, std::string(size, 'a')},
                                         {record_kind::text, "Core.Ping"},
                                         {record_kind::binary, "look"}});
      std::vector<event> events;
      for (std::size_t at = 0; at < bytes.size(); at += piece) {
        ASSERT_TRUE(w.feed(std::string_view(bytes).substr(at, piece), events)) << size;
        EXPECT_LT(w.buffered_capacity(), 48U * 1024) << "a long message is not held whole";
      }
      const std::vector<event> want{line_too_long_event{size}, gmcp_event{"Core.Ping", ""}, line_event{"look"}};
      EXPECT_EQ(events, want) << size << " bytes in pieces of " << piece;
    }
  }
  message_wire w(subprotocol::gmcp, {});
  const auto events = feed(w, records({{record_kind::binary, std::string(30000, 'a') + "\nsay hi"}}));
  const std::vector<event> want{line_too_long_event{30000}, line_event{"say hi"}};
  EXPECT_EQ(events, want) << "line ends inside a long message still split it";
}

TEST(MessageWire, GmcpLongerThanTheReaderKeepsIsDroppedOnceAndTheNextMessageRead) {
  for (const subprotocol p : {subprotocol::gmcp, subprotocol::json}) {
    message_wire w(p, {});
    const auto events =
        feed(w, records({{record_kind::text, "Core.Hello " + std::string(40000, 'x')}, {record_kind::binary, "look"}}));
    const std::vector<event> want{subneg_overflow_event{opt::GMCP}, line_event{"look"}};
    EXPECT_EQ(events, want);
  }
}

TEST(MessageWire, JsonEnvelopesCarryGmcpBothWays) {
  message_wire w(subprotocol::json, {});
  const auto events = feed(w, records({{record_kind::text, R"({"proto":"gmcp","id":"Core.Hello","data":"{\"client\":\"x\"}"})"},
                                       {record_kind::text, R"({"proto":"gmcp","id":"Core.Supports.Set","data":["Room 1"]})"},
                                       {record_kind::text, R"({"proto":"telnet_31","id":"NAWS","data":"AFAAGA=="})"},
                                       {record_kind::text, "not json"},
                                       {record_kind::binary, "look"}}));
  const std::vector<event> want{gmcp_event{"Core.Hello", "{\"client\":\"x\"}"},
                                gmcp_event{"Core.Supports.Set", "[\"Room 1\"]"}, line_event{"look"}};
  EXPECT_EQ(events, want);

  std::string out;
  ASSERT_TRUE(w.encode_gmcp("Char.Vitals", "{\"hp\":3}", out));
  const auto sent = frames(out);
  ASSERT_EQ(sent.size(), 1U);
  EXPECT_TRUE(sent[0].text);
  EXPECT_EQ(sent[0].payload, R"({"proto":"gmcp","id":"Char.Vitals","data":"{\"hp\":3}"})");
}

TEST(MessageWire, TerminalTakesTextMessagesAsTypedAndSendsNoGmcp) {
  message_wire w(subprotocol::terminal, {});
  EXPECT_EQ(feed(w, records({{record_kind::text, "Core.Hello {}"}})), std::vector<event>{line_event{"Core.Hello {}"}});
  std::string out;
  EXPECT_FALSE(w.encode_gmcp("Char.Vitals", "{}", out));
  w.set_hidden_input(true, out);
  EXPECT_TRUE(out.empty());
  EXPECT_FALSE(w.client().gmcp);
  EXPECT_TRUE(w.client().utf8);
  EXPECT_TRUE(w.client().truecolour);
}

TEST(MessageWire, GameTextLeavesWithCrLfAndGmcpInItsOwnMessage) {
  message_wire w(subprotocol::gmcp, {});
  EXPECT_TRUE(w.client().gmcp);
  std::string out;
  message_wire::encode_text("The Village Square\n\x1b[1mbold\x1b[0m\r\n", out);
  message_wire::encode_text("[20/20 hp] > ", out);
  ASSERT_TRUE(w.encode_gmcp("Room.Info", "{\"num\":1}", out));
  ASSERT_TRUE(w.encode_gmcp("Core.Ping", "", out));
  const std::vector<frame> want{{false, "The Village Square\r\n\x1b[1mbold\x1b[0m\r\n[20/20 hp] > "},
                                {true, "Room.Info {\"num\":1}"},
                                {true, "Core.Ping"}};
  EXPECT_EQ(frames(out), want);
}

TEST(MessageWire, HiddenInputIsTheTelnetEchoBytesInAMessageOfTheirOwn) {
  message_wire w(subprotocol::gmcp, {});
  std::string out;
  message_wire::encode_text("Password: ", out);
  w.set_hidden_input(true, out);
  EXPECT_TRUE(w.client().echo_hidden);
  w.set_hidden_input(false, out);
  const std::vector<frame> want{{false, "Password: "},
                                {false, std::string("\xff\xfb\x01", 3)},
                                {false, std::string("\xff\xfc\x01", 3)}};
  EXPECT_EQ(frames(out), want);

  message_wire j(subprotocol::json, {});
  std::string env;
  j.set_hidden_input(true, env);
  const auto sent = frames(env);
  ASSERT_EQ(sent.size(), 1U);
  EXPECT_EQ(sent[0].payload, R"({"proto":"telnet","id":"ECHO","data":"WILL"})");
}

TEST(MessageWire, BytesThatAreNotRecordsFailTheWire) {
  message_wire w(subprotocol::gmcp, {});
  std::vector<event> events;
  EXPECT_FALSE(w.feed(std::string("\x09\0\0\0\x01x", 6), events));
  EXPECT_TRUE(events.empty());
}
