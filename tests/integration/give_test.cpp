// Give over a real telnet connection: an item and silver handed to someone in the same room, both sides
// told, and both sides stored together: after kill -9 right after the reply, the restarted server has the
// item and the silver where the two players were told they are.
#include <gtest/gtest.h>

#include <memory>
#include <regex>
#include <string>

#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

using dw::testing::server_process;
using dw::testing::telnet_client;

namespace {

long silver_in(const std::string& text) {
  std::smatch m;
  return std::regex_search(text, m, std::regex("You have (\\d+) silver")) ? std::stol(m[1].str()) : -1;
}

/// The silver `score` shows.
long score_silver(telnet_client& c) {
  c.send_line("score");
  const std::string score = c.expect("Deepest depth");
  std::smatch m;
  return std::regex_search(score, m, std::regex("Silver: (\\d+)")) ? std::stol(m[1].str()) : -1;
}

}  // namespace

TEST(Give, AnItemAndSilverChangeHandsAndBothSidesSurviveKillNine) {
  server_process server;
  auto ann = std::make_unique<telnet_client>(server.port());
  ann->create("Ann", "annpassword");  // the administrator: she conjures the scrolls
  auto bob = std::make_unique<telnet_client>(server.port());
  bob->create("Bob", "bobpassword");
  ann->expect("Bob appears");

  // Ann sells one scroll for silver and keeps the other to give away.
  for (const char* seed : {"11", "12"}) {
    ann->send_line(std::string("@spawn scroll ") + seed);
    ann->expect(std::string("(seed ") + seed + ")");
    ann->send_line("get scroll");
    ann->expect("You pick up");
  }
  ann->send_line("sell 2.scroll");
  ann->expect("You sell");
  const long had = silver_in(ann->expect("hp] > "));
  ASSERT_GT(had, 1) << "the sale paid";

  ann->send_line("give scroll to bob");
  const std::string gave = ann->expect("hp] > ");
  EXPECT_NE(gave.find("You give"), std::string::npos) << gave;
  EXPECT_NE(gave.find("to Bob."), std::string::npos) << gave;
  bob->expect("Ann gives you");
  bob->expect("hp] > ");

  const long half = had / 2;
  ann->send_line("give " + std::to_string(half) + " silver to Bob");
  const std::string paid = ann->expect("hp] > ");
  EXPECT_EQ(silver_in(paid), had - half) << paid;
  const std::string got = bob->expect("hp] > ");
  EXPECT_NE(got.find("Ann gives you " + std::to_string(half) + " silver."), std::string::npos) << got;
  EXPECT_EQ(silver_in(got), half) << got;

  // Told, then killed at once.
  server.kill9();
  ann.reset();
  bob.reset();
  server.start();
  ann = std::make_unique<telnet_client>(server.port());
  ann->connect("Ann", "annpassword");
  EXPECT_EQ(score_silver(*ann), had - half);
  ann->send_line("inventory");
  const std::string ann_has = ann->expect("hp] > ");
  EXPECT_EQ(ann_has.find("scroll"), std::string::npos) << "the scroll went to Bob: " << ann_has;
  bob = std::make_unique<telnet_client>(server.port());
  bob->connect("Bob", "bobpassword");
  EXPECT_EQ(score_silver(*bob), half);
  bob->send_line("inventory");
  bob->expect("scroll");
}
