#include "server/telnet/ttype_cycle.hpp"

#include <gtest/gtest.h>

namespace dw::telnet {
namespace {

TEST(TtypeCycle, FullMttsCycleFillsClientInfo) {
  ttype_cycle cycle;
  client_info info;
  EXPECT_TRUE(cycle.on_answer("MUDLET", info));
  EXPECT_EQ(info.client_name, "MUDLET");
  EXPECT_TRUE(cycle.on_answer("ANSI-TRUECOLOR", info));
  EXPECT_EQ(info.terminal_type, "ANSI-TRUECOLOR");
  EXPECT_FALSE(cycle.on_answer("MTTS 2381", info));  // 1+4+8+64+256+2048 = 2381
  EXPECT_TRUE(cycle.done());
  EXPECT_TRUE(info.ttype_done);
  EXPECT_EQ(info.mtts, 2381u);
  EXPECT_TRUE(info.ansi);
  EXPECT_TRUE(info.utf8);
  EXPECT_TRUE(info.xterm256);
  EXPECT_TRUE(info.screen_reader);
  EXPECT_TRUE(info.truecolour);
}

TEST(TtypeCycle, MttsBitsAreIndependent) {
  ttype_cycle cycle;
  client_info info;
  cycle.on_answer("TINTIN++", info);
  cycle.on_answer("VT100", info);
  cycle.on_answer("MTTS 4", info);
  EXPECT_TRUE(info.utf8);
  EXPECT_FALSE(info.ansi);
  EXPECT_FALSE(info.xterm256);
  EXPECT_FALSE(info.truecolour);
  EXPECT_FALSE(info.screen_reader);
}

TEST(TtypeCycle, RepeatedFirstAnswerEndsTheCycle) {
  ttype_cycle cycle;
  client_info info;
  EXPECT_TRUE(cycle.on_answer("XTERM-256COLOR", info));
  EXPECT_FALSE(cycle.on_answer("XTERM-256COLOR", info));
  EXPECT_TRUE(cycle.done());
  EXPECT_EQ(info.client_name, "XTERM-256COLOR");
  EXPECT_EQ(info.terminal_type, "XTERM-256COLOR");
  EXPECT_TRUE(info.xterm256);
  EXPECT_TRUE(info.ansi);
  EXPECT_EQ(info.mtts, 0u);
}

TEST(TtypeCycle, RepeatedSecondAnswerEndsTheCycle) {
  ttype_cycle cycle;
  client_info info;
  cycle.on_answer("BLIGHTMUD", info);
  cycle.on_answer("XTERM", info);
  EXPECT_FALSE(cycle.on_answer("XTERM", info));
  EXPECT_TRUE(cycle.done());
  EXPECT_EQ(info.terminal_type, "XTERM");
}

TEST(TtypeCycle, StopsAfterTheThirdAnswerEvenWithoutMtts) {
  ttype_cycle cycle;
  client_info info;
  cycle.on_answer("A", info);
  cycle.on_answer("B", info);
  EXPECT_FALSE(cycle.on_answer("C", info));
  EXPECT_TRUE(cycle.done());
  EXPECT_FALSE(cycle.on_answer("D", info));
  EXPECT_EQ(info.terminal_type, "C");
  EXPECT_EQ(cycle.answers(), 3u);
}

TEST(TtypeCycle, Utf8InTheNameSetsUtf8) {
  ttype_cycle cycle;
  client_info info;
  cycle.on_answer("SOMECLIENT", info);
  cycle.on_answer("xterm-utf-8", info);
  EXPECT_EQ(info.terminal_type, "XTERM-UTF-8");
  EXPECT_TRUE(info.utf8);
}

TEST(TtypeCycle, NamesAreSanitisedAndCut) {
  ttype_cycle cycle;
  client_info info;
  cycle.on_answer(std::string("ev\x1B[2Jil\n") + std::string(200, 'x'), info);
  EXPECT_EQ(info.client_name.size(), ttype_cycle::max_name_bytes);
  EXPECT_EQ(info.client_name.substr(0, 7), "EV[2JIL");
}

TEST(TtypeCycle, ParsesMtts) {
  EXPECT_EQ(parse_mtts("MTTS 137"), 137u);
  EXPECT_EQ(parse_mtts("mtts 9"), 9u);
  EXPECT_FALSE(parse_mtts("MTTS"));
  EXPECT_FALSE(parse_mtts("MTTS "));
  EXPECT_FALSE(parse_mtts("MTTS 12x"));
  EXPECT_FALSE(parse_mtts("MTTS -1"));
  EXPECT_FALSE(parse_mtts("MTTS 99999999999"));
  EXPECT_FALSE(parse_mtts("XTERM"));
}

}  // namespace
}  // namespace dw::telnet
