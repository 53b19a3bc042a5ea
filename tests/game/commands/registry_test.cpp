#include <gtest/gtest.h>

#include "server/game/commands/command_parser.hpp"
#include "server/game/commands/command_registry.hpp"
#include "server/game/login/login_throttle.hpp"
#include "server/game/output/text_wrap.hpp"

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
  // Times are milliseconds of a steady clock.
  login_throttle t(100, 1000);
  EXPECT_EQ(t.fail("ann", "1.2.3.4", 0), 100);
  EXPECT_EQ(t.fail("ann", "1.2.3.4", 1), 200);
  EXPECT_EQ(t.fail("ann", "1.2.3.4", 2), 400);
  EXPECT_EQ(t.fail("ann", "1.2.3.4", 3), 800);
  EXPECT_EQ(t.fail("ann", "1.2.3.4", 4), 1000);
  // The address is still suspicious for another name.
  EXPECT_EQ(t.fail("bob", "1.2.3.4", 5), 1000);
  // A different address guessing the same account is slowed too.
  EXPECT_EQ(t.fail("ann", "5.6.7.8", 6), 1000);
  t.succeed("ann");
  EXPECT_EQ(t.fail("ann", "9.9.9.9", 7), 100);
  // Failures are forgotten after a quiet quarter hour.
  EXPECT_EQ(t.fail("bob", "1.2.3.4", 7 + login_throttle::forget_after_ms + 1), 100);
}

TEST(LoginThrottle, TheWaitHoldsAcrossConnectionsForTheAccountAndTheAddress) {
  login_throttle t(500, 8000);
  EXPECT_EQ(t.wait_ms("ann", "1.2.3.4", 0), 0);
  t.fail("ann", "1.2.3.4", 1000);
  // Reconnecting changes nothing: the wait belongs to the account and to the address.
  EXPECT_EQ(t.wait_ms("ann", "1.2.3.4", 1100), 400);
  EXPECT_EQ(t.wait_ms("ann", "5.6.7.8", 1100), 400) << "another address guessing the same account waits too";
  EXPECT_EQ(t.wait_ms("bob", "1.2.3.4", 1100), 400) << "the same address guessing another account waits too";
  EXPECT_EQ(t.wait_ms("bob", "5.6.7.8", 1100), 0);
  EXPECT_EQ(t.wait_ms("ann", "1.2.3.4", 1500), 0);
  // An unknown account counts against the address only.
  t.fail("", "9.9.9.9", 2000);
  EXPECT_EQ(t.wait_ms("", "9.9.9.9", 2000), 500);
  EXPECT_EQ(t.wait_ms("carl", "1.1.1.1", 2000), 0);
}

TEST(CreationLimit, CountsPerAddressOverTheLastHour) {
  creation_limit c;
  EXPECT_TRUE(c.allowed("1.2.3.4", 0, 2));
  c.record("1.2.3.4", 0);
  c.record("1.2.3.4", 10);
  EXPECT_FALSE(c.allowed("1.2.3.4", 20, 2));
  EXPECT_TRUE(c.allowed("5.6.7.8", 20, 2));
  c.forget("1.2.3.4", 10);  // that creation did not happen after all
  EXPECT_TRUE(c.allowed("1.2.3.4", 20, 2));
  c.record("1.2.3.4", 30);
  EXPECT_FALSE(c.allowed("1.2.3.4", 3599, 2));
  EXPECT_TRUE(c.allowed("1.2.3.4", 3600, 2)) << "an hour later the first one no longer counts";
}

TEST(CommandRegistry, EachCommandBelongsToTheFamilyItWasRegisteredIn) {
  command_registry r;
  const auto add = [&r](const char* name) {
    command_def c;
    c.name = name;
    r.add(std::move(c));
  };
  add("before");
  r.begin_family("movement");
  add("north");
  r.begin_family("talk");
  add("say");
  r.begin_family("movement");  // a family named again is the same one
  add("south");
  EXPECT_EQ(r.families(), (std::vector<std::string>{"other", "movement", "talk"}));
  EXPECT_EQ(r.find("before", role::player).found->family, 0u);
  EXPECT_EQ(r.find("north", role::player).found->family, 1u);
  EXPECT_EQ(r.find("say", role::player).found->family, 2u);
  EXPECT_EQ(r.find("south", role::player).found->family, 1u);
}
