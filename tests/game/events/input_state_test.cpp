// The event loop built alone (a real roster and output, the inline services, no world): what it keeps of
// each connection lives in its input queue's own table by connection id (issue 29: not in the shared
// connection), made when first needed, dropped when the connection leaves and when it is back at rest; and a
// line that waits for a branch to be read. Then the input queue built alone.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "server/game/events/event_loop.hpp"
#include "server/game/events/input_queue.hpp"
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

/// What the event loop and its input queue are built over: the inline services, the settings, a real roster
/// and output.
struct parts_below {
  dw::testing::inline_services services;
  live_settings settings{dw::testing::fast_settings()};
  roster people;
  output out{people, settings};
};

struct events_alone : parts_below {
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
  EXPECT_EQ(e.events.inputs().tracked(), 0U) << "a connection that has typed nothing costs the event loop nothing";

  // Waiting (logging in): lines are kept, in order, in the event loop's entry for the connection.
  bob.stage = login_stage::waiting;
  e.events.line(bob, "look");
  e.events.line(bob, "say hi");
  EXPECT_TRUE(e.events.inputs().tracks(bob.id));
  EXPECT_EQ(e.events.inputs().typed_ahead(bob.id), 2U);
  EXPECT_TRUE(e.ran.empty());
  e.events.line(ann, "who");
  EXPECT_EQ(e.ran, std::vector<std::string>{"who"}) << "one connection waiting holds nobody else up";
  EXPECT_EQ(e.events.inputs().tracked(), 2U);

  const std::uint64_t bob_id = bob.id;
  e.leave(bob_id);
  EXPECT_FALSE(e.events.inputs().tracks(bob_id)) << "no entry is left after a disconnect";
  EXPECT_EQ(e.events.inputs().typed_ahead(bob_id), 0U);
  EXPECT_EQ(e.ran, std::vector<std::string>{"who"}) << "the lines it had typed ahead are dropped, never run";
  e.leave(ann.id);
  EXPECT_EQ(e.events.inputs().tracked(), 0U);
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
  EXPECT_TRUE(e.events.inputs().tracks(ann.id)) << "an empty bucket is kept";
  EXPECT_TRUE(e.events.inputs().tracks(bob.id)) << "a line typed ahead is kept";

  e.services.steady += 5000;  // the bucket refills and the flood is over
  e.events.idle_tick();
  EXPECT_FALSE(e.events.inputs().tracks(ann.id)) << "back at rest: dropped";
  EXPECT_EQ(e.events.inputs().typed_ahead(bob.id), 1U);
  for (std::int64_t i = 0; i < burst; ++i) {
    ASSERT_FALSE(e.events.over_command_rate(ann)) << i << ": no entry reads as a full bucket";
  }
  EXPECT_TRUE(e.events.over_command_rate(ann));
  e.leave(ann.id);
  e.leave(bob.id);
  EXPECT_EQ(e.events.inputs().tracked(), 0U);
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
  EXPECT_EQ(e.events.inputs().typed_ahead(ann.id), 2U) << "the deferred line waits first in line";
  EXPECT_TRUE(e.loads.loaded.empty());

  e.services.release_reads();
  EXPECT_EQ(e.loads.loaded, std::vector<std::int64_t>{7}) << "the branch was read once";
  EXPECT_EQ(e.ran, (std::vector<std::string>{"look", "look", "say hi"})) << "the line ran again, whole, then the next";
  const std::string out = port.take();
  EXPECT_EQ(out.find("You did look.\n"), out.rfind("You did look.\n")) << "said once:\n" << out;
  EXPECT_NE(out.find("You did look.\n"), std::string::npos) << out;
  EXPECT_NE(out.find("You did say hi.\n"), std::string::npos) << out;
  EXPECT_EQ(e.events.inputs().typed_ahead(ann.id), 0U);
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
  EXPECT_EQ(e.events.inputs().typed_ahead(ann.id), 0U);
  e.events.line(ann, "say hi");  // the connection is not left waiting
  EXPECT_EQ(e.ran.back(), "say hi");
}

// ---------------------------------------------------------------- the input queue alone
// What comes in from each connection before it runs: lines typed while a connection is busy wait in order; a
// line that waits for a branch goes back first in line and gives up after a bound; typing ahead is bounded;
// idle connections are warned, then let go.

using verdict = input_queue::verdict;

/// The input queue built alone (no event loop or world) over one connection in play.
struct queue_alone : parts_below {
  input_queue inputs{settings, people, out, services};
  dw::testing::fake_port port;
  connection& conn = people.add_connection(port, services.now());

  queue_alone() { conn.stage = login_stage::playing; }
  /// The next ready line's text ("" when none is ready), checking that it is `conn`'s.
  std::string next() {
    const input_queue::ready_line ready = inputs.next_ready();
    if (ready.conn == nullptr) {
      return "";
    }
    EXPECT_EQ(ready.conn, &conn);
    return ready.text;
  }
  /// What `conn` was sent, as it would leave at the end of an event.
  std::string sent() {
    out.end_event(0);
    return port.take();
  }
};

TEST(InputQueue, LinesTypedWhileBusyWaitInOrderUntilItIsNot) {
  queue_alone q;
  EXPECT_EQ(q.inputs.arrived(q.conn, "look"), verdict::run) << "a connection at rest runs its line at once";
  q.conn.stage = login_stage::waiting;  // (logging in)
  EXPECT_EQ(q.inputs.arrived(q.conn, "north"), verdict::kept);
  EXPECT_EQ(q.inputs.arrived(q.conn, "say hi"), verdict::kept);
  EXPECT_EQ(q.inputs.typed_ahead(q.conn.id), 2U);
  EXPECT_EQ(q.next(), "") << "nothing runs while it is busy";

  q.conn.stage = login_stage::playing;
  EXPECT_EQ(q.inputs.arrived(q.conn, "score"), verdict::kept) << "a new line goes behind those waiting";
  EXPECT_EQ(q.next(), "north");
  EXPECT_EQ(q.next(), "say hi");
  EXPECT_EQ(q.next(), "score");
  EXPECT_EQ(q.next(), "");
  EXPECT_EQ(q.inputs.typed_ahead(q.conn.id), 0U);
  EXPECT_EQ(q.inputs.arrived(q.conn, "look"), verdict::run);
}

TEST(InputQueue, ACommandBeingSavedHoldsTheLinesTypedMeanwhile) {
  queue_alone q;
  q.inputs.await_commit(q.conn);
  EXPECT_EQ(q.inputs.arrived(q.conn, "north"), verdict::kept);
  EXPECT_EQ(q.inputs.arrived(q.conn, "east"), verdict::kept);
  EXPECT_EQ(q.next(), "");
  q.inputs.commit_done(q.conn.id);
  EXPECT_EQ(q.next(), "north");

  // A refused command: what was typed after it is dropped, and counted for the message.
  q.inputs.await_commit(q.conn);
  EXPECT_EQ(q.inputs.arrived(q.conn, "west"), verdict::kept);
  q.inputs.commit_done(q.conn.id);
  EXPECT_EQ(q.inputs.drop_typed_ahead(q.conn.id), 2U);
  EXPECT_EQ(q.next(), "");
  EXPECT_EQ(q.inputs.drop_typed_ahead(q.conn.id), 0U);
}

TEST(InputQueue, ALineWaitingForABranchGoesFirstAndGivesUpAfterTheBound) {
  queue_alone q;
  ASSERT_EQ(q.inputs.arrived(q.conn, "look"), verdict::run);
  EXPECT_TRUE(q.inputs.wait_for_load(q.conn, "look"));
  EXPECT_EQ(q.inputs.arrived(q.conn, "say hi"), verdict::kept);
  EXPECT_EQ(q.inputs.typed_ahead(q.conn.id), 2U);
  EXPECT_EQ(q.next(), "") << "it waits for the read";
  EXPECT_FALSE(q.inputs.load_done(q.conn.id, true));
  EXPECT_EQ(q.next(), "look") << "the line that waited runs again first";
  EXPECT_EQ(q.next(), "say hi");

  // Run again and again after each read, the same line gives up after the bound.
  ASSERT_EQ(q.inputs.arrived(q.conn, "look"), verdict::run);
  for (int i = 0; i < input_queue::max_load_waits; ++i) {
    ASSERT_TRUE(q.inputs.wait_for_load(q.conn, "look")) << i;
    q.inputs.load_done(q.conn.id, true);
    ASSERT_EQ(q.next(), "look");
  }
  EXPECT_FALSE(q.inputs.wait_for_load(q.conn, "look"));
  EXPECT_EQ(q.next(), "") << "nothing was kept";

  // A new line starts its count again; a read that fails drops the line that waited for it.
  ASSERT_EQ(q.inputs.arrived(q.conn, "north"), verdict::run);
  EXPECT_TRUE(q.inputs.wait_for_load(q.conn, "north"));
  EXPECT_TRUE(q.inputs.load_done(q.conn.id, false)) << "the sender is to be told";
  EXPECT_EQ(q.next(), "");
  EXPECT_EQ(q.inputs.arrived(q.conn, "look"), verdict::run) << "not left waiting";
}

TEST(InputQueue, TypingAheadIsBoundedAndWarnedOnce) {
  queue_alone q;
  q.conn.stage = login_stage::waiting;
  for (std::size_t i = 0; i < input_queue::max_typed_ahead_lines + 3; ++i) {
    q.inputs.arrived(q.conn, "line " + std::to_string(i));
  }
  EXPECT_EQ(q.inputs.typed_ahead(q.conn.id), input_queue::max_typed_ahead_lines);
  const std::string warned = q.sent();
  EXPECT_NE(warned.find("You have typed too far ahead"), std::string::npos) << warned;
  EXPECT_EQ(warned.find("typed too far"), warned.rfind("typed too far")) << "once:\n" << warned;
  // Bytes are bounded too.
  q.inputs.forget(q.conn.id);
  q.inputs.arrived(q.conn, std::string(input_queue::max_typed_ahead_bytes, 'x'));
  q.inputs.arrived(q.conn, "one more");
  EXPECT_EQ(q.inputs.typed_ahead(q.conn.id), 1U);
}

TEST(InputQueue, TheLinesOfAConnectionClosingOrGoneNeverRun) {
  queue_alone q;
  dw::testing::fake_port other_port;
  connection& other = q.people.add_connection(other_port, q.services.now());
  other.stage = login_stage::waiting;
  q.conn.stage = login_stage::waiting;
  q.inputs.arrived(q.conn, "look");
  q.inputs.arrived(other, "who");
  q.conn.closing = true;
  other.stage = login_stage::playing;
  q.conn.stage = login_stage::playing;
  const input_queue::ready_line ready = q.inputs.next_ready();
  EXPECT_EQ(ready.conn, &other);
  EXPECT_EQ(ready.text, "who");
  EXPECT_EQ(q.inputs.typed_ahead(q.conn.id), 0U) << "the closing connection's lines were dropped";

  q.inputs.arrived(other, "score");  // (it has nothing waiting now: run at once)
  other.stage = login_stage::waiting;
  q.inputs.arrived(other, "north");
  q.inputs.forget(other.id);
  EXPECT_FALSE(q.inputs.tracks(other.id));
  other.stage = login_stage::playing;
  EXPECT_EQ(q.inputs.next_ready().conn, nullptr);
}

TEST(InputQueue, AnIdleConnectionIsWarnedOnceThenLetGo) {
  queue_alone q;
  const std::int64_t timeout = q.settings.get().server.idle_timeout_seconds;
  q.services.clock += timeout - 60;  // within the warning's spell, before the timeout
  q.inputs.idle_tick();
  const std::string warned = q.sent();
  EXPECT_NE(warned.find("You have been idle for a while"), std::string::npos) << warned;
  EXPECT_TRUE(q.inputs.tracks(q.conn.id)) << "the warning is remembered";
  q.inputs.idle_tick();
  EXPECT_EQ(q.sent().find("idle for a while"), std::string::npos) << "warned once";

  q.services.clock += 60;
  q.inputs.idle_tick();
  EXPECT_TRUE(q.port.closed);
  EXPECT_NE(q.sent().find("You have been idle too long"), std::string::npos);
}

TEST(InputQueue, ALineTypedEndsTheIdleSpellAndTheEntryGoesOnceAtRest) {
  queue_alone q;
  const std::int64_t timeout = q.settings.get().server.idle_timeout_seconds;
  q.services.clock += timeout - 60;
  q.inputs.idle_tick();
  ASSERT_TRUE(q.inputs.tracks(q.conn.id));
  ASSERT_EQ(q.inputs.arrived(q.conn, "look"), verdict::run);
  q.services.clock += 60;
  q.services.steady += 5000;  // (the command's token is back)
  q.inputs.idle_tick();
  EXPECT_FALSE(q.port.closed) << "typing ended the idle spell";
  EXPECT_FALSE(q.inputs.tracks(q.conn.id)) << "back at rest: nothing kept";
}

TEST(InputQueue, ALoginThatTakesTooLongIsLetGo) {
  queue_alone q;
  q.conn.stage = login_stage::ask_name;
  q.services.clock += q.settings.get().server.login_timeout_seconds - 1;
  q.inputs.idle_tick();
  EXPECT_FALSE(q.port.closed);
  q.services.clock += 1;
  q.inputs.idle_tick();
  EXPECT_TRUE(q.port.closed);
  EXPECT_NE(q.sent().find("You did not log in in time"), std::string::npos);
}

}  // namespace
