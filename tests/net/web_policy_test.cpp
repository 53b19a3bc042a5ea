// The web port's decision that needs no socket of which pages may open a game connection.
#include <gtest/gtest.h>

#include "server/net/web_policy.hpp"

using dw::net::origin_allowed;

namespace {

const std::vector<std::string> own{"127.0.0.1", "localhost", "play.example.org", "::1"};
const std::vector<std::string> none;

}  // namespace

TEST(WebPolicy, NoOriginIsNotABrowserAndMayConnect) { EXPECT_TRUE(origin_allowed(std::nullopt, own, 4001, none)); }

TEST(WebPolicy, APageOnTheServersOwnNamesAndWebPortMayConnect) {
  EXPECT_TRUE(origin_allowed("http://127.0.0.1:4001", own, 4001, none));
  EXPECT_TRUE(origin_allowed("https://127.0.0.1:4001", own, 4001, none)) << "wss on the same port";
  EXPECT_TRUE(origin_allowed("http://LOCALHOST:4001", own, 4001, none));
  EXPECT_TRUE(origin_allowed("http://[::1]:4001", own, 4001, none));
  EXPECT_TRUE(origin_allowed(" http://play.example.org:4001 ", own, 4001, none));
  EXPECT_TRUE(origin_allowed("http://play.example.org", own, 80, none)) << "the default port is implied";
  EXPECT_TRUE(origin_allowed("https://play.example.org", own, 443, none));
}

TEST(WebPolicy, AnotherNameIsRefusedWhateverTheHostHeaderSays) {
  // (issue 25: Origin http://evil.com:4401 with Host evil.com:4401 got 101 — DNS rebinding)
  EXPECT_FALSE(origin_allowed("http://evil.com:4001", own, 4001, none));
  EXPECT_FALSE(origin_allowed("http://127.0.0.1.evil.com:4001", own, 4001, none));
  EXPECT_FALSE(origin_allowed("http://evil.com:4001", {}, 4001, none)) << "no names configured";
}

TEST(WebPolicy, AnOwnNameOnAnotherPortOrMalformedIsRefused) {
  EXPECT_FALSE(origin_allowed("http://127.0.0.1:8080", own, 4001, none)) << "another service on the same host";
  EXPECT_FALSE(origin_allowed("http://127.0.0.1", own, 4001, none)) << "port 80 is not the web port";
  EXPECT_FALSE(origin_allowed("https://play.example.org", own, 80, none));
  EXPECT_FALSE(origin_allowed("http://127.0.0.1:4001/page", own, 4001, none));
  EXPECT_FALSE(origin_allowed("http://127.0.0.1:", own, 4001, none));
  EXPECT_FALSE(origin_allowed("http://127.0.0.1:99999", own, 4001, none));
  EXPECT_FALSE(origin_allowed("http://127.0.0.1:4x01", own, 4001, none));
  EXPECT_FALSE(origin_allowed("http://user@127.0.0.1:4001", own, 4001, none));
  EXPECT_FALSE(origin_allowed("ftp://127.0.0.1:4001", own, 4001, none));
  EXPECT_FALSE(origin_allowed("null", own, 4001, none));
  EXPECT_FALSE(origin_allowed("", own, 4001, none));
  EXPECT_FALSE(origin_allowed("http://[::1", own, 4001, none));
}

TEST(WebPolicy, ListedOriginsMayConnectExactlyAndAStarAllowsAll) {
  const std::vector<std::string> listed{"https://friend.example", "http://localhost:8080"};
  EXPECT_TRUE(origin_allowed("https://friend.example", {}, 4001, listed));
  EXPECT_TRUE(origin_allowed("HTTPS://FRIEND.EXAMPLE", {}, 4001, listed));
  EXPECT_TRUE(origin_allowed("http://localhost:8080", {}, 4001, listed));
  EXPECT_FALSE(origin_allowed("https://friend.example:444", {}, 4001, listed));
  EXPECT_FALSE(origin_allowed("http://friend.example", {}, 4001, listed));
  EXPECT_TRUE(origin_allowed("http://evil.com", {}, 4001, {"*"}));
}
