// A bounty end to end over a real telnet connection: the board in the village square, accept, the task
// done (a depth walked into, scrolls sold to the merchant), the reward at the board, and kill -9 right
// after each told step and a restart mid-task: what the player was told is what the restarted server has.
// The server runs on a copy of content/ whose board offers only tasks a test can do quickly.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>

#include "content/content_loader.hpp"
#include "content/scroll.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

using dw::testing::client_options;
using dw::testing::server_process;
using dw::testing::telnet_client;
namespace fs = std::filesystem;

namespace {

constexpr std::string_view password = "annpassword";

/// A copy of content/ whose board has three notices: reach depth 1, bring back two scrolls of one kind,
/// and open a rune door (which this test leaves alone).
struct quick_board {
  fs::path dir;
  quick_board() {
    dir = fs::temp_directory_path() / ("dw-bounties-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::copy(DW_CONTENT_DIR, dir, fs::copy_options::recursive);
    std::ofstream(dir / "bounties.toml", std::ios::trunc) << R"(
[board]
open = 3
most_held = 3

[[tasks]]
kind = "reach"
weight = 1
min_depth = 1
max_depth = 1
silver = 25
silver_per_depth = 0
xp = 40
xp_per_depth = 0

[[tasks]]
kind = "scroll"
weight = 1
min_count = 2
max_count = 2
silver = 30
silver_per_count = 0
xp = 50
xp_per_count = 0

[[tasks]]
kind = "open"
weight = 1
min_depth = 5
max_depth = 5
min_count = 1
max_count = 1
silver = 5
silver_per_depth = 0
silver_per_count = 0
xp = 5
xp_per_depth = 0
xp_per_count = 0
)";
  }
  ~quick_board() { fs::remove_all(dir); }
  const dw::content::content_tables& tables() {
    if (!tables_) {
      auto loaded = dw::content::load_content(dir);
      tables_ = std::get<dw::content::content_tables>(std::move(loaded));
    }
    return *tables_;
  }

 private:
  std::optional<dw::content::content_tables> tables_;
};

/// The number of the notice whose line holds `words`, read from the board's text ("  2. Reach depth 1 - ...").
int notice_with(const std::string& board, std::string_view words) {
  std::istringstream lines(board);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (line.find(words) != std::string::npos && std::regex_search(line, m, std::regex(R"(^\s+(\d+)\. )"))) {
      return std::stoi(m[1]);
    }
  }
  return 0;
}

/// The key of the scroll kind the board asks for ("Bring back 2 scrolls of mending ...").
std::string scroll_kind_asked(const dw::content::content_tables& t, const std::string& board) {
  for (const auto& e : t.scroll_effects) {
    constexpr std::string_view one = "a scroll ";
    if (e.name.starts_with(one) && board.find("2 scrolls " + e.name.substr(one.size())) != std::string::npos) {
      return e.key;
    }
  }
  return {};
}

std::uint64_t seed_with_effect(const dw::content::content_tables& t, std::string_view key) {
  for (std::uint64_t seed = 1; seed < 100000; ++seed) {
    if (const auto* e = dw::content::scroll_effect_of(t, seed); e != nullptr && e->key == key) {
      return seed;
    }
  }
  return 0;
}

/// A client whose window is wide enough that no notice wraps.
client_options wide() {
  client_options o;
  o.width = 200;
  return o;
}

std::int64_t scroll_value(const dw::content::content_tables& t, std::uint64_t seed) {
  dw::content::artefact_registry registry;
  dw::content::register_scroll(registry);
  const auto a = registry.generate(t, dw::content::scroll_type, seed);
  return std::max<std::int64_t>(1, std::llround(static_cast<double>(a->price) * t.merchant.scroll_factor));
}

/// Spawns the scroll (Ann is the world's first account: an administrator), picks it up and sells it;
/// returns what was said up to the bounty line `until`.
std::string sell_new(telnet_client& c, std::uint64_t seed, std::string_view until) {
  c.send_line("@spawn scroll " + std::to_string(seed));
  c.expect("(seed " + std::to_string(seed) + ")");
  c.send_line("get scroll");
  c.expect("You pick up");
  c.send_line("sell scroll");
  return c.expect(until);
}

}  // namespace

TEST(Bounty, AcceptDoHandInSurvivingKillNineAfterEachToldStep) {
  quick_board content;
  server_process server("[content]\ndir = \"" + content.dir.string() + "\"\n");
  auto c = std::make_unique<telnet_client>(server.port(), wide());
  c->create("Ann", password);
  c->send_line("bounties");
  const std::string board = c->expect("Type 'accept <number>'");
  const int reach = notice_with(board, "Reach depth 1 - 25 silver and 40 experience");
  const int scrolls = notice_with(board, "Bring back 2 scrolls");
  ASSERT_GT(reach, 0) << board;
  ASSERT_GT(scrolls, 0) << board;
  const std::string kind = scroll_kind_asked(content.tables(), board);
  ASSERT_FALSE(kind.empty()) << board;
  const std::uint64_t seed = seed_with_effect(content.tables(), kind);
  ASSERT_NE(seed, 0U);
  const std::int64_t value = scroll_value(content.tables(), seed);
  c->send_line("accept " + std::to_string(reach));
  c->expect("You take down notice " + std::to_string(reach) + ": Reach depth 1.");
  c->send_line("accept " + std::to_string(scrolls));
  c->expect("You take down notice " + std::to_string(scrolls) + ": Bring back 2 scrolls");
  // Char.Bounty: empty on entering play, then one task, then both.
  EXPECT_EQ(c->expect_gmcp("Char.Bounty"), R"({"tasks":[],"most_held":3,"completed":0})");
  c->expect_gmcp("Char.Bounty");
  const std::string gmcp = c->expect_gmcp("Char.Bounty");
  EXPECT_NE(gmcp.find("\"text\":\"Reach depth 1\""), std::string::npos) << gmcp;
  EXPECT_NE(gmcp.find("\"count\":2"), std::string::npos) << gmcp;

  // Half the scrolls, told: killed at once, then restarted mid-task.
  sell_new(*c, seed, "and sell them to the merchant (1 of 2).");
  server.kill9();
  c.reset();
  server.start();
  c = std::make_unique<telnet_client>(server.port(), wide());
  c->connect("Ann", password);
  c->send_line("score");
  c->expect("Bounties completed: 0");
  c->expect("and sell them to the merchant (1 of 2)");
  c->send_line("bounties");  // (nothing is done yet: nothing handed in)
  const std::string own = c->expect("Your bounties:");
  EXPECT_EQ(own.find("You hand in"), std::string::npos) << own;

  // Depth 1 reached, told: killed at once; the restarted server knows it is done.
  c->send_line("down");
  c->expect("The Bottom of the Well");
  c->send_line("east");
  c->expect("Bounty done: Reach depth 1!");
  server.kill9();
  c.reset();
  server.start();
  c = std::make_unique<telnet_client>(server.port(), wide());
  c->connect("Ann", password);
  c->send_line("score");
  c->expect("Reach depth 1 (done: hand it in at the board)");
  const std::string status = c->expect_gmcp("Char.Bounty");
  EXPECT_NE(status.find("\"done\":true"), std::string::npos) << "sent on entering play: " << status;

  // Back to the board, the second scroll, and the reward.
  c->send_line("west");
  c->expect("The Bottom of the Well");
  c->send_line("up");
  c->expect("The Village Square");
  sell_new(*c, seed, "Bounty done: Bring back 2 scrolls");
  c->send_line("bounties");
  // (the two are handed in in the order of the day's board, which changes at midnight UTC)
  const std::string handed = c->expect("You hold no bounties.");
  EXPECT_NE(handed.find("You hand in your bounty: Reach depth 1. The merchant counts out 25 silver for you."),
            std::string::npos)
      << handed;
  EXPECT_NE(handed.find("You hand in your bounty: Bring back 2 scrolls"), std::string::npos) << handed;
  EXPECT_NE(handed.find("The merchant counts out 30 silver for you."), std::string::npos) << handed;
  EXPECT_NE(handed.find("You gain 90 experience for completing 2 bounties."), std::string::npos) << handed;
  server.kill9();
  c.reset();
  server.start();
  c = std::make_unique<telnet_client>(server.port(), wide());
  c->connect("Ann", password);
  c->send_line("score");
  const std::string score = c->expect("Bounties completed: 2");
  EXPECT_NE(score.find("Silver: " + std::to_string(2 * value + 25 + 30)), std::string::npos) << score;
  // 40 + 50 for the bounties, and depth 1 reached for the first time (levels.toml).
  const auto& levels = content.tables().progression;
  const std::int64_t xp = 90 + levels.depth_xp(1);
  EXPECT_NE(
      score.find("Level: " + std::to_string(levels.level_for(xp).level) + " (" + std::to_string(xp) + " experience"),
      std::string::npos)
      << score;
  c->send_line("bounties");
  const std::string again = c->expect("You hold no bounties.");
  EXPECT_EQ(again.find("You hand in"), std::string::npos) << "paid once: " << again;
}
