// Monsters, fights, loot and scrolls over a real telnet connection.
#include <gtest/gtest.h>

#include "content/content_loader.hpp"
#include "tests/support/content_seeds.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

using dw::testing::server_process;
using dw::testing::telnet_client;

namespace {

std::int64_t seed_for(bool needs_scroll) {
  auto loaded = dw::content::load_content(DW_CONTENT_DIR);
  const auto& tables = std::get<dw::content::content_tables>(loaded);
  return dw::testing::seed_with_monsters(tables, needs_scroll);
}

std::string config(std::int64_t seed, int hp) {
  return "[dungeon]\nworld_seed = " + std::to_string(seed) + "\n[game]\ncharacter_max_hp = " + std::to_string(hp) +
         "\nfight_round_ms = 100\n";
}

}  // namespace

TEST(ContentOverTelnet, FightAMonsterRoomClearPickUpLootAndReadAScroll) {
  const std::int64_t seed = seed_for(true);
  ASSERT_GT(seed, 0);
  server_process server(config(seed, 100000));
  telnet_client c(server.port());
  c.create("Ann", "annpassword");
  c.send_line("down");
  c.expect("The Bottom of the Well");
  c.send_line("east");
  c.expect("The way forward is blocked until this room is cleared.");
  const std::string vitals = c.expect_gmcp("Char.Vitals");
  EXPECT_NE(vitals.find("\"maxhp\":100000"), std::string::npos) << vitals;
  c.expect("hp] > ");
  c.send_line("fight");
  c.expect("You attack");
  c.expect("Round 1:");
  c.expect("The room is clear", std::chrono::seconds(60));
  c.expect("They leave behind:");
  c.expect("You find ");  // silver by depth ([silver] in fights.toml), all for the one who fought
  c.expect(" silver.");
  const std::string info = c.expect_gmcp("Room.Info");
  c.send_line("get scroll");
  c.expect("You pick up");
  c.send_line("read scroll");
  c.expect("and read:");
  c.expect("The scroll crumbles to dust.");  // reading uses it up
  c.send_line("inventory");
  c.expect("Hit points");
  (void)info;
}

TEST(ContentOverTelnet, AtZeroHitPointsYouWakeAtTheSurface) {
  const std::int64_t seed = seed_for(false);
  ASSERT_GT(seed, 0);
  server_process server(config(seed, 1));
  telnet_client c(server.port());
  c.create("Bob", "bobpassword");
  c.send_line("down");
  c.expect("The Bottom of the Well");
  c.send_line("east");
  c.expect("Type 'fight' to attack.");
  c.expect("hp] > ");
  c.send_line("fight");
  // With one hit point the first blow that lands knocks Bob out; rounds follow on their own.
  c.expect("You wake up in the village square", std::chrono::seconds(60));
  c.expect("The Village Square");
  c.expect("[1/1 hp]");
}

TEST(ContentOverTelnet, PickedUpScrollSurvivesKillDashNine) {
  server_process server;
  telnet_client c(server.port());
  c.create("Cid", "cidpassword");
  c.send_line("@spawn scroll 4242");
  c.expect("(seed 4242)");
  c.send_line("get scroll");
  c.expect("You pick up");
  c.expect("hp] > ");
  server.kill9();
  server.start();
  telnet_client again(server.port());
  again.connect("Cid", "cidpassword");
  again.send_line("inventory");
  const std::string inv = again.expect("Hit points");
  EXPECT_NE(inv.find("scroll"), std::string::npos) << inv;
}
