// In-game administration over a real telnet connection: the countdown shutdown, the audit trail and
// the hot reboot that keeps everyone connected.
#include "tests/integration/admin_support.hpp"

using namespace dw::testing::admin_flow;

// ---------------------------------------------------------------- 14. shutdown

TEST(AdminShutdown, CountdownWarnsEveryoneThenStopsTheServerCleanly) {
  server_process server;
  telnet_client ann(server.port());
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port());
  bob.create("Bob", "bobpassword");

  ann.send_line("@shutdown 12 maintenance");
  ann.expect("Shutdown in 12 seconds.");
  for (telnet_client* c : {&ann, &bob}) {
    c->expect("[Announcement] Deepwell will shut down in 12 seconds: maintenance");
  }
  // The next warning comes at 10 seconds (one-second ticks; a late tick may make it 9).
  for (telnet_client* c : {&ann, &bob}) {
    c->expect("[Announcement] Deepwell will shut down in ", 30s);
    const std::string left = c->expect(" seconds: maintenance", 5s);
    const int seconds = std::stoi(left.substr(0, left.find(' ')));
    EXPECT_LE(seconds, 10);
    EXPECT_GE(seconds, 1);
  }
  for (telnet_client* c : {&ann, &bob}) {
    c->expect("Deepwell is shutting down now.", 60s);
    EXPECT_TRUE(c->wait_closed(60s));
  }
  EXPECT_EQ(server.stop(), 0);
}

TEST(AdminShutdown, CountdownCanBeCancelled) {
  server_process server;
  telnet_client ann(server.port());
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port());
  bob.create("Bob", "bobpassword");

  ann.send_line("@shutdown cancel");
  ann.expect("No shutdown is counting down.");
  ann.send_line("@shutdown 90000");
  ann.expect("The countdown is 0 to 86400 seconds.");
  ann.send_line("@shutdown 300");
  ann.expect("Shutdown in 300 seconds.");
  bob.expect("[Announcement] Deepwell will shut down in 5 minutes.");
  ann.send_line("@shutdown cancel");
  ann.expect("[Announcement] The shutdown has been cancelled");
  ann.expect("Shutdown cancelled.");
  bob.expect("[Announcement] The shutdown has been cancelled");
  bob.send_line("look");
  bob.expect("The Village Square");
  EXPECT_EQ(server.stop(), 0);
}

// ---------------------------------------------------------------- 15. @audit

TEST(AdminAudit, AuditListsRecentAdminActionsAndFailedLogins) {
  server_process server;
  telnet_client ann(server.port(), wide_client());
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port());
  bob.create("Bob", "bobpassword");
  telnet_client stranger(server.port());
  stranger.expect("quit");
  stranger.send_line("connect Bob notbobspassword");
  stranger.expect("Wrong name or password.");

  ann.send_line("@wall hello all");
  ann.expect("[Announcement from Ann] hello all");
  ann.send_line("@audit nonsense");
  ann.expect("Usage: @audit [1-1000]");
  const std::string audit = answer(ann, "@audit 5", "Last ");
  // Each entry records what the command reported as its result, success or failure.
  EXPECT_TRUE(contains(audit, "Ann: @wall hello all -> ok: told everyone: hello all")) << audit;
  EXPECT_TRUE(contains(audit, "Ann: @audit nonsense -> failed: Usage: @audit [1-1000]")) << audit;
  EXPECT_TRUE(contains(audit, "Bob: failed login -> 127.0.0.1")) << audit;
  EXPECT_LE(lines_of(audit).size(), 1U + 5U + 1U) << audit;  // the title, five rows, the prompt
  EXPECT_TRUE(server.wait_log("admin Ann: @wall hello all"));
}

// ---------------------------------------------------------------- 16. hot reboot

TEST(AdminReboot, HotRebootKeepsEveryoneConnectedAndTheirState) {
  constexpr int max_hp = 1000;
  const std::int64_t seed = long_fight_seed(max_hp);
  ASSERT_GT(seed, 0);
  server_process server(seed_config(seed, "[game]\nfight_round_ms = 60000\ncharacter_max_hp = 1000\n"));
  const pid_t pid = server.pid();
  telnet_client ann(server.port(), wide_client());
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port(), wide_client());
  bob.create("Bob", "bobpassword");
  const std::string bob_room = walk_into_east_branch(bob);
  ASSERT_TRUE(contains(bob_room, "Type 'fight' to attack.")) << bob_room;
  bob.send_line("fight");
  bob.expect("You attack");
  const std::string round = bob.expect(prompt);
  // Rounds come only on the (here very slow) timer: typing fight again does not hurry one.
  bob.send_line("fight");
  bob.expect("You are already fighting; rounds come every few seconds.");
  const int hp_before = prompt_hp(round);
  ASSERT_GT(hp_before, 0) << round;
  telnet_client cid(server.port());
  settle_at_login_screen(cid);

  ann.send_line("@reboot");
  for (telnet_client* c : {&ann, &bob, &cid}) {
    c->expect("Deepwell is rebooting");
  }
  ann.expect("The world shimmers and settles: Deepwell has rebooted around you.");
  bob.expect("The world shimmers and settles: Deepwell has rebooted around you.");
  bob.expect("You are still fighting");  // the fight came across the reboot
  cid.expect("Deepwell has rebooted; please log in again.");
  EXPECT_TRUE(server.wait_log("hot reboot complete: 3 connections taken over"));
  EXPECT_EQ(server.pid(), pid);
  EXPECT_TRUE(process_running(pid)) << "the reboot replaced the image in place; the process runs on";
  const std::size_t gmcp_before_look = bob.all_gmcp().size();
  const std::string look = answer(bob, "look", "[East branch 1, 1,0, depth 1]");
  EXPECT_EQ(prompt_hp(look), hp_before) << look;
  // The client's GMCP Core.Supports list came across too (clients send it once): Room.Info still comes.
  bool room_info = false;
  for (std::size_t i = gmcp_before_look; i < bob.all_gmcp().size(); ++i) {
    room_info = room_info || bob.all_gmcp()[i].package == "Room.Info";
  }
  EXPECT_TRUE(room_info) << "Room.Info after the reboot, without a new Core.Supports.Set";
  EXPECT_TRUE(contains(look, "fighting here!")) << "the monsters are still there, fighting: " << look;
  const std::string who = answer(ann, "who", "Playing now:");
  EXPECT_TRUE(contains(who, "Ann (admin)")) << who;
  EXPECT_TRUE(contains(who, "Bob")) << who;
  EXPECT_TRUE(contains(who, "2 players.")) << who;
  ann.send_line("look");
  ann.expect("The Village Square");
  // Admin rights survive too, and the one at the login screen can log in on the same connection.
  ann.send_line("@who");
  ann.expect("3 connections.");
  // The telnet state came across: Bob's client, window and GMCP are still known.
  const std::string stat = answer(ann, "@stat Bob", "Bob (account");
  EXPECT_TRUE(contains(stat, "client DWTEST, 200x40, GMCP on")) << stat;
  EXPECT_TRUE(contains(stat, "hp " + std::to_string(hp_before) + "/1000, fighting")) << stat;
  const std::string branch = answer(ann, "@stat branch 1", "East branch 1");
  EXPECT_TRUE(contains(branch, "inside 1,")) << branch;
  // The fight goes on where it stopped: Bob is still in it, not starting a fresh fight...
  bob.send_line("fight");
  const std::string again = bob.expect(prompt);
  EXPECT_FALSE(contains(again, "You attack")) << again;
  EXPECT_TRUE(contains(again, "You are already fighting")) << again;
  // ... and the next round is fought with him in it (quitting fights one more round at once).
  bob.send_line("quit");
  bob.expect("You cannot escape a fight by leaving");
  bob.expect("Round 1:");
  EXPECT_TRUE(bob.wait_closed());
  const std::string audit = answer(ann, "@audit 10", "Last ");
  EXPECT_TRUE(contains(audit, "Ann: @reboot -> ok: reboot started")) << audit;
  cid.create("Cid", "cidpassword");

  // The listening socket survived: new connections are accepted on the same port.
  telnet_client dan(server.port());
  dan.create("Dan", "danpassword");
  EXPECT_EQ(server.stop(), 0);
  EXPECT_TRUE(ann.wait_closed());
}

TEST(AdminReboot, TheNewImageInheritsNoStrayDescriptors) {
  server_process server;
  const pid_t pid = server.pid();
  telnet_client ann(server.port());
  ann.create("Ann", "annpassword");
  const std::vector<std::string> before = open_files(pid);
  for (int reboot = 0; reboot < 2; ++reboot) {
    ann.send_line("@reboot");
    ann.expect("The world shimmers and settles: Deepwell has rebooted around you.");
    ann.expect(prompt);
  }
  // Only the listening socket and the connections are handed over. Anything else the old image had
  // open (its log file) must not stay open in the new one, or every reboot leaks one more descriptor.
  const std::vector<std::string> after = open_files(pid);
  EXPECT_EQ(count_open(after, "/logs/deepwell.log"), count_open(before, "/logs/deepwell.log"))
      << "before the reboots:\n"
      << joined(before) << "after two reboots:\n"
      << joined(after);
  EXPECT_EQ(count_open(after, "socket:"), count_open(before, "socket:")) << "before the reboots:\n"
                                                                         << joined(before) << "after two reboots:\n"
                                                                         << joined(after);
}

TEST(AdminReboot, ALoginInterruptedAtThePasswordPromptGetsItsEchoBack) {
  server_process server;
  telnet_client ann(server.port());
  ann.create("Ann", "annpassword");
  telnet_client cid(server.port());
  settle_at_login_screen(cid);
  cid.send_line("connect");
  cid.expect("Name: ");
  cid.send_line("Ann");
  cid.expect("Password: ");
  ASSERT_TRUE(cid.expect_command(WILL, ECHO)) << "the server hides the password as it is typed";

  ann.send_line("@reboot");
  cid.expect("Deepwell has rebooted; please log in again.");
  cid.expect("quit");
  // Back at the menu, what is typed must be visible again: the server gives the echo back.
  EXPECT_TRUE(cid.expect_command(WONT, ECHO, 5s)) << "the client was left typing blind at the login menu";
  ann.expect("Deepwell has rebooted around you");  // Ann's character is back in play (read on a worker)
  cid.send_line("who");
  cid.expect("1 player.");
}

// ---------------------------------------------------------------- 17. a reboot that cannot happen

TEST(AdminReboot, FailedStartUpCheckKeepsTheOldServerRunning) {
  server_process server;
  const pid_t pid = server.pid();
  telnet_client ann(server.port());
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port());
  bob.create("Bob", "bobpassword");
  const std::filesystem::path config_path = server.dir() / "test.toml";
  std::string good_config;
  {
    std::ifstream in(config_path);
    good_config.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  {
    // The running server read its config at start; the new image would read this broken one.
    std::ofstream config(config_path, std::ios::app);
    config << "\n[nonsense]\nnot_a_key = 1\n";
  }
  ann.send_line("@reboot");
  ann.expect("Reboot failed: the new binary failed its start-up check", 60s);
  bob.expect("[Announcement] The reboot did not happen; the game goes on.", 60s);
  EXPECT_TRUE(process_running(pid));
  bob.send_line("look");
  bob.expect("The Village Square");
  ann.send_line("look");
  ann.expect("The Village Square");
  telnet_client cid(server.port());
  cid.create("Cid", "cidpassword");

  // Once the config is good again, the next reboot goes through.
  std::ofstream(config_path, std::ios::trunc) << good_config;
  ann.send_line("@reboot");
  ann.expect("The world shimmers and settles: Deepwell has rebooted around you.", 60s);
  bob.expect("The world shimmers and settles: Deepwell has rebooted around you.", 60s);
  EXPECT_TRUE(process_running(pid));
  bob.send_line("look");
  bob.expect("The Village Square");
  EXPECT_EQ(server.stop(), 0);
}
