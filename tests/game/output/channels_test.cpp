#include "server/game/output/channels.hpp"
#include "server/game/output/chat_history.hpp"

#include <gtest/gtest.h>

namespace dw::game {
namespace {

TEST(Channels, OnUnlessThePlayerTurnedThemOff) {
  preferences prefs;
  EXPECT_TRUE(channel_on(prefs, "chat"));
  prefs.set(channel_preference_key("chat"), "off");
  EXPECT_FALSE(channel_on(prefs, "chat"));
  EXPECT_TRUE(channel_on(prefs, "tell"));
  EXPECT_EQ(find_channel("CHAT"), &channel_defs[0]);
  EXPECT_EQ(find_channel("gossip"), nullptr);
}

TEST(Channels, GmcpTextIsEscapedJson) {
  EXPECT_EQ(gmcp_channel_text("chat", "Ann", R"(say "hi" \o/)"),
            R"({"channel":"chat","talker":"Ann","text":"say \"hi\" \\o/"})");
  const std::string list = gmcp_channel_list();
  EXPECT_EQ(list.front(), '[');
  EXPECT_NE(list.find(R"({"name":"shout","caption":"Shout","command":"shout"})"), std::string::npos) << list;
}

TEST(Channels, HistoryKeepsTheNewestTwenty) {
  chat_history h;
  for (int i = 0; i < 25; ++i) {
    h.add(i, "Ann", std::to_string(i));
  }
  ASSERT_EQ(h.lines().size(), chat_history::capacity);
  EXPECT_EQ(h.lines().front().text, "5");
  EXPECT_EQ(h.lines().back().text, "24");
  EXPECT_EQ(h.lines().back().at, 24);
}

}  // namespace
}  // namespace dw::game
