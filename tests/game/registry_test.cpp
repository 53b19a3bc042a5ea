#include <gtest/gtest.h>

#include "server/game/command_parser.hpp"
#include "server/game/command_registry.hpp"
#include "server/game/login_throttle.hpp"
#include "server/game/text_wrap.hpp"

using namespace dw::game;

namespace {
command_registry sample() {
  command_registry r;
  for (const char* name : {"look", "inventory", "say", "south", "shutdown"}) {
    command_def c;
    c.name = name;
    if (std::string_view(name) == "look") {
      c.aliases = {"l"};
    }
    if (std::string_view(name) == "south") {
      c.aliases = {"s"};
    }
    if (std::string_view(name) == "shutdown") {
      c.min_role = role::admin;
    }
    r.add(std::move(c));
  }
  return r;
}
}  // namespace

TEST(CommandRegistry, FindsNamesAliasesAndUniquePrefixes) {
  const command_registry r = sample();
  EXPECT_EQ(r.find("look", role::player).found->name, "look");
  EXPECT_EQ(r.find("L", role::player).found->name, "look");
  EXPECT_EQ(r.find("inv", role::player).found->name, "inventory");
  EXPECT_EQ(r.find("s", role::player).found->name, "south");  // alias beats prefix
  EXPECT_EQ(r.find("sa", role::player).found->name, "say");
}

TEST(CommandRegistry, AmbiguousPrefixListsCandidates) {
  const command_registry r = sample();
  const auto found = r.find("s", role::admin);
  EXPECT_EQ(found.found->name, "south");
  const auto amb = r.find("sh", role::admin);
  EXPECT_EQ(amb.found->name, "shutdown");
  command_registry r2 = sample();
  command_def extra;
  extra.name = "sail";
  r2.add(extra);
  const auto two = r2.find("sa", role::player);
  EXPECT_EQ(two.found, nullptr);
  EXPECT_EQ(two.candidates.size(), 2U);
}

TEST(CommandRegistry, CommandsAboveYourRoleLookUnknown) {
  const command_registry r = sample();
  EXPECT_EQ(r.find("shutdown", role::player).found, nullptr);
  EXPECT_TRUE(r.find("shutdown", role::player).candidates.empty());
  EXPECT_EQ(r.find("@shutdown", role::admin).found->name, "shutdown");
  EXPECT_EQ(r.visible(role::player).size(), 4U);
}

TEST(CommandRegistry, AnAtNamedCommandWinsOverItsPlainNamesake) {
  command_registry r = sample();
  command_def who;
  who.name = "who";
  r.add(who);
  command_def admin_who;
  admin_who.name = "@who";
  admin_who.min_role = role::admin;
  r.add(admin_who);
  EXPECT_EQ(r.find("@who", role::admin).found->name, "@who");
  EXPECT_EQ(r.find("who", role::admin).found->name, "who");
  EXPECT_EQ(r.find("@who", role::player).found->name, "who");
}

TEST(CommandParser, SplitsVerbAndShortcuts) {
  auto p = parse_command("  say   hello there  ");
  EXPECT_EQ(p.verb, "say");
  EXPECT_EQ(p.args, "hello there");
  p = parse_command("'hi");
  EXPECT_EQ(p.verb, "say");
  EXPECT_EQ(p.args, "hi");
  p = parse_command(":waves");
  EXPECT_EQ(p.verb, "emote");
  EXPECT_EQ(p.args, "waves");
  EXPECT_TRUE(parse_command("   ").verb.empty());
}

TEST(TextWrap, WrapsWordsAndKeepsPreformattedLines) {
  std::string out;
  wrap_text("one two three four five six seven eight nine ten eleven twelve", 20, out);
  for (std::size_t start = 0; start < out.size();) {
    const std::size_t nl = out.find('\n', start);
    const std::size_t end = nl == std::string::npos ? out.size() : nl;
    EXPECT_LE(end - start, 20U);
    start = end + 1;
  }
  out.clear();
  const std::string map = "  +--+--+--+--+--+--+--+--+--+--+--+--+--+";
  wrap_text(map, 20, out);
  EXPECT_EQ(out, map);
}

TEST(TextWrap, CountsCodePointsNotBytes) {
  std::string out;
  wrap_text("ééééé ééééé ééééé ééééé", 24, out);  // 23 code points fit a 24-column window
  EXPECT_EQ(out.find('\n'), std::string::npos) << out;
}

TEST(LoginThrottle, DelayDoublesPerFailureUpToACap) {
  login_throttle t(100, 1000);
  EXPECT_EQ(t.fail("ann", "1.2.3.4", 0).count(), 100);
  EXPECT_EQ(t.fail("ann", "1.2.3.4", 1).count(), 200);
  EXPECT_EQ(t.fail("ann", "1.2.3.4", 2).count(), 400);
  EXPECT_EQ(t.fail("ann", "1.2.3.4", 3).count(), 800);
  EXPECT_EQ(t.fail("ann", "1.2.3.4", 4).count(), 1000);
  // The address is still suspicious for another name.
  EXPECT_EQ(t.fail("bob", "1.2.3.4", 5).count(), 1000);
  // A different address guessing the same account is slowed too.
  EXPECT_EQ(t.fail("ann", "5.6.7.8", 6).count(), 1000);
  t.succeed("ann");
  EXPECT_EQ(t.fail("ann", "9.9.9.9", 7).count(), 100);
  // Failures are forgotten after a quiet quarter hour.
  EXPECT_EQ(t.fail("bob", "1.2.3.4", 10000).count(), 100);
}
