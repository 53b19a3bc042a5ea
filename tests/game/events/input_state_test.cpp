// The event loop built alone (a real roster and output, the inline services, no world): what it keeps of
// each connection lives in its own table by connection id (issue 29: not in the shared connection), made
// when first needed, dropped when the connection leaves and when it is back at rest; and a line that waits
// for a branch to be read.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "server/game/events/event_loop.hpp"
#include "tests/game/game_harness.hpp"

namespace {

using namespace dw::game;

/// Where the branches read go: counted (a branch read is "in memory" from then on).
class counted_loads final : public load_target {
 public:
  void branch_loaded(const storage::branch_snapshot& snapshot) override { loaded.push_back(snapshot.branch_id); }
  void room_missing(std::int64_t) override {}
  std::optional<load_request> needed_for(const connection&) override { return std::nullopt; }
  std::vector<std::int64_t> loaded;
};

struct events_alone {
  dw::testing::inline_services services;
  live_settings settings{dw::testing::fast_settings()};
  roster people;
  output out{people, settings};
  event_loop events{settings, people, out, services};
  counted_loads loads;
  std::vector<std::string> ran;  ///< the lines handed on, in order
  /// Lines need branch 7 (deferral tests): each says what it did, then asks for the branch unless it is in
  /// memory, which it is once read, or never when `read_never_helps`.
  bool need_branch = false;
  bool read_never_helps = false;

  events_alone() {
    events.connect(
        [this](connection& conn, std::string_view line) {
          ran.emplace_back(line);
          if (!need_branch) {
            return;
          }
          out.send(conn, "You did " + std::string(line) + ".\n");
          if (read_never_helps || loads.loaded.empty()) {
            events.defer_until_loaded(load_request{7, 0});
          }
        },
        loads);
  }
  /// A connection arrives as world::on_connect makes it (nothing of the event loop's yet).
  connection& arrive(dw::testing::fake_port& port) { return people.add_connection(port, services.now()); }
  /// A connection leaves as world::on_disconnect takes it away.
  void leave(std::uint64_t id) {
    events.connection_gone(id);
    people.remove_connection(id);
    events.flush();
  }
};

TEST(EventLoopInputs, AnEntryIsMadeWhenFirstNeededAndDroppedOnDeparture) {
  events_alone e;
  dw::testing::fake_port ann_port;
  dw::testing::fake_port bob_port;
  connection& ann = e.arrive(ann_port);
  connection& bob = e.arrive(bob_port);
  EXPECT_EQ(e.events.tracked(), 0U) << "a connection that has typed nothing costs the event loop nothing";

  // Waiting (logging in): lines are kept, in order, in the event loop's entry for the connection.
  bob.stage = login_stage::waiting;
  e.events.line(bob, "look");
  e.events.line(bob, "say hi");
  EXPECT_TRUE(e.events.tracks(bob.id));
  EXPECT_EQ(e.events.typed_ahead(bob.id), 2U);
  EXPECT_TRUE(e.ran.empty());
  e.events.line(ann, "who");
  EXPECT_EQ(e.ran, std::vector<std::string>{"who"}) << "one connection waiting holds nobody else up";
  EXPECT_EQ(e.events.tracked(), 2U);

  const std::uint64_t bob_id = bob.id;
  e.leave(bob_id);
  EXPECT_FALSE(e.events.tracks(bob_id)) << "no entry is left after a disconnect";
  EXPECT_EQ(e.events.typed_ahead(bob_id), 0U);
  EXPECT_EQ(e.ran, std::vector<std::string>{"who"}) << "the lines it had typed ahead are dropped, never run";
  e.leave(ann.id);
  EXPECT_EQ(e.events.tracked(), 0U);
}

TEST(EventLoopInputs, AnEntryBackAtRestIsDroppedByTheIdleTickAndTheBucketIsFullAgain) {
  events_alone e;
  dw::testing::fake_port ann_port;
  dw::testing::fake_port bob_port;
  connection& ann = e.arrive(ann_port);
  connection& bob = e.arrive(bob_port);
  bob.stage = login_stage::waiting;
  e.events.line(bob, "look");  // (kept: bob's entry is not at rest while it holds a line)
  const std::int64_t burst = e.settings.get().server.max_commands_per_second * 2;
  for (std::int64_t i = 0; i < burst; ++i) {
    ASSERT_FALSE(e.events.over_command_rate(ann)) << i;
  }
  EXPECT_TRUE(e.events.over_command_rate(ann)) << "a full bucket holds twice the rate";

  e.events.idle_tick();
  EXPECT_TRUE(e.events.tracks(ann.id)) << "an empty bucket is kept";
  EXPECT_TRUE(e.events.tracks(bob.id)) << "a line typed ahead is kept";

  e.services.steady += 5000;  // the bucket refills and the flood is over
  e.events.idle_tick();
  EXPECT_FALSE(e.events.tracks(ann.id)) << "back at rest: dropped";
  EXPECT_EQ(e.events.typed_ahead(bob.id), 1U);
  for (std::int64_t i = 0; i < burst; ++i) {
    ASSERT_FALSE(e.events.over_command_rate(ann)) << i << ": no entry reads as a full bucket";
  }
  EXPECT_TRUE(e.events.over_command_rate(ann));
  e.leave(ann.id);
  e.leave(bob.id);
  EXPECT_EQ(e.events.tracked(), 0U);
}

TEST(EventLoopInputs, TheCommandRateIsEachConnectionsOwn) {
  events_alone e;
  dw::testing::fake_port ann_port;
  dw::testing::fake_port bob_port;
  connection& ann = e.arrive(ann_port);
  connection& bob = e.arrive(bob_port);
  const std::int64_t burst = e.settings.get().server.max_commands_per_second * 2;
  for (std::int64_t i = 0; i < burst; ++i) {
    ASSERT_FALSE(e.events.over_command_rate(ann)) << i;
  }
  EXPECT_TRUE(e.events.over_command_rate(ann));
  EXPECT_FALSE(e.events.over_command_rate(bob)) << "Ann's flood takes nothing from Bob's bucket";
}

// A line whose handler finds what it needs not in memory asks event_runner::defer_until_loaded and returns: the
// event is taken back, the branch read on a worker, and the line run again once it is in (issue 29: an
// explicit request, not an exception thrown through game code).
TEST(EventLoopDeferral, ALineNeedingABranchWaitsSilentlyAndRunsOnceItIsRead) {
  events_alone e;
  e.need_branch = true;
  dw::testing::fake_port port;
  connection& ann = e.arrive(port);
  e.services.hold_reads = true;  // the read runs; its answer waits, so the window between can be looked at
  e.events.line(ann, "look");
  e.events.line(ann, "say hi");  // typed while the first line waits: it keeps its place behind it
  EXPECT_EQ(e.ran, std::vector<std::string>{"look"});
  EXPECT_EQ(port.take(), "") << "nothing of a deferred line is said";
  EXPECT_EQ(e.events.typed_ahead(ann.id), 2U) << "the deferred line waits first in line";
  EXPECT_TRUE(e.loads.loaded.empty());

  e.services.release_reads();
  EXPECT_EQ(e.loads.loaded, std::vector<std::int64_t>{7}) << "the branch was read once";
  EXPECT_EQ(e.ran, (std::vector<std::string>{"look", "look", "say hi"})) << "the line ran again, whole, then the next";
  const std::string out = port.take();
  EXPECT_EQ(out.find("You did look.\n"), out.rfind("You did look.\n")) << "said once:\n" << out;
  EXPECT_NE(out.find("You did look.\n"), std::string::npos) << out;
  EXPECT_NE(out.find("You did say hi.\n"), std::string::npos) << out;
  EXPECT_EQ(e.events.typed_ahead(ann.id), 0U);
}

TEST(EventLoopDeferral, ALineThatKeepsWaitingGivesUpWithAMessageAfterTheBound) {
  events_alone e;
  e.need_branch = true;
  e.read_never_helps = true;
  dw::testing::fake_port port;
  connection& ann = e.arrive(port);
  e.events.line(ann, "look");
  e.services.drain();
  EXPECT_EQ(e.ran.size(), 4U) << "run once, then again after each of three reads, and no more";
  const std::string out = port.take();
  EXPECT_EQ(out.find("You did look."), std::string::npos) << "nothing of it happened:\n" << out;
  EXPECT_NE(out.find("Something went wrong, so nothing happened."), std::string::npos) << out;
  EXPECT_EQ(e.events.typed_ahead(ann.id), 0U);
  e.events.line(ann, "say hi");  // the connection is not left waiting
  EXPECT_EQ(e.ran.back(), "say hi");
}

}  // namespace
