// Login abuse at the game level: throttling across connections, lock-out, the login screen's limits.
#include <gtest/gtest.h>

#include "server/store/accounts.hpp"
#include "server/store/audit.hpp"
#include "tests/game/game_harness.hpp"

using dw::testing::game_harness;
using dw::testing::has;

namespace {

dw::config::settings quick_failures() {
  dw::config::settings s = dw::testing::fast_settings();
  s.accounts.failed_login_base_delay_ms = 0;  // answers at once: these tests are about counts
  s.accounts.failed_login_max_delay_ms = 0;
  s.accounts.lockout_after_failures = 3;
  return s;
}

}  // namespace

TEST(LoginAbuse, RepeatedFailuresLockTheAccountUntilAnAdministratorLiftsIt) {
  game_harness h(quick_failures());
  auto admin = h.create("Ada");
  auto dora = h.create("Dora", "rightpassword");
  h.line(dora, "quit");
  auto thief = h.connect();
  for (int i = 0; i < 3; ++i) {
    h.line(thief, "connect Dora wrongpassword");
    EXPECT_TRUE(has(thief.port->take(), "Wrong name or password.")) << i;
  }
  h.line(thief, "connect Dora rightpassword");
  std::string out = thief.port->take();
  EXPECT_TRUE(has(out, "This character is locked")) << "even the right password waits out the lock: " << out;
  EXPECT_FALSE(has(out, "Welcome back")) << out;
  EXPECT_GT(dw::store::accounts::find_by_name(h.services.db(), "Dora")->locked_until, h.services.clock);

  h.line(admin, "@unlock Dora");
  EXPECT_TRUE(has(admin.port->take(), "Dora may log in again"));
  auto owner = h.connect();
  h.line(owner, "connect Dora rightpassword");
  out = owner.port->take();
  EXPECT_TRUE(has(out, "Welcome back, Dora.")) << out;
  EXPECT_TRUE(has(out, "there were 3 failed attempts to log in as you")) << out;
  EXPECT_EQ(dw::store::accounts::find_by_name(h.services.db(), "Dora")->failed_logins, 0);
  // Every guess is on record.
  int failed = 0;
  for (const auto& row : dw::store::audit::last(h.services.db(), 50)) {
    failed += row.actor == "Dora" && row.action.rfind("failed login", 0) == 0 ? 1 : 0;
  }
  EXPECT_EQ(failed, 3);
}

TEST(LoginAbuse, AFailureSlowsTheNextGuessOnAnyConnection) {
  dw::config::settings s = dw::testing::fast_settings();
  s.accounts.failed_login_base_delay_ms = 1000;
  s.accounts.failed_login_max_delay_ms = 8000;
  game_harness h(s);
  h.create("Dora", "rightpassword");
  auto first = h.connect();
  h.line(first, "connect Dora wrongpassword");
  EXPECT_TRUE(has(first.port->take(), "Wrong name or password."));
  // A fresh connection gains nothing: the wait belongs to the account and the address.
  auto second = h.connect();
  h.line(second, "connect Dora rightpassword");
  std::string out = second.port->take();
  EXPECT_TRUE(has(out, "Too many failed logins; wait 1 second")) << out;
  EXPECT_FALSE(has(out, "Welcome")) << out;
  h.services.steady += 1000;
  h.line(second, "connect Dora rightpassword");
  EXPECT_TRUE(has(second.port->take(), "Welcome back, Dora."));
}

TEST(LoginAbuse, OneAddressHasOnlySoManyConnectionsAtTheLoginScreen) {
  dw::config::settings s = dw::testing::fast_settings();
  s.server.max_unauthenticated_per_address = 2;
  game_harness h(s);
  auto a = h.connect();
  auto b = h.connect();
  auto c = h.connect();
  EXPECT_FALSE(a.port->closed);
  EXPECT_FALSE(b.port->closed);
  EXPECT_TRUE(c.port->closed);
  EXPECT_TRUE(has(c.port->take(), "Too many connections from your address are at the login screen"));
  // Logging in frees the slot: players already in the game do not count.
  h.line(a, "create Ann password123");
  auto d = h.connect();
  EXPECT_FALSE(d.port->closed);
}

TEST(LoginAbuse, TheLoginScreenTimesOut) {
  game_harness h;
  auto idle = h.connect();
  auto player = h.create("Ann");
  h.services.clock += h.world.settings().server.login_timeout_seconds;
  h.world.tick();
  h.services.drain();
  EXPECT_TRUE(idle.port->closed);
  EXPECT_TRUE(has(idle.port->take(), "You did not log in in time."));
  EXPECT_FALSE(player.port->closed) << "players are not on the login screen";
}

TEST(LoginAbuse, AccountCreationIsCappedPerAddressPerHour) {
  dw::config::settings s = dw::testing::fast_settings();
  s.accounts.max_creations_per_address_per_hour = 2;
  game_harness h(s);
  h.create("Ann");
  h.create("Bob");
  auto third = h.connect();
  h.line(third, "create Cid password123");
  EXPECT_TRUE(has(third.port->take(), "Too many characters have been made from your address in the last hour"));
  EXPECT_EQ(dw::store::accounts::count(h.services.db()), 2);
  h.services.clock += 3600;
  h.line(third, "create Cid password123");
  EXPECT_TRUE(has(third.port->take(), "Welcome to Deepwell, Cid."));
}

TEST(LoginAbuse, PasswordChecksPerAddressAreBounded) {
  game_harness h;  // two checks per address at once by default
  h.create("Dora", "rightpassword");
  auto a = h.connect();
  auto b = h.connect();
  auto c = h.connect();
  // Nothing is drained: the first two checks are still running when the third arrives.
  h.world.on_line(a.id, "connect Dora wrongpass1");
  h.world.on_line(b.id, "connect Dora wrongpass2");
  h.world.on_line(c.id, "connect Dora wrongpass3");
  EXPECT_EQ(h.world.logins().passwords().running(), 2U);
  EXPECT_EQ(h.world.logins().passwords().waiting(), 0U) << "the third check was refused, not queued";
  h.services.drain();  // (the refusal itself waits for its audit row)
  const std::string refused = c.port->take();
  EXPECT_TRUE(has(refused, "Your address already has logins being checked")) << refused;
}

TEST(LoginAbuse, AFloodIsWarnedOnceThenDisconnected) {
  dw::config::settings s = dw::testing::fast_settings();
  s.server.max_commands_per_second = 5;
  s.server.flood_disconnect_seconds = 2;
  game_harness h(s);
  auto ann = h.create("Ann");
  ann.port->take();
  std::string seen;
  for (int i = 0; i < 400 && !ann.port->closed; ++i) {
    h.services.steady += 10;  // 100 lines a second
    h.line(ann, "look");
    seen += ann.port->take();
  }
  EXPECT_TRUE(ann.port->closed) << "a sustained flood ends in a disconnect";
  std::size_t warnings = 0;
  for (std::size_t at = seen.find("typing faster"); at != std::string::npos; at = seen.find("typing faster", at + 1)) {
    ++warnings;
  }
  EXPECT_EQ(warnings, 1U) << "warned once, not once per dropped line";
  EXPECT_TRUE(has(seen, "You kept sending commands too fast. Goodbye."));
}
