// Getting back in after a lock-out without SQL: the real binary lifts bans and forgets settings changed in
// the game from the command line (only while no server has the database), and --check lists both.
#include "tests/integration/admin_support.hpp"

using namespace dw::testing::admin_flow;
using dw::testing::run_deepwell;

namespace {

/// The same configuration and database as the server's, then `more`.
std::vector<std::string> offline(const server_process& server, std::vector<std::string> more) {
  std::vector<std::string> args{"--config", (server.dir() / "test.toml").string(), "--db", server.db_path().string()};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

/// A client that connects from 127.0.1.66, outside the bans on 127.0.0.* the tests make.
client_options from_elsewhere() {
  client_options o;
  o.source_address = "127.0.1.66";
  return o;
}

}  // namespace

TEST(AdminRecovery, UnbanAndLiftBansOnTheCommandLineLetPlayersBackInAndWaitForTheServerToStop) {
  server_process server;
  {
    telnet_client ann(server.port(), from_elsewhere());
    ann.create("Ann", "annpassword");
    telnet_client bob(server.port());
    bob.create("Bob", "bobpassword");
    ann.send_line("@ban Bob none cheating");
    ann.expect("Banned account Bob for good.");
    EXPECT_TRUE(bob.wait_closed());
    ann.send_line("@ban 127.0.0.* none flood confirm");
    ann.expect("Banned address 127.0.0.* for good.");
  }
  const std::optional<std::string> refused = everything_until_closed(server.port(), 20s);
  ASSERT_TRUE(refused.has_value());
  EXPECT_TRUE(contains(*refused, "Your address is banned from Deepwell for good. Reason: flood")) << *refused;

  // While the server runs, the command line changes nothing (and says why).
  const auto busy = run_deepwell(offline(server, {"--unban", "127.0.0.*"}), 60s);
  EXPECT_EQ(busy.status, 3) << busy.output;
  EXPECT_TRUE(contains(busy.output, "is open in another process (a running Deepwell server")) << busy.output;
  EXPECT_TRUE(contains(busy.output, "nothing was changed")) << busy.output;
  const std::optional<std::string> still = everything_until_closed(server.port(), 20s);
  ASSERT_TRUE(still.has_value()) << "the ban must still be in force";

  ASSERT_EQ(server.stop(), 0);
  const auto lifted = run_deepwell(offline(server, {"--unban", "127.0.0.*"}), 60s);
  ASSERT_EQ(lifted.status, 0) << lifted.output;
  EXPECT_TRUE(contains(lifted.output, "Lifted the ban on address 127.0.0.* for good, by Ann since ")) << lifted.output;
  EXPECT_TRUE(contains(lifted.output, "Bans still in force: 1.")) << lifted.output;
  EXPECT_TRUE(contains(lifted.output, "  account Bob for good, by Ann since ")) << lifted.output;

  server.start();
  {
    telnet_client cid(server.port());  // from 127.0.0.1 again
    cid.create("Cid", "cidpassword");
    telnet_client bob(server.port());
    bob.expect("quit");
    bob.send_line("connect Bob bobpassword");
    bob.expect("This character is banned for good. Reason: cheating");
    EXPECT_TRUE(bob.wait_closed());
  }
  ASSERT_EQ(server.stop(), 0);
  const auto all = run_deepwell(offline(server, {"--lift-bans"}), 60s);
  ASSERT_EQ(all.status, 0) << all.output;
  EXPECT_TRUE(contains(all.output, "Lifted the ban on account Bob for good, by Ann since ")) << all.output;
  EXPECT_TRUE(contains(all.output, "No bans are left in force.")) << all.output;

  server.start();
  telnet_client bob(server.port());
  bob.connect("Bob", "bobpassword");
  // The audit trail says what the command line did.
  telnet_client ann(server.port(), wide_client());
  ann.connect("Ann", "annpassword");
  const std::string audit = answer(ann, "@audit 10", "Last ");
  EXPECT_TRUE(contains(audit, "command line: --unban 127.0.0.* -> Lifted the ban on address 127.0.0.*")) << audit;
  EXPECT_TRUE(contains(audit, "command line: --lift-bans -> Lifted the ban on account Bob")) << audit;
}

TEST(AdminRecovery, CheckListsTheBansAndTheSettingsChangedInTheGameAndResetSettingClearsOne) {
  server_process server;
  {
    telnet_client ann(server.port(), from_elsewhere());
    ann.create("Ann", "annpassword");
    ann.send_line("@config log.level off");
    ann.expect("log.level = \"off\" (saved; it survives restarts).");
    ann.send_line("@ban 10.9.* 2h flood confirm");
    ann.expect("Banned address 10.9.* for 2h.");
  }
  ASSERT_EQ(server.stop(), 0);

  const auto check = run_deepwell(offline(server, {"--check"}), 60s);
  ASSERT_EQ(check.status, 0) << check.output;
  EXPECT_TRUE(contains(check.output, "Bans in force: 1.\n  address 10.9.* until ")) << check.output;
  EXPECT_TRUE(contains(check.output, ", by Ann since ")) << check.output;
  EXPECT_TRUE(contains(check.output,
                       "Settings changed in the game (@config), which win over the config file: 1.\n"
                       "  log.level = \"off\" (the config file says \"info\")"))
      << check.output;
  EXPECT_TRUE(contains(check.output, "configuration, content and database are fine")) << check.output;

  const auto unknown = run_deepwell(offline(server, {"--reset-setting", "log.colour"}), 60s);
  EXPECT_EQ(unknown.status, 2) << unknown.output;
  EXPECT_TRUE(contains(unknown.output, "There is no setting called 'log.colour'")) << unknown.output;

  const auto reset = run_deepwell(offline(server, {"--reset-setting", "log.level"}), 60s);
  ASSERT_EQ(reset.status, 0) << reset.output;
  EXPECT_TRUE(contains(reset.output, "Reset log.level: the value \"off\" set in the game is gone")) << reset.output;

  const auto again = run_deepwell(offline(server, {"--check"}), 60s);
  ASSERT_EQ(again.status, 0) << again.output;
  EXPECT_TRUE(contains(again.output, "Settings changed in the game (@config): none; the config file's values apply."))
      << again.output;
  EXPECT_TRUE(contains(again.output, "Bans in force: 1.")) << again.output;

  // The config file's level is back: a refused login is logged again.
  server.start();
  telnet_client nobody(server.port());
  nobody.expect("quit");
  nobody.send_line("connect Nobody somepassword");
  EXPECT_TRUE(server.wait_file_log("failed login: no account 'Nobody'")) << server.file_log_text();
}
