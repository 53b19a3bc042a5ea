// Administrators' commands that used to do more (or less) than they said: each defect found in play.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>

#include "server/store/audit.hpp"
#include "server/store/bans.hpp"
#include "tests/game/game_harness.hpp"

using dw::testing::game_harness;

using dw::testing::has;

namespace {
/// What the client was shown, its lines joined again (replies are wrapped at the client's width).
std::string unwrapped(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  return text;
}
}  // namespace

TEST(AdminShutdown, AloneItOnlySaysWhetherOneIsPending) {
  game_harness h;
  auto ann = h.create("Ann");
  h.line(ann, "@shutdown");
  EXPECT_TRUE(has(ann.port->take(), "No shutdown is pending.")) << "a bare @shutdown must not start one";
  h.services.clock += 120;
  h.world.tick();
  EXPECT_FALSE(h.services.stopped);
  h.line(ann, "@shutdown 300 new binary");
  ann.port->take();
  h.line(ann, "@shutdown");
  EXPECT_TRUE(has(ann.port->take(), "A shutdown is due in 300 seconds (new binary)."));
}

TEST(AdminShutdown, ABadArgumentIsRefusedAndNowStopsAtOnce) {
  game_harness h;
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  h.line(ann, "@shutdown abc");
  EXPECT_TRUE(has(ann.port->take(), "'abc' is not a number of seconds."));
  EXPECT_FALSE(has(bob.port->take(), "shut down"));
  h.services.clock += 120;
  h.world.tick();
  EXPECT_FALSE(h.services.stopped);
  h.line(ann, "@shutdown -5");
  EXPECT_TRUE(has(ann.port->take(), "The countdown is 0 to 86400 seconds."));
  h.line(ann, "@shutdown now disk swap");
  EXPECT_TRUE(has(ann.port->take(), "Shutting down now."));
  h.services.clock += 1;
  h.world.tick();
  EXPECT_TRUE(h.services.stopped);
}

TEST(AdminShutdown, TheFirstWarningSaysTheSecondsAskedForWhenTheClockMovesOn) {
  // Found in CI: the deadline and the first warning read the clock apart, so a second boundary between
  // them announced 11 seconds for "@shutdown 12".
  game_harness h;
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  h.services.clock_step = 1;  // every reading of the clock is a second later than the one before
  h.line(ann, "@shutdown 12 maintenance");
  EXPECT_TRUE(has(ann.port->take(), "Shutdown in 12 seconds."));
  const std::string told = bob.port->take();
  EXPECT_TRUE(has(told, "Deepwell will shut down in 12 seconds: maintenance")) << told;
}

TEST(AdminAudit, ShowsLocalDateAndTimeNotUnixSeconds) {
  game_harness h;
  auto ann = h.create("Ann");
  h.line(ann, "@wall hello");
  h.line(ann, "@audit 5");
  const std::string out = ann.port->take();
  EXPECT_TRUE(std::regex_search(out, std::regex(R"(\n  \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} Ann: @wall hello)"))) << out;
  EXPECT_FALSE(has(out, std::to_string(h.services.clock))) << out;
}

TEST(AdminSummon, SomeonePresentIsNotSummoned) {
  game_harness h;
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  h.line(ann, "@summon Bob");
  EXPECT_TRUE(has(ann.port->take(), "Bob is already here.")) << "both start in the village square";
  EXPECT_FALSE(has(bob.port->take(), "summons you"));
  h.line(ann, "@summon Ann");
  EXPECT_TRUE(has(ann.port->take(), "You are already where you are."));
  h.line(bob, "down");
  bob.port->take();
  h.line(ann, "@summon bob");
  EXPECT_TRUE(has(ann.port->take(), "You summon Bob."));
  EXPECT_TRUE(has(bob.port->take(), "Ann summons you."));
}

TEST(AdminBan, AnAccountThatDoesNotExistIsNotBanned) {
  game_harness h;
  auto ann = h.create("Ann");
  h.line(ann, "@ban Nobody 2h testing");
  EXPECT_TRUE(has(ann.port->take(), "There is no account called Nobody; nothing was banned."));
  h.line(ann, "@bans");
  EXPECT_TRUE(has(ann.port->take(), "No bans."));
  h.create("Bob");
  h.line(ann, "@ban bob 2h testing");
  EXPECT_TRUE(has(ann.port->take(), "Banned account Bob for 2h."));
}

TEST(AdminBan, AnAddressBanThatWouldKickOthersNamesThemAndWaitsForConfirm) {
  game_harness h;
  auto ann = h.create_from("198.51.100.7", "Ann");
  auto bob = h.create("Bob");
  auto waiting = h.connect();  // at the login screen, on Bob's address
  waiting.port->take();
  h.line(ann, "@ban 192.0.2.1 30m school");
  const std::string asked = unwrapped(ann.port->take());
  EXPECT_TRUE(has(asked, "Banning 192.0.2.1 would disconnect 2 connections now: Bob (192.0.2.1), 1 connection at "
                         "the login screen.")) << asked;
  EXPECT_TRUE(has(asked, "Nothing was banned; add 'confirm'")) << asked;
  EXPECT_FALSE(bob.port->closed);
  EXPECT_TRUE(dw::store::bans::list(h.services.db()).empty());
  h.line(ann, "@ban 192.0.2.1 30m school confirm");
  EXPECT_TRUE(has(ann.port->take(), "Banned address 192.0.2.1 for 30m."));
  EXPECT_TRUE(bob.port->closed);
  EXPECT_TRUE(waiting.port->closed);
  EXPECT_TRUE(has(bob.port->take(), "You have been banned for 30m: school")) << "the reason is without 'confirm'";
  // One address nobody is on: no question asked.
  h.line(ann, "@ban 203.0.113.9 none");
  EXPECT_TRUE(has(ann.port->take(), "Banned address 203.0.113.9 for good."));
}

TEST(AdminBan, APatternWiderThanOneAddressSaysHowManyItCutsOffAndWaitsForConfirm) {
  game_harness h;
  auto ann = h.create_from("198.51.100.7", "Ann");
  auto bob = h.create("Bob");
  auto cat = h.create_from("192.0.2.200", "Cat");
  auto waiting = h.connect_from("192.0.2.99");
  waiting.port->take();
  h.line(ann, "@ban 192.0.2.* 30m school");
  const std::string asked = unwrapped(ann.port->take());
  EXPECT_TRUE(has(asked, "Banning 192.0.2.* covers more than one address and would disconnect 3 connections now: "
                         "Bob (192.0.2.1), Cat (192.0.2.200), 1 connection at the login screen.")) << asked;
  EXPECT_TRUE(has(asked, "Nothing was banned; add 'confirm'")) << asked;
  // A range is asked about even when it would cut off nobody now, CIDR blocks as '*' patterns.
  h.line(ann, "@ban 10.9.* none");
  const std::string nobody = unwrapped(ann.port->take());
  EXPECT_TRUE(has(nobody, "Banning 10.9.* covers more than one address and would disconnect nobody now.")) << nobody;
  h.line(ann, "@ban 10.9.0.0/16 none");
  EXPECT_TRUE(
      has(unwrapped(ann.port->take()), "Banning 10.9.0.0/16 covers more than one address and would disconnect nobody"));
  EXPECT_TRUE(dw::store::bans::list(h.services.db()).empty());
  EXPECT_FALSE(bob.port->closed);

  h.line(ann, "@ban 192.0.2.0/24 30m school confirm");
  EXPECT_TRUE(has(ann.port->take(), "Banned address 192.0.2.0/24 for 30m."));
  EXPECT_TRUE(bob.port->closed);
  EXPECT_TRUE(cat.port->closed);
  EXPECT_TRUE(waiting.port->closed);
  EXPECT_FALSE(ann.port->closed);
  auto later = h.connect_from("192.0.2.55");
  EXPECT_TRUE(
      has(unwrapped(later.port->take()), "Your address is banned from Deepwell for another 30 minutes. Reason: school"));
  EXPECT_TRUE(later.port->closed);
  // A block of one address is one address: no question.
  h.line(ann, "@ban 203.0.113.9/32 none");
  EXPECT_TRUE(has(ann.port->take(), "Banned address 203.0.113.9/32 for good."));
}

TEST(AdminBan, YourOwnAccountIsRefusedEvenWithConfirm) {
  game_harness h;
  auto ann = h.create("Ann");
  for (const char* line : {"@ban Ann", "@ban ann 2h", "@ban ANN none oops confirm"}) {
    h.line(ann, line);
    const std::string told = unwrapped(ann.port->take());
    EXPECT_TRUE(has(told, "You cannot ban your own account; nothing was banned.")) << line << ": " << told;
  }
  EXPECT_TRUE(dw::store::bans::list(h.services.db()).empty());
  EXPECT_FALSE(ann.port->closed);
  // Another administrator's account may be banned.
  h.create("Bea");
  h.line(ann, "@promote Bea admin");
  ann.port->take();
  h.line(ann, "@ban Bea 1h");
  EXPECT_TRUE(has(ann.port->take(), "Banned account Bea for 1h."));
}

TEST(AdminBan, APatternCoveringYourOwnAddressIsRefusedEvenWithConfirm) {
  game_harness h;
  auto ann = h.create("Ann");  // from 192.0.2.1
  for (const char* pattern : {"192.0.2.1", "192.0.2.*", "192.*", "1*", "192.0.0.0/16", "192.0.2.1/32",
                              "::ffff:192.0.2.1", "::ffff:192.0.2.0/120"}) {
    h.line(ann, "@ban " + std::string(pattern) + " 1h confirm");
    const std::string told = unwrapped(ann.port->take());
    EXPECT_TRUE(has(told, std::string(pattern) + " covers your own address (192.0.2.1): you would lock yourself "
                                                 "out. Nothing was banned"))
        << pattern << ": " << told;
  }
  EXPECT_TRUE(dw::store::bans::list(h.services.db()).empty());
  EXPECT_FALSE(ann.port->closed);
  auto again = h.connect();
  EXPECT_FALSE(again.port->closed);
}

TEST(AdminBan, APatternCoveringEveryAddressIsRefusedEvenWithConfirm) {
  game_harness h;
  auto ann = h.create_from("2001:db8::7", "Ann");  // so that the refusal is not only about her own address
  for (const char* pattern : {"*", "0.0.0.0/0", "::/0", "::/64", "::ffff:0:0/96"}) {
    h.line(ann, "@ban " + std::string(pattern) + " none confirm");
    const std::string told = unwrapped(ann.port->take());
    EXPECT_TRUE(has(told, "A ban on " + std::string(pattern) +
                              " would keep out every address, yours included; nothing was banned. To close the game "
                              "for a while, use @wizlock admin"))
        << pattern << ": " << told;
  }
  EXPECT_TRUE(dw::store::bans::list(h.services.db()).empty());
}

TEST(AdminBan, WhatIsNeitherAnAddressNorAPatternIsRefused) {
  game_harness h;
  auto ann = h.create_from("198.51.100.7", "Ann");
  for (const char* pattern : {"10.*.1.1", "10.1.2.3/33", "10.1.2.3/", "2001:db8::/129", "10.1.2", "10.1.2.3.4",
                              "a.b.c.d", "10.1.*x"}) {
    h.line(ann, "@ban " + std::string(pattern) + " 1h confirm");
    const std::string told = unwrapped(ann.port->take());
    EXPECT_TRUE(has(told, "'" + std::string(pattern) + "' is not an address or an address pattern: ")) << pattern
                                                                                                      << ": " << told;
  }
  EXPECT_TRUE(dw::store::bans::list(h.services.db()).empty());
}

TEST(AdminBan, ABanOnEveryAddressStoredByAnOlderVersionIsListedButNotEnforced) {
  game_harness h(dw::testing::fast_settings(), [](dw::store::database& db) {
    dw::store::ban_record b;
    b.kind = "address";
    b.target = "*";
    b.by = "Old";
    dw::store::bans::add(db, b);
    b.target = "0.0.0.0/0";
    dw::store::bans::add(db, b);
  });
  auto ann = h.create("Ann");
  EXPECT_FALSE(ann.port->closed) << "a ban on every address must not keep everyone out";
  h.line(ann, "@bans");
  const std::string listed = unwrapped(ann.port->take());
  EXPECT_TRUE(has(listed, "address *, by Old, for good (not enforced: it covers every address)")) << listed;
  EXPECT_TRUE(has(listed, "address 0.0.0.0/0, by Old, for good (not enforced: it covers every address)")) << listed;
  h.line(ann, "@unban *");
  EXPECT_TRUE(has(ann.port->take(), "Lifted 1 ban(s) on *."));
}

TEST(AdminPromote, TheCurrentRoleIsNotReportedAsAChange) {
  game_harness h;
  auto ann = h.create("Ann");
  h.create("Bob");
  h.line(ann, "@promote Bob player");
  EXPECT_TRUE(has(ann.port->take(), "Bob is already a player."));
  h.line(ann, "@promote Bob builder");
  EXPECT_TRUE(has(ann.port->take(), "Bob is now a builder."));
}

namespace {
/// The result recorded for the newest audit row whose action is `action`.
std::string audited_result(game_harness& h, std::string_view action) {
  std::string result = "(not audited)";
  for (const auto& row : dw::store::audit::last(h.services.db(), 50)) {
    if (row.action == action) {
      result = row.result;
    }
  }
  return result;
}
}  // namespace

TEST(AdminAuditSink, RecordsWhatTheCommandReportedNotItsFirstLine) {
  game_harness h;
  auto ann = h.create("Ann");
  h.create("Bob");
  h.line(ann, "@kick Bob too loud");
  EXPECT_EQ(audited_result(h, "@kick Bob too loud"), "ok: You kick Bob out.");
  h.line(ann, "@kick Nobody");
  EXPECT_EQ(audited_result(h, "@kick Nobody"), "failed: Nobody called 'Nobody' is playing.");
  h.line(ann, "@goto");  // refused by the command's parser, before it acts
  EXPECT_EQ(audited_result(h, "@goto"), "failed: Usage: @goto <player | room id | branch x,y>");
  h.line(ann, "@wall");
  EXPECT_EQ(audited_result(h, "@wall"), "failed: Usage: @wall <message>");
}

TEST(AdminAuditSink, ACommandThatFinishesLaterIsAuditedWithItsRealOutcome) {
  game_harness h;
  auto ann = h.create("Ann");
  // The account's existence is read on a worker: the entry is written when the answer is known.
  h.line(ann, "@ban Nobody 1h");
  EXPECT_EQ(audited_result(h, "@ban Nobody 1h"), "failed: There is no account called Nobody; nothing was banned.");
  h.create("Bob");
  h.line(ann, "@ban Bob 1h spamming");
  EXPECT_EQ(audited_result(h, "@ban Bob 1h spamming"), "ok: Banned account Bob for 1h. Reason: spamming");
  h.line(ann, "@promote Bob player");
  EXPECT_EQ(audited_result(h, "@promote Bob player"), "failed: Bob is already a player.");
}
