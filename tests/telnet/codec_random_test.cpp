// Random garbage: a megabyte of seeded random bytes in random chunks must never hurt the codec.
#include <gtest/gtest.h>

#include <random>

#include "server/telnet/codec.hpp"
#include "tests/telnet/wire.hpp"

namespace dw::telnet::test {
namespace {

/// Feeds `total` bytes from `next_byte` in random chunks and checks every invariant on the way.
template <typename Source>
void feed_garbage(std::mt19937& random, std::size_t total, Source next_byte) {
  const codec_limits limits{256, 512};
  codec c(limits);
  std::string out;
  c.start(out);
  std::vector<event> events;
  std::uniform_int_distribution<std::size_t> chunk_size(1, 4096);
  std::string chunk;
  std::size_t fed = 0;
  std::size_t replies = 0;
  while (fed < total) {
    chunk.resize(std::min(chunk_size(random), total - fed));
    for (char& byte : chunk) {
      byte = static_cast<char>(next_byte());
    }
    events.clear();
    out.clear();
    c.feed(chunk, events, out);
    fed += chunk.size();
    replies += out.size();
    for (const event& e : events) {
      if (const auto* line = std::get_if<line_event>(&e)) {
        ASSERT_TRUE(is_valid_utf8(line->text));
        ASSERT_LE(line->text.size(), limits.max_line_bytes);
      }
      if (const auto* gmcp = std::get_if<gmcp_event>(&e)) {
        ASSERT_TRUE(is_valid_utf8(gmcp->package));
        ASSERT_TRUE(is_valid_utf8(gmcp->json));
      }
    }
    ASSERT_LE(c.buffered_capacity(), limits.max_line_bytes + limits.max_subneg_bytes);
  }
  // Replies are bounded by the budgets (negotiation) plus the AYT answers the input asked for.
  EXPECT_LT(replies, total / 8);
  EXPECT_LE(c.client().client_name.size(), ttype_cycle::max_name_bytes);
}

TEST(CodecRandom, MegabyteOfUniformGarbage) {
  std::mt19937 random(20240611);
  std::uniform_int_distribution<int> byte(0, 255);
  feed_garbage(random, 1 << 20, [&] { return byte(random); });
}

TEST(CodecRandom, MegabyteOfTelnetHeavyGarbage) {
  // Uniform bytes rarely form commands; this mix is rich in IAC, SB, SE, CR, LF and option codes.
  std::mt19937 random(7);
  const std::uint8_t alphabet[] = {IAC, IAC, IAC, SB, SE, WILL, WONT, DO, DONT, opt::GMCP, opt::NAWS, opt::TTYPE,
                                   opt::ECHO, ttype::IS, '\r', '\n', 0, 8, 127, 27, '[', 'a', ' ', 0xF0, 0x9F,
                                   0xC3, 0xA9, 0x80};
  std::uniform_int_distribution<std::size_t> pick(0, sizeof(alphabet) - 1);
  feed_garbage(random, 1 << 20, [&] { return alphabet[pick(random)]; });
}

}  // namespace
}  // namespace dw::telnet::test
