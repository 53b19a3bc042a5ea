// In-game administration over a real telnet connection: who may use the commands, and moderation
// (@who, kick, bans, wizlock, wall).
#include "tests/integration/admin_support.hpp"

using namespace dw::testing::admin_flow;

// ---------------------------------------------------------------- 1. who may use them

TEST(AdminPermissions, PlayersGetTheTypoAnswerAndSeeNoAdminCommandInHelp) {
  server_process server;
  // (windows tall enough for the whole help: longer output would stop at --More--)
  telnet_client ann(server.port(), wide_client(200));
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port(), wide_client(200));
  bob.create("Bob", "bobpassword");

  for (std::string_view word : {"@kick", "@ban", "@config", "@reboot", "@shutdown", "@wall", "@who", "@stat", "@goto",
                                "@promote", "@branches", "@spawn", "@audit", "kick", "ban", "reboot"}) {
    bob.send_line(std::string(word) + " Ann");
    // "@who" falls back to the players' "who" for a player, which is fine: it is not the admin @who.
    if (word == "@who") {
      const std::string who = bob.expect("players.");
      EXPECT_FALSE(contains(who, "127.0.0.1")) << "a player must not see addresses: " << who;
      continue;
    }
    // (a word may be a slip from a player's command, "kick" from "kill": never from an administrator's)
    bob.expect("Unknown command '" + std::string(word) + "'.");
    const std::string rest = bob.expect("Type 'help'");
    const std::string bare(word.substr(word.front() == '@' ? 1 : 0));
    EXPECT_FALSE(contains(rest, "'" + bare + "'")) << "an administrator's command is never offered: " << rest;
  }
  bob.send_line("@shutdown 1");
  bob.expect("Unknown command '@shutdown'. Type 'help'.");

  const std::string player_help = answer(bob, "help", "Commands (");
  for (std::string_view admin_only : {"  @who ", "  ban ", "  kick ", "  config ", "  reboot ", "  shutdown ",
                                      "  wall ", "  audit ", "  branches ", "  spawn ", "  stat ", "  promote "}) {
    EXPECT_FALSE(contains(player_help, admin_only)) << admin_only << " listed for a player:\n" << player_help;
  }
  EXPECT_TRUE(contains(player_help, "  look ")) << player_help;
  bob.send_line("help kick");
  bob.expect("There is no help on 'kick'");

  const std::string admin_help = answer(ann, "help", "Commands (");
  for (std::string_view listed : {"  @who ", "  ban ", "  kick ", "  config ", "  reboot ", "  shutdown ", "  look "}) {
    EXPECT_TRUE(contains(admin_help, listed)) << listed << " missing for the admin:\n" << admin_help;
  }
  ann.send_line("help ban");
  ann.expect("A banned account cannot log in");

  // Nothing Bob typed happened: Ann is still here, no shutdown is counting down.
  ann.send_line("look");
  ann.expect("The Village Square");
  ann.expect(prompt);
  EXPECT_FALSE(contains(ann.all_text(), "[Announcement]")) << ann.all_text();
}

// ---------------------------------------------------------------- 2. @who

TEST(AdminModeration, WhoShowsEveryConnectionWithRoleAddressClientAndWindow) {
  server_process server;
  telnet_client ann(server.port(), wide_client(50));
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port());
  bob.create("Bob", "bobpassword");
  telnet_client cid(server.port());
  settle_at_login_screen(cid);

  const std::string who = answer(ann, "@who", " conn  name");
  EXPECT_TRUE(contains(who, "3 connections.")) << who;
  const std::string ann_line = line_with(who, " Ann ");
  EXPECT_TRUE(contains(ann_line, " admin ")) << who;
  EXPECT_TRUE(contains(ann_line, " 127.0.0.1 ")) << who;
  EXPECT_TRUE(contains(ann_line, " DWTEST ")) << who;
  EXPECT_TRUE(contains(ann_line, "200x50")) << who;
  EXPECT_TRUE(contains(ann_line, "The Village Square")) << who;
  const std::string bob_line = line_with(who, " Bob ");
  EXPECT_TRUE(contains(bob_line, " player ")) << who;
  EXPECT_TRUE(contains(bob_line, " 127.0.0.1 ")) << who;
  EXPECT_TRUE(contains(bob_line, " DWTEST ")) << who;
  EXPECT_TRUE(contains(bob_line, "100x40")) << who;
  const std::string cid_line = line_with(who, "(logging in)");
  ASSERT_FALSE(cid_line.empty()) << who;
  EXPECT_TRUE(contains(cid_line, " 127.0.0.1 ")) << who;
  EXPECT_TRUE(contains(cid_line, " DWTEST ")) << who;
  // "who" without the @ is the players' list, for the admin too.
  const std::string plain = answer(ann, "who", "Playing now:");
  EXPECT_TRUE(contains(plain, "2 players.")) << plain;
}

// ---------------------------------------------------------------- 3. @kick

TEST(AdminModeration, KickTellsThePlayerWhoAndWhyAndClosesTheConnection) {
  server_process server;
  telnet_client ann(server.port());
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port());
  bob.create("Bob", "bobpassword");
  ann.send_line("@kick Nobody");
  ann.expect("Nobody called 'Nobody' is playing.");
  ann.send_line("@kick Bob being rude");
  ann.expect("You kick Bob out.");
  bob.expect("You have been kicked out by Ann: being rude");
  EXPECT_TRUE(bob.wait_closed());
  ann.send_line("look");
  ann.expect("The Village Square");
  // Bob may come back: a kick is not a ban.
  telnet_client again(server.port());
  again.connect("Bob", "bobpassword");
}

// ---------------------------------------------------------------- 4 and 5. bans

TEST(AdminModeration, AddressBanKeepsNewConnectionsOutAndDropsOthersButNotTheAdmin) {
  server_process server;
  client_options elsewhere = wide_client();  // (so that the answers checked below are not wrapped)
  elsewhere.source_address = "127.0.1.66";    // a ban covering the administrator's own address is refused
  telnet_client ann(server.port(), elsewhere);
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port());
  bob.create("Bob", "bobpassword");
  telnet_client cid(server.port());
  settle_at_login_screen(cid);

  // Others on the address are named first, and nothing happens without "confirm".
  ann.send_line("@ban 127.0.0.* 30m testing");
  ann.expect("covers more than one address and would disconnect 2 connections now: Bob (127.0.0.1), 1 connection "
             "at the login");
  ann.send_line("@ban 127.0.0.* 30m testing confirm");
  ann.expect("Banned address 127.0.0.* for 30m.");
  bob.expect("You have been banned for 30m: testing");
  EXPECT_TRUE(bob.wait_closed());
  cid.expect("You have been banned for 30m: testing");
  EXPECT_TRUE(cid.wait_closed());

  const std::optional<std::string> refused = everything_until_closed(server.port(), 20s);
  ASSERT_TRUE(refused.has_value()) << "a banned address must be disconnected";
  EXPECT_TRUE(contains(*refused, "Your address is banned from Deepwell for another 30 minutes. Reason: testing"))
      << *refused;

  // The admin's own connection stays, and the ban is listed.
  const std::string bans = answer(ann, "@bans", "  address");
  EXPECT_TRUE(contains(bans, "address 127.0.0.*, by Ann, 30 min left: testing")) << bans;

  ann.send_line("@unban 127.0.0.*");
  ann.expect("Lifted 1 ban(s) on 127.0.0.*.");
  ann.send_line("@bans");
  ann.expect("No bans.");
  telnet_client back(server.port());
  back.connect("Bob", "bobpassword");
  ann.send_line("@unban 127.0.0.*");
  ann.expect("No ban on '127.0.0.*'.");
}

TEST(AdminModeration, AccountBanDropsThePlayerRefusesLoginsAndPersistsAcrossRestarts) {
  server_process server;
  {
    telnet_client ann(server.port());
    ann.create("Ann", "annpassword");
    telnet_client bob(server.port());
    bob.create("Bob", "bobpassword");
    ann.send_line("@ban Bob 2h cheating");
    ann.expect("Banned account Bob for 2h.");
    bob.expect("You have been banned for 2h: cheating");
    EXPECT_TRUE(bob.wait_closed());
    // An address pattern that matches nobody here, to see address bans survive the restart too.
    ann.send_line("@ban 10.9.* none confirm");
    ann.expect("Banned address 10.9.* for good.");

    telnet_client again(server.port());
    again.expect("quit");
    again.send_line("connect Bob bobpassword");
    again.expect("This character is banned for another 2 hours. Reason: cheating");
    EXPECT_TRUE(again.wait_closed());

    const std::string bans = answer(ann, "@bans", "  ");
    EXPECT_TRUE(contains(bans, "account Bob, by Ann, 120 min left: cheating")) << bans;
    EXPECT_TRUE(contains(bans, "address 10.9.*, by Ann, for good")) << bans;
  }
  ASSERT_EQ(server.stop(), 0);
  server.start();

  telnet_client ann(server.port());
  ann.connect("Ann", "annpassword");
  telnet_client bob(server.port());
  bob.expect("quit");
  bob.send_line("connect Bob bobpassword");
  bob.expect("This character is banned for another 2 hours. Reason: cheating");
  EXPECT_TRUE(bob.wait_closed());
  const std::string bans = answer(ann, "@bans", "  ");
  EXPECT_TRUE(contains(bans, "account Bob, by Ann, ")) << bans;
  EXPECT_TRUE(contains(bans, "address 10.9.*, by Ann, for good")) << bans;

  ann.send_line("@unban bob");
  ann.expect("Lifted 1 ban(s) on bob.");
  telnet_client welcome(server.port());
  welcome.connect("Bob", "bobpassword");
}

// ---------------------------------------------------------------- 6. @wizlock

TEST(AdminModeration, WizlockKeepsPlayersOutUntilLiftedAndSurvivesARestart) {
  server_process server;
  {
    telnet_client ann(server.port());
    ann.create("Ann", "annpassword");
    telnet_client bob(server.port());
    bob.create("Bob", "bobpassword");
    bob.send_line("quit");
    ASSERT_TRUE(bob.wait_closed());

    ann.send_line("@wizlock");
    ann.expect("Logins are open to everyone.");
    ann.send_line("@wizlock admin");
    ann.expect("Only admins and above may log in now.");
    ann.send_line("@wizlock");
    ann.expect("Logins are locked to admins and above.");
    ann.send_line("@wizlock wizards");
    ann.expect("Usage: @wizlock");

    telnet_client refused(server.port());
    refused.expect("quit");
    refused.send_line("connect Bob bobpassword");
    refused.expect("The game is locked to admins and above");
    EXPECT_TRUE(refused.wait_closed());
  }
  ASSERT_EQ(server.stop(), 0);
  server.start();

  telnet_client ann(server.port());
  ann.connect("Ann", "annpassword");  // an admin still gets in
  telnet_client refused(server.port());
  refused.expect("quit");
  refused.send_line("connect Bob bobpassword");
  refused.expect("The game is locked to admins and above");
  EXPECT_TRUE(refused.wait_closed());

  ann.send_line("@wizlock off");
  ann.expect("Logins are open to everyone again.");
  telnet_client bob(server.port());
  bob.connect("Bob", "bobpassword");
}

// ---------------------------------------------------------------- 7. @wall

TEST(AdminModeration, WallReachesEveryPlayer) {
  server_process server;
  telnet_client ann(server.port());
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port());
  bob.create("Bob", "bobpassword");
  telnet_client cid(server.port());
  cid.create("Cid", "cidpassword");
  cid.send_line("down");
  cid.expect("The Bottom of the Well");
  ann.send_line("@wall");
  ann.expect("Usage: @wall <message>");
  ann.send_line("@wall hello all");
  for (telnet_client* c : {&ann, &bob, &cid}) {
    c->expect("[Announcement from Ann] hello all");
  }
}
