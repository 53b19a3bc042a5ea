// The economy over a real telnet connection: the merchant in the village square (list, value, sell, buy,
// identify), supplies (quaff), scrolls that do things when read, darkness and the lantern, score and
// the board of the deepest delvers, and that a sale survives kill -9.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "content/content_loader.hpp"
#include "content/scroll.hpp"
#include "tests/support/content_seeds.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

using dw::testing::server_process;
using dw::testing::telnet_client;
namespace fs = std::filesystem;

namespace {

const dw::content::content_tables& tables() {
  static const dw::content::content_tables t = [] {
    auto loaded = dw::content::load_content(DW_CONTENT_DIR);
    return std::get<dw::content::content_tables>(std::move(loaded));
  }();
  return t;
}

/// The first scroll seed whose effect is `key`.
std::uint64_t seed_with_effect(std::string_view key) {
  for (std::uint64_t seed = 1; seed < 100000; ++seed) {
    if (dw::content::scroll_effect_of(tables(), seed)->key == key) {
      return seed;
    }
  }
  return 0;
}

/// Waits for a Char.Status that says `needle` (earlier ones, from before the change, are skipped).
std::string status_with(telnet_client& c, std::string_view needle) {
  std::string status;
  for (int i = 0; i < 20; ++i) {
    status = c.expect_gmcp("Char.Status");
    if (status.find(needle) != std::string::npos) {
      break;
    }
  }
  return status;
}

/// What the merchant pays for the scroll `seed`.
std::int64_t scroll_value(std::uint64_t seed) {
  dw::content::artefact_registry registry;
  dw::content::register_scroll(registry);
  const auto a = registry.generate(tables(), dw::content::scroll_type, seed);
  return std::max<std::int64_t>(1, std::llround(static_cast<double>(a->price) * tables().merchant.scroll_factor));
}

std::string spawn(telnet_client& c, std::uint64_t seed) {
  c.send_line("@spawn scroll " + std::to_string(seed));
  c.expect("(seed " + std::to_string(seed) + ")");
  c.send_line("get scroll");
  return c.expect("You pick up");
}

/// Spawns a scroll of `seed`, picks it up and reads it: what was said up to its crumbling.
std::string read_new(telnet_client& c, std::uint64_t seed) {
  spawn(c, seed);
  c.send_line("read scroll");
  return c.expect("The scroll crumbles to dust.");
}

/// Sells a freshly spawned scroll (the first account is an administrator) to have silver to spend.
std::int64_t earn(telnet_client& c, std::uint64_t seed) {
  spawn(c, seed);
  c.send_line("sell scroll");
  c.expect("You sell");
  c.expect("hp] > ");
  return scroll_value(seed);
}

/// A copy of content/ whose bands are all dark, so the first room below the well already is.
struct dark_content {
  fs::path dir;
  dark_content() {
    dir = fs::temp_directory_path() / ("dw-dark-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::copy(DW_CONTENT_DIR, dir, fs::copy_options::recursive);
    std::ifstream in(dir / "rooms.toml");
    std::stringstream text;
    text << in.rdbuf();
    std::string rooms = text.str();
    for (std::size_t at = rooms.find("dark = false"); at != std::string::npos; at = rooms.find("dark = false", at)) {
      rooms.replace(at, 12, "dark = true");
    }
    std::ofstream(dir / "rooms.toml", std::ios::trunc) << rooms;
  }
  ~dark_content() { fs::remove_all(dir); }
};

}  // namespace

TEST(Economy, TheMerchantTradesInTheSquareOnlyAndSilverIsKept) {
  const std::uint64_t seed = seed_with_effect("ward");
  ASSERT_GT(seed, 0U);
  server_process server;
  telnet_client c(server.port());
  c.create("Ann", "annpassword");
  c.send_line("look");
  c.expect("A merchant has set up her stall");
  c.send_line("list");
  c.expect("The merchant sells:");
  c.expect("a healing draught - 30 silver");
  spawn(c, seed);
  const std::int64_t value = scroll_value(seed);
  c.send_line("value scroll");
  c.expect("The merchant would pay " + std::to_string(value) + " silver");
  c.send_line("sell scroll");
  c.expect("for " + std::to_string(value) + " silver.");
  const std::string status = status_with(c, "\"silver\":" + std::to_string(value));
  EXPECT_NE(status.find("\"silver\":" + std::to_string(value)), std::string::npos) << status;
  c.send_line("buy draught");
  c.expect("You buy a healing draught for 30 silver");
  c.send_line("inventory");
  c.expect("a healing draught");
  c.send_line("sell draught");
  c.expect("The merchant does not buy a healing draught.");
  c.send_line("down");
  c.expect("The Bottom of the Well");
  c.send_line("sell draught");
  c.expect("There is no one here to trade with.");
  c.send_line("list");
  c.expect("There is no one here to trade with.");
  c.send_line("score");
  c.expect("Silver: " + std::to_string(value - 30));
  c.expect("Scrolls sold: 1");
  c.expect("hp] > ");

  server.restart();
  telnet_client again(server.port());
  again.connect("Ann", "annpassword");
  again.send_line("score");
  again.expect("Silver: " + std::to_string(value - 30));
  again.expect("Scrolls sold: 1");
  again.send_line("inventory");
  const std::string inv = again.expect("Hit points");
  EXPECT_NE(inv.find("a healing draught"), std::string::npos) << inv;
  EXPECT_EQ(inv.find("scroll"), std::string::npos) << inv;
}

TEST(Economy, ASaleSurvivesKillDashNine) {
  const std::uint64_t seed = seed_with_effect("heal");
  server_process server;
  telnet_client c(server.port());
  c.create("Bea", "beapassword");
  spawn(c, seed);
  c.send_line("sell scroll");
  c.expect("You sell");
  server.kill9();
  server.start();
  telnet_client again(server.port());
  again.connect("Bea", "beapassword");
  again.send_line("score");
  again.expect("Silver: " + std::to_string(scroll_value(seed)));
  again.expect("Scrolls sold: 1");
  again.send_line("inventory");
  const std::string inv = again.expect("Hit points");
  EXPECT_EQ(inv.find("scroll"), std::string::npos) << "sold, so gone: " << inv;
}

TEST(Economy, ADraughtHealsInAFightAndIsGone) {
  const std::int64_t world = dw::testing::seed_with_monsters(tables(), false);
  ASSERT_GT(world, 0);
  server_process server("[dungeon]\nworld_seed = " + std::to_string(world) +
                        "\n[game]\ncharacter_max_hp = 100000\nfight_round_ms = 300\n");
  telnet_client c(server.port());
  c.create("Cid", "cidpassword");
  earn(c, seed_with_effect("heal"));
  c.send_line("buy draught");
  c.expect("You buy a healing draught");
  c.send_line("down");
  c.expect("The Bottom of the Well");
  c.send_line("east");
  c.expect("The way forward is blocked until this room is cleared.");
  c.expect("hp] > ");
  c.send_line("fight");
  c.expect("Round 1:");
  c.send_line("quaff draught");
  c.expect("You drink a healing draught. You feel better");
  c.send_line("inventory");
  const std::string inv = c.expect("Hit points");
  EXPECT_EQ(inv.find("draught"), std::string::npos) << inv;
  c.send_line("quaff draught");
  c.expect("You carry no 'draught'.");
}

TEST(Economy, ReadingAScrollHasItsEffectIdentifiesItsKindAndTheScrollCrumbles) {
  server_process server;
  telnet_client c(server.port());
  c.create("Dot", "dotpassword");
  const std::uint64_t ward = seed_with_effect("ward");
  spawn(c, ward);
  c.send_line("examine scroll");
  c.expect("You do not know what this scroll does.");
  c.send_line("read scroll");
  c.expect("A shimmering ward settles around you");
  c.expect("The scroll crumbles to dust.");
  c.send_line("score");
  c.expect("Ward: ");
  c.send_line("inventory");
  c.expect("You carry nothing.");
  // Reading one taught Dot the kind: another ward scroll says what it is.
  spawn(c, ward);
  c.send_line("examine scroll");
  c.expect("It is a scroll of warding.");
  c.send_line("drop scroll");
  c.expect("You drop");

  // A map scroll below ground draws the branch; a return scroll brings Dot back to the well.
  c.send_line("down");
  c.expect("The Bottom of the Well");
  c.send_line("east");
  c.expect("depth 1]");
  const std::string map = read_new(c, seed_with_effect("map"));
  EXPECT_NE(map.find("The ink crawls into a map"), std::string::npos) << map;
  const std::string back = read_new(c, seed_with_effect("return"));
  EXPECT_NE(back.find("at the foot of the ladder"), std::string::npos) << back;
  EXPECT_NE(back.find("Exits: north, east, south, west, up."), std::string::npos) << back;
}

TEST(Economy, TheMerchantIdentifiesAScrollForSilver) {
  server_process server;
  telnet_client c(server.port());
  c.create("Eve", "evepassword");
  earn(c, seed_with_effect("return"));
  spawn(c, seed_with_effect("heal"));
  c.send_line("examine scroll");
  c.expect("You do not know what this scroll does.");
  c.send_line("identify scroll");
  c.expect("it is a scroll of mending");
  c.send_line("examine scroll");
  c.expect("It is a scroll of mending.");
  c.expect("hp] > ");
  server.restart();
  telnet_client again(server.port());
  again.connect("Eve", "evepassword");
  again.send_line("examine scroll");
  again.expect("It is a scroll of mending.");
}

TEST(Economy, InTheDarkOnlyALanternShowsTheRoom) {
  const dark_content dark;
  server_process server("[content]\ndir = \"" + dark.dir.string() + "\"\n");
  telnet_client c(server.port());
  c.create("Fay", "faypassword");
  earn(c, seed_with_effect("return"));
  earn(c, seed_with_effect("return"));
  c.send_line("down");
  c.expect("The Bottom of the Well");
  c.send_line("east");
  c.expect("It is pitch dark. You can make out the exits and little else.");
  c.expect("Exits:");
  c.send_line("survey");
  c.expect("It is too dark to make out the shape of this place.");
  c.send_line("west");
  c.expect("The Bottom of the Well");
  c.send_line("up");
  c.expect("The Village Square");
  c.send_line("buy lantern");
  c.expect("You buy a brass lantern");
  c.send_line("down");
  c.expect("The Bottom of the Well");
  c.send_line("east");
  c.expect("depth 1]");
  c.send_line("look");
  const std::string room = c.expect("Exits:");
  EXPECT_EQ(room.find("pitch dark"), std::string::npos) << room;
  c.send_line("survey");
  const std::string surveyed = c.expect("hp] > ");
  EXPECT_EQ(surveyed.find("too dark"), std::string::npos) << surveyed;
}

TEST(Economy, ScoreAndTheBoardOfTheDeepestDelvers) {
  server_process server;
  telnet_client c(server.port());
  c.create("Gus", "guspassword");
  c.send_line("deepest");
  c.expect("The board by the well is blank");
  c.send_line("down");
  c.expect("The Bottom of the Well");
  c.send_line("east");
  c.expect("depth 1]");
  const std::string status = status_with(c, "\"deepest\":1");
  EXPECT_NE(status.find("\"deepest\":1"), std::string::npos) << status;
  c.send_line("score");
  c.expect("Deepest depth reached: 1");
  c.expect("Monsters defeated: 0");
  c.send_line("deepest");
  c.expect("1. Gus, depth 1");
  c.expect("hp] > ");
  server.restart();
  telnet_client again(server.port());
  again.connect("Gus", "guspassword");
  again.send_line("deepest");
  again.expect("1. Gus, depth 1");
}

TEST(Economy, GearIsBoughtByTierWieldedAndKeptAcrossARestart) {
  server_process server;
  telnet_client c(server.port());
  c.create("Gus", "guspassword");
  const dw::content::item_def* knife = tables().find_weapon("rusty_knife");
  ASSERT_NE(knife, nullptr);
  std::int64_t silver = 0;
  while (silver < knife->price) {
    silver += earn(c, seed_with_effect("heal"));
  }
  c.send_line("list");
  c.expect("Weapons and armour (you have been to depth 0 and are level 1):");
  c.expect("a rusty knife, up to 4 damage a blow - " + std::to_string(knife->price) + " silver");
  c.expect("Not yet, for those who have been to depth 8 or reached level 3:");
  c.expect("a short sword, up to 7 damage a blow - 150 silver");
  c.expect("hp] > ");
  c.send_line("buy short sword");
  c.expect("The merchant keeps the short sword for those who have been to depth 8 or reached level 3.");
  c.send_line("compare knife");
  c.expect("a rusty knife (up to 4) would hit harder");
  c.send_line("buy knife");
  c.expect("You buy a rusty knife for " + std::to_string(knife->price) + " silver");
  c.send_line("wield knife");
  c.expect("You wield a rusty knife.");
  c.send_line("drop knife");
  c.expect("You are wielding a rusty knife; remove it first to drop it.");
  c.send_line("score");
  c.expect("Silver: " + std::to_string(silver - knife->price));
  c.expect("Gear: a rusty knife (wielded)");
  c.expect("hp] > ");

  server.restart();
  telnet_client again(server.port());
  again.connect("Gus", "guspassword");
  again.send_line("inventory");
  again.expect("a rusty knife (wielded)");
  again.send_line("score");
  again.expect("Silver: " + std::to_string(silver - knife->price));
}
