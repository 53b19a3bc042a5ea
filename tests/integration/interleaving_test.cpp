// Random interleavings of negotiation, subnegotiation and text, cut into random partial writes, against
// the real server: it must neither loop nor drop the connection, and no telnet byte may leak into what
// the player typed. Seeded, so a failure names the seed that reproduces it.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

using dw::testing::server_process;
using dw::testing::telnet_client;

namespace {

constexpr std::uint8_t IAC = 255, DONT = 254, DO = 253, WONT = 252, WILL = 251, SB = 250, SE = 240, NOP = 241;
constexpr std::uint8_t TTYPE = 24, NAWS = 31, GMCP = 201;

/// Options a client may mention. MCCP2 (86) is left out of DO: agreeing to it would rightly compress
/// everything after, which this test's client does not read.
constexpr std::uint8_t options[] = {1, 3, 24, 25, 31, 42, 70, 99, 200, 201};

std::string byte(std::uint8_t b) { return std::string(1, static_cast<char>(b)); }

/// One random piece of telnet that is not text: a negotiation, a subnegotiation or a NOP. Letters
/// inside subnegotiations spell LEAK, so any that reach the game are seen in what the player said.
std::string random_telnet(std::mt19937& rng) {
  std::uniform_int_distribution<int> kind(0, 6);
  std::uniform_int_distribution<std::size_t> pick(0, std::size(options) - 1);
  std::uniform_int_distribution<int> size(0, 300);
  switch (kind(rng)) {
    case 0:
      return byte(IAC) + byte(rng() % 2 ? WILL : WONT) + byte(options[pick(rng)]);
    case 1: {
      std::uint8_t opt = options[pick(rng)];
      return byte(IAC) + byte(rng() % 2 ? DO : DONT) + byte(opt);
    }
    case 2: {  // a window size, with 255 (doubled) now and then
      std::string sb = byte(IAC) + byte(SB) + byte(NAWS);
      for (int i = 0; i < 4; ++i) {
        const auto b = static_cast<std::uint8_t>(rng() % 4 == 0 ? 255 : size(rng) % 256);
        sb += byte(b);
        if (b == IAC) {
          sb += byte(IAC);
        }
      }
      return sb + byte(IAC) + byte(SE);
    }
    case 3:
      return byte(IAC) + byte(SB) + byte(GMCP) + "Core.Hello {\"client\":\"LEAK" + byte(IAC) + byte(IAC) +
             "\",\"version\":\"1\"}" + byte(IAC) + byte(SE);
    case 4:
      return byte(IAC) + byte(SB) + byte(TTYPE) + byte(0) + "LEAKTERM" + byte(IAC) + byte(SE);
    case 5:
      return byte(IAC) + byte(SB) + byte(GMCP) + "Core.Ping" + byte(IAC) + byte(SE);
    default:
      return byte(IAC) + byte(NOP);
  }
}

}  // namespace

TEST(Interleaving, RandomNegotiationInsideAndBetweenLinesNeverReachesTheGame) {
  server_process server("[server]\nmax_commands_per_second = 10000\n");
  telnet_client bystander(server.port());
  bystander.create("Bystander", "bystanderpassword");

  for (const std::uint32_t seed : {1u, 2u, 3u}) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937 rng(seed);
    telnet_client c(server.port());
    c.create("Mixer" + std::string(1, static_cast<char>('a' + seed)), "mixerpassword");

    constexpr int rounds = 8;
    constexpr int lines_per_round = 12;
    int said = 0;
    for (int round = 0; round < rounds; ++round) {
      std::string stream;
      for (int i = 0; i < lines_per_round; ++i) {
        const std::string line = "say tok" + std::to_string(said + i);
        // Telnet pieces before the line and at random places inside it.
        std::uniform_int_distribution<std::size_t> where(0, line.size());
        std::vector<std::size_t> cuts{where(rng), where(rng)};
        std::sort(cuts.begin(), cuts.end());
        std::size_t from = 0;
        stream += random_telnet(rng);
        for (std::size_t cut : cuts) {
          stream += line.substr(from, cut - from);
          stream += random_telnet(rng);
          from = cut;
        }
        stream += line.substr(from);
        stream += rng() % 2 ? "\r\n" : "\n";
      }
      // Partial writes of 1 to 64 bytes: telnet commands and UTF-8 get cut anywhere.
      std::uniform_int_distribution<std::size_t> piece(1, 64);
      for (std::size_t at = 0; at < stream.size();) {
        const std::size_t n = std::min(piece(rng), stream.size() - at);
        c.send_raw(stream.substr(at, n));
        at += n;
      }
      for (int i = 0; i < lines_per_round; ++i, ++said) {
        ASSERT_NO_THROW(c.expect("You say, 'tok" + std::to_string(said) + "'\n")) << "line " << said;
      }
    }
    EXPECT_FALSE(c.closed());
    // Exactly the lines typed, nothing else said, and no subnegotiation byte in the text.
    std::size_t says = 0;
    for (std::size_t at = c.all_text().find("You say, '"); at != std::string::npos;
         at = c.all_text().find("You say, '", at + 1)) {
      ++says;
    }
    EXPECT_EQ(says, static_cast<std::size_t>(rounds * lines_per_round));
    EXPECT_EQ(c.all_text().find("LEAK"), std::string::npos) << c.all_text();
    EXPECT_EQ(c.all_text().find("Unknown command"), std::string::npos) << "a line arrived garbled:\n" << c.all_text();
    // The server is not spinning: another player is answered at once.
    bystander.send_line("say still served");
    ASSERT_NO_THROW(bystander.expect("You say, 'still served'"));
    c.send_line("quit");
    EXPECT_TRUE(c.wait_closed());
  }
}
