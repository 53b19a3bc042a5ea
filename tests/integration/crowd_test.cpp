// Crowded rooms over real telnet: a look names at most game.crowd_names others and counts the rest, and a
// room holding more than game.crowd_size people hears walks gathered into one line per batch.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

using dw::testing::server_process;
using dw::testing::telnet_client;

namespace {

/// The line of `text` that holds `needle` (the last such line).
std::string line_with(const std::string& text, std::string_view needle) {
  const std::size_t at = text.rfind(needle);
  if (at == std::string::npos) {
    return {};
  }
  const std::size_t start = text.rfind('\n', at);
  const std::size_t end = text.find('\n', at);
  return text.substr(start == std::string::npos ? 0 : start + 1,
                     (end == std::string::npos ? text.size() : end) - (start == std::string::npos ? 0 : start + 1));
}

/// The "Here: ..." line of a look.
std::string here_line(telnet_client& c) {
  c.send_line("look");
  c.expect("Exits: ");  // (who is here comes after the exits)
  const std::string rest = c.expect_prompt();
  return line_with(rest, "Here: ");
}

/// Five players, created in this order, all standing in the village square (the most one address may create).
std::vector<std::unique_ptr<telnet_client>> five_in_the_square(const server_process& server) {
  std::vector<std::unique_ptr<telnet_client>> people;
  for (const char* name : {"Ann", "Bob", "Cleo", "Dan", "Eve"}) {
    people.push_back(std::make_unique<telnet_client>(server.port()));
    std::string password(name);
    password += "password";
    people.back()->create(name, password);
  }
  return people;
}

}  // namespace

TEST(Crowd, LookNamesAtMostCrowdNamesOthersAndCountsTheRest) {
  server_process server("[game]\ncrowd_names = 2\n");
  auto people = five_in_the_square(server);
  telnet_client& ann = *people[0];
  telnet_client& eve = *people[4];
  // (in arrival order; Eve herself is not among the others)
  EXPECT_EQ(here_line(eve), "Here: Ann, Bob and 2 others.");
  EXPECT_EQ(here_line(ann), "Here: Bob, Cleo and 2 others.");

  // Screen-reader mode: one line a name, then the rest counted.
  eve.send_line("screenreader on");
  eve.expect("Screen-reader mode is on");
  eve.send_line("look");
  const std::string spoken = eve.expect("are here.");
  EXPECT_NE(spoken.find("Ann is here.\nBob is here.\nAnd 2 others are here."), std::string::npos) << spoken;
  EXPECT_EQ(spoken.find("Cleo is here."), std::string::npos) << spoken;

  // One more than the cap reads "1 other"; at the cap every name shows as it always has.
  people[3]->send_line("quit");
  ASSERT_TRUE(people[3]->wait_closed());
  EXPECT_EQ(here_line(ann), "Here: Bob, Cleo and 1 other.");
  people[2]->send_line("quit");
  ASSERT_TRUE(people[2]->wait_closed());
  EXPECT_EQ(here_line(ann), "Here: Bob, Eve.");
}

TEST(Crowd, WalksInACrowdedRoomAreToldInOneLineABatch) {
  // (a long gathering time, so that three walks sent at once surely fall into one batch on a busy machine)
  server_process server("[game]\ncrowd_size = 3\ncrowd_flush_ms = 2000\n");
  auto people = five_in_the_square(server);
  telnet_client& ann = *people[0];
  telnet_client& bob = *people[1];
  telnet_client& cleo = *people[2];
  telnet_client& dan = *people[3];
  telnet_client& eve = *people[4];
  ann.expect("Eve appear");  // ("Eve appears." or, the square being crowded, "Dan and Eve appear.")

  // Five in the square, more than crowd_size: three leave at once and Ann hears one line.
  for (telnet_client* walker : {&bob, &cleo, &dan}) {
    walker->send_line("down");
  }
  for (telnet_client* walker : {&bob, &cleo, &dan}) {
    walker->expect("The Bottom of the Well");
  }
  const std::string left = ann.expect(" climb down the ladder.", std::chrono::seconds(10));
  const std::string line = line_with(left, " climb down the ladder.");
  for (const char* name : {"Bob", "Cleo", "Dan"}) {
    EXPECT_NE(line.find(name), std::string::npos) << line;
  }
  EXPECT_NE(line.find(" and "), std::string::npos) << line;
  EXPECT_EQ(left.find("climbs down the ladder."), std::string::npos) << "one line a person:\n" << left;

  // Back up one at a time: Ann, Eve and Bob are three, not a crowd, so Bob's arrival is told at once.
  bob.send_line("up");
  bob.expect("The Village Square");
  ann.expect("Bob arrives from below.");
  // Cleo and Dan make five: their arrivals are gathered, and each of them hears only of the other.
  cleo.send_line("up");
  dan.send_line("up");
  const std::string came = ann.expect(" arrive from below.", std::chrono::seconds(10));
  const std::string arrivals = line_with(came, " arrive from below.");
  EXPECT_TRUE(arrivals == "Cleo and Dan arrive from below." || arrivals == "Dan and Cleo arrive from below.")
      << arrivals;
  EXPECT_EQ(came.find("arrives from below."), std::string::npos) << "one line a person:\n" << came;
  eve.expect(arrivals);
  cleo.expect("Dan arrives from below.", std::chrono::seconds(10));
  dan.expect("Cleo arrives from below.", std::chrono::seconds(10));
}

TEST(Crowd, LoginsAndQuitsInACrowdedRoomJoinItsBatch) {
  server_process server("[game]\ncrowd_size = 3\ncrowd_flush_ms = 2000\n");
  auto people = five_in_the_square(server);
  telnet_client& ann = *people[0];
  ann.expect("Eve appear");
  // Three quit at once from a square of five: Ann hears one line of them, not one a person.
  for (std::size_t i = 2; i < 5; ++i) {
    people[i]->send_line("quit");
  }
  for (std::size_t i = 2; i < 5; ++i) {
    ASSERT_TRUE(people[i]->wait_closed());
  }
  const std::string gone = ann.expect(" fade away.", std::chrono::seconds(10));
  const std::string line = line_with(gone, " fade away.");
  for (const char* name : {"Cleo", "Dan", "Eve"}) {
    EXPECT_NE(line.find(name), std::string::npos) << line;
  }
  EXPECT_EQ(gone.find("fades away."), std::string::npos) << "one line a person:\n" << gone;
  // Ann and Bob are two, not a crowd: a login is told at once, as it always was.
  telnet_client cleo(server.port());
  cleo.connect("Cleo", "Cleopassword");
  ann.expect("Cleo appears.");
}

TEST(Crowd, BelowTheCrowdSizeEveryWalkIsToldAtOnce) {
  server_process server("[game]\ncrowd_size = 20\ncrowd_flush_ms = 60000\n");
  auto people = five_in_the_square(server);
  telnet_client& ann = *people[0];
  ann.expect("Eve appears.");
  people[1]->send_line("down");
  people[2]->send_line("down");
  // (were these gathered, they would wait a minute: the default test timeout is far shorter)
  ann.expect("Bob climbs down the ladder.");
  ann.expect("Cleo climbs down the ladder.");
  people[1]->send_line("up");
  ann.expect("Bob arrives from below.");
}
