// Output built alone (a real roster, fake connections): what it keeps of each connection (whether this event
// owes it a prompt, whether it is looking at one, the GMCP its client asked for) lives in output's own table by connection id, not in flags
// on the shared connection record (issue 29).
#include <gtest/gtest.h>

#include <string>

#include "server/game/output/output.hpp"
#include "tests/game/game_harness.hpp"

namespace {

using namespace dw::game;
using dw::testing::fake_port;

struct output_alone {
  roster people;
  live_settings settings{dw::testing::fast_settings()};
  output out{people, settings};
};

TEST(OutputMarks, APromptIsLeftWithANewLineUnlessEnterWasPressedAndNothingIsKeptAfterForget) {
  output_alone o;
  fake_port port;
  connection& ann = o.people.add_connection(port, 0);
  EXPECT_EQ(o.out.connections_kept(), 0U) << "nothing is kept before the first output";
  EXPECT_FALSE(o.out.at_prompt(ann));

  o.out.send(ann, "Welcome.\n");
  o.out.end_event(0);
  const std::string first = port.take();
  ASSERT_EQ(first.rfind("Welcome.\n", 0), 0U) << "no new line before the first text: " << first;
  const std::string prompt = first.substr(std::string("Welcome.\n").size());
  EXPECT_FALSE(prompt.empty());
  EXPECT_TRUE(o.out.at_prompt(ann));
  EXPECT_EQ(o.out.connections_kept(), 1U);

  o.out.send(ann, "A voice.\n");  // (while the person looks at the prompt)
  o.out.end_event(0);
  EXPECT_EQ(port.take(), "\nA voice.\n" + prompt) << "the prompt is left for the text";

  o.out.fresh_line(ann);  // (Enter pressed)
  EXPECT_FALSE(o.out.at_prompt(ann));
  o.out.send(ann, "Done.\n");
  o.out.end_event(0);
  EXPECT_EQ(port.take(), "Done.\n" + prompt) << "after Enter no new line is owed";

  const std::uint64_t id = ann.id;
  o.out.forget(id);
  o.people.remove_connection(id);
  EXPECT_EQ(o.out.connections_kept(), 0U) << "nothing is left after a disconnect";
}

TEST(OutputMarks, EachConnectionSentToIsFlushedOnceAndOnlyTextOwesAPrompt) {
  output_alone o;
  fake_port ann_port;
  fake_port bob_port;
  connection& ann = o.people.add_connection(ann_port, 0);
  connection& bob = o.people.add_connection(bob_port, 0);
  o.out.gmcp_supports(bob) = {"Room"};  // (output keeps what GMCP a client asked for, by connection id)
  for (int i = 0; i < 10; ++i) {  // (fewer lines than a page: the pager keeps out of it)
    o.out.send(ann, "a\n");
    o.out.send_gmcp(bob, "Core.Ping", "");
  }
  EXPECT_EQ(o.out.touched().size(), 2U) << "each connection once";
  o.out.end_event(0);
  EXPECT_EQ(ann_port.flushes, 1);
  EXPECT_EQ(ann_port.prompt_marks, 1);
  EXPECT_EQ(bob_port.flushes, 1);
  EXPECT_EQ(bob_port.prompt_marks, 0) << "GMCP alone gets no prompt";
  EXPECT_TRUE(o.out.touched().empty());

  o.out.send_gmcp(bob, "Core.Ping", "");
  o.out.send(bob, "b\n");  // text after GMCP in the same event: the prompt is owed after all
  o.out.end_event(0);
  EXPECT_EQ(bob_port.prompt_marks, 1);

  o.out.send(ann, "taken back\n");
  o.out.discard_event();
  EXPECT_TRUE(o.out.touched().empty());
  o.out.send_gmcp(ann, "Room.Info", "{}");  // (ann asked for no Room: nothing is sent, nothing owed)
  o.out.end_event(0);
  EXPECT_EQ(ann_port.flushes, 1) << "a discarded event and GMCP the client did not ask for flush nothing";

  EXPECT_EQ(o.out.connections_kept(), 2U);
  o.out.forget(bob.id);
  EXPECT_EQ(o.out.connections_kept(), 1U);
  EXPECT_TRUE(o.out.gmcp_supports_of(bob).empty()) << "a connection's GMCP choices go with it";
}

}  // namespace
