// A session's framing, chosen once: the telnet codec, or a WebSocket message subprotocol's records.
#include "server/net/framing.hpp"

#include <gtest/gtest.h>

#include <string>
#include <variant>
#include <vector>

#include "server/telnet/codec.hpp"
#include "server/telnet/ws_records.hpp"

namespace {

using dw::net::make_message_framing;
using dw::net::make_telnet_framing;
namespace telnet = dw::telnet;

constexpr char iac = static_cast<char>(0xFF);

std::vector<std::string> lines_of(const std::vector<telnet::event>& events) {
  std::vector<std::string> lines;
  for (const telnet::event& e : events) {
    if (const auto* line = std::get_if<telnet::line_event>(&e)) {
      lines.push_back(line->text);
    }
  }
  return lines;
}

}  // namespace

TEST(Framing, TelnetNegotiatesMarksPromptsAndOffersItsCodec) {
  auto framing = make_telnet_framing({});
  std::string out;
  framing->start(out);
  ASSERT_FALSE(out.empty());
  EXPECT_EQ(out.front(), iac) << "the opening offers are telnet commands";
  out.clear();
  framing->end_prompt(out);
  ASSERT_FALSE(out.empty());
  EXPECT_EQ(out.front(), iac) << "IAC GA (or IAC EOR) ends a prompt";
  EXPECT_NE(framing->telnet(), nullptr);

  std::vector<telnet::event> events;
  std::string replies;
  EXPECT_TRUE(framing->feed("look\r\nsay hi\r\n", events, replies));
  EXPECT_EQ(lines_of(events), (std::vector<std::string>{"look", "say hi"}));
}

TEST(Framing, AMessageSubprotocolHasNoNegotiationNorPromptMarkerNorTelnetCodec) {
  auto framing = make_message_framing(telnet::subprotocol::gmcp, {});
  std::string out;
  framing->start(out);
  EXPECT_TRUE(out.empty());
  framing->end_prompt(out);
  EXPECT_TRUE(out.empty()) << "the message boundary ends the prompt";
  EXPECT_EQ(framing->telnet(), nullptr);

  framing->encode_text("hello\n", out);
  std::string expected;
  telnet::message_wire::encode_text("hello\n", expected);
  EXPECT_EQ(out, expected) << "game text leaves as the message wire frames it";

  std::string typed;
  telnet::append_record(telnet::record_kind::binary, "look", typed);
  std::vector<telnet::event> events;
  std::string replies;
  EXPECT_TRUE(framing->feed(typed, events, replies));
  EXPECT_EQ(lines_of(events), (std::vector<std::string>{"look"}));
  EXPECT_TRUE(replies.empty());
}
