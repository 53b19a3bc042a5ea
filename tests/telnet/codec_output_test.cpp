// Encoders: text for the wire, prompt ends, GMCP.
#include <gtest/gtest.h>

#include "server/telnet/codec.hpp"
#include "tests/telnet/wire.hpp"

namespace dw::telnet::test {
namespace {

std::string encoded(std::string_view text) {
  std::string out;
  codec::encode_text(text, out);
  return out;
}

TEST(CodecOutput, NewlineBecomesCrLf) {
  EXPECT_EQ(encoded("one\ntwo\n"), "one\r\ntwo\r\n");
  EXPECT_EQ(encoded("\n\n"), "\r\n\r\n");
}

TEST(CodecOutput, ExistingCrLfIsNotDoubled) {
  // Bug 10: newline handling must never produce "\r\0\r\n" or "\r\r\n".
  EXPECT_EQ(encoded("one\r\ntwo\n"), "one\r\ntwo\r\n");
  EXPECT_EQ(encoded("a\r\r\nb"), "a\r\nb");
  const std::string out = encoded("x\r\ny\rz\n\r");
  EXPECT_EQ(out, "x\r\nyz\r\n");
  EXPECT_EQ(out.find(std::string("\r\0", 2)), std::string::npos);
}

TEST(CodecOutput, LoneCrIsStripped) {
  EXPECT_EQ(encoded("progress\r50%"), "progress50%");
}

TEST(CodecOutput, Byte255IsDoubledInTheAppendedBuffer) {
  // Bug 13: the escaped bytes must be what lands in the caller's buffer.
  std::string out = "prefix:";
  codec::encode_text("a\xFF" "b\xFF\xFF", out);
  EXPECT_EQ(out, "prefix:a\xFF\xFF" "b\xFF\xFF\xFF\xFF");
}

TEST(CodecOutput, TextWithOnlyNewlinesAndTextWithRareBytesEncodeAlike) {
  // Two paths: newlines only (found with memchr), and text holding a '\r' or a 0xFF (byte by byte).
  EXPECT_EQ(encoded("no newline"), "no newline");
  EXPECT_EQ(encoded("a\nb\n\nc"), "a\r\nb\r\n\r\nc");
  EXPECT_EQ(encoded("a\r\nb\n\nc"), "a\r\nb\r\n\r\nc");
  EXPECT_EQ(encoded("\xFF\na\n"), "\xFF\xFF\r\na\r\n");
  EXPECT_EQ(encoded(""), "");
}

TEST(CodecOutput, Utf8TextPassesUnchanged) {
  const std::string text = "\xD0\xAF \xF0\x9F\x98\x80 caf\xC3\xA9";
  EXPECT_EQ(encoded(text), text);
}

TEST(CodecOutput, PromptEndsWithEorWhenAgreed) {
  harness h = agreed_harness();
  std::string out;
  h.c.end_prompt(out);
  EXPECT_EQ(out, wire({IAC, EOR}));
}

TEST(CodecOutput, PromptEndsWithGaWithoutEorOrSga) {
  codec c;
  std::string out;
  c.end_prompt(out);
  EXPECT_EQ(out, wire({IAC, GA}));
}

TEST(CodecOutput, PromptEndsWithNothingWhenOnlySgaAgreed) {
  harness h;
  std::string opening;
  h.c.start(opening);
  EXPECT_EQ(h.feed(wire({IAC, DO, opt::SGA, IAC, DONT, opt::EOR})), wire({IAC, WILL, opt::SGA}));
  std::string out;
  h.c.end_prompt(out);
  EXPECT_TRUE(out.empty());
}

TEST(CodecOutput, GmcpIsFramedAndEscaped) {
  harness h = agreed_harness();
  std::string out;
  EXPECT_TRUE(h.c.encode_gmcp("Room.Info", "{\"num\": 1}", out));
  EXPECT_EQ(out, wire({IAC, SB, opt::GMCP}) + "Room.Info {\"num\": 1}" + wire({IAC, SE}));
  out.clear();
  EXPECT_TRUE(h.c.encode_gmcp("Core.Ping", "", out));
  EXPECT_EQ(out, wire({IAC, SB, opt::GMCP}) + "Core.Ping" + wire({IAC, SE}));
  out.clear();
  EXPECT_TRUE(h.c.encode_gmcp("X", "\xFF", out));
  EXPECT_EQ(out, wire({IAC, SB, opt::GMCP, 'X', ' ', IAC, IAC, IAC, SE}));
}

TEST(CodecOutput, GmcpMultiByteTextKeepsItsEnd) {
  // Bug 14: sizes are bytes, so multi-byte text never pushes IAC SE off the end.
  harness h = agreed_harness();
  const std::string json = "{\"say\": \"\xD0\xBF\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82 \xF0\x9F\x90\x89\"}";
  std::string out;
  ASSERT_TRUE(h.c.encode_gmcp("Comm.Channel.Text", json, out));
  EXPECT_EQ(out.size(), 3 + std::string_view("Comm.Channel.Text").size() + 1 + json.size() + 2);
  EXPECT_EQ(out.substr(out.size() - 2), wire({IAC, SE}));
  // And it decodes back to the same message on another codec.
  harness peer = agreed_harness();
  peer.feed(out);
  EXPECT_EQ(only<gmcp_event>(peer.events), (std::vector<gmcp_event>{{"Comm.Channel.Text", json}}));
}

TEST(CodecOutput, GmcpIsNotSentUnlessAgreed) {
  codec c;
  std::string out;
  EXPECT_FALSE(c.encode_gmcp("Room.Info", "{}", out));
  EXPECT_TRUE(out.empty());
}

}  // namespace
}  // namespace dw::telnet::test
