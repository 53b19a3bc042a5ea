// How players name things: several words, any word, 2.tube, all and all.scroll.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "server/game/commands/naming.hpp"
#include "tests/game/game_harness.hpp"

using dw::game::name_matches;
using dw::game::object_query;
using dw::game::parse_object_query;
using dw::testing::game_harness;

TEST(Naming, AnyWordOfANameByItsStart) {
  EXPECT_TRUE(name_matches("mud crawlers", "crawler"));
  EXPECT_TRUE(name_matches("mud crawlers", "mud"));
  EXPECT_TRUE(name_matches("a plain iron sword", "plain iron"));
  EXPECT_TRUE(name_matches("a plain iron sword", "pl ir"));
  EXPECT_TRUE(name_matches("a plain iron sword", "PLAIN Sword"));
  EXPECT_FALSE(name_matches("a plain iron sword", "iron plain")) << "words keep their order";
  EXPECT_FALSE(name_matches("a plain iron sword", "plain plain")) << "each word on its own word";
  EXPECT_FALSE(name_matches("a plain iron sword", "axe"));
  EXPECT_FALSE(name_matches("a plain iron sword", "ironsword"));
  EXPECT_TRUE(name_matches("a brass-bound tube", "bound")) << "hyphens separate words";
  EXPECT_TRUE(name_matches("anything", "")) << "no words match everything";
}

TEST(Naming, QueriesCountAndCollect) {
  auto q = parse_object_query("2.tube");
  ASSERT_TRUE(q);
  EXPECT_FALSE(q->all);
  EXPECT_EQ(q->nth, 2U);
  EXPECT_EQ(q->words, "tube");
  q = parse_object_query("all.scroll");
  ASSERT_TRUE(q);
  EXPECT_TRUE(q->all);
  EXPECT_EQ(q->words, "scroll");
  q = parse_object_query("ALL");
  ASSERT_TRUE(q);
  EXPECT_TRUE(q->all);
  EXPECT_TRUE(q->words.empty());
  q = parse_object_query("plain iron");
  ASSERT_TRUE(q);
  EXPECT_EQ(q->nth, 1U);
  EXPECT_EQ(q->words, "plain iron");
  EXPECT_FALSE(parse_object_query(""));
  EXPECT_FALSE(parse_object_query("0.tube"));
  EXPECT_FALSE(parse_object_query("3."));
  // A dot that is not a count is part of the words.
  q = parse_object_query("st. elmo");
  ASSERT_TRUE(q);
  EXPECT_EQ(q->words, "st. elmo");
}

TEST(Naming, SelectPicksTheNthOrAll) {
  const std::vector<std::string> items{"a bone tube", "a plain sword", "a copper tube", "a scroll"};
  auto names = [](const std::string& s) { return s; };
  std::vector<std::size_t> picked;
  auto into = [&picked](std::size_t i) { picked.push_back(i); };
  EXPECT_EQ(dw::game::select_objects(items, *parse_object_query("2.tube"), names, into), 1U);
  EXPECT_EQ(picked, (std::vector<std::size_t>{2}));
  picked.clear();
  EXPECT_EQ(dw::game::select_objects(items, *parse_object_query("all.tube"), names, into), 2U);
  EXPECT_EQ(picked, (std::vector<std::size_t>{0, 2}));
  picked.clear();
  EXPECT_EQ(dw::game::select_objects(items, *parse_object_query("3.tube"), names, into), 0U);
  EXPECT_EQ(dw::game::select_objects(items, *parse_object_query("all"), names, into), 4U);
}

using dw::testing::has;

TEST(NamingInPlay, GetAndDropAllAndTheSecondOne) {
  game_harness h;
  auto ann = h.create("Ann");  // the first account: an administrator, who may @spawn
  h.line(ann, "@spawn scroll 11");
  h.line(ann, "@spawn scroll 12");
  h.line(ann, "@spawn scroll 13");
  ann.port->take();
  h.line(ann, "get all.scroll");
  std::string out = ann.port->take();
  EXPECT_EQ(h.world.people().find_character_by_name("Ann")->inventory.size(), 3U) << out;
  h.line(ann, "x decorated silver");  // several words of one name
  EXPECT_FALSE(has(ann.port->take(), "You see no"));
  h.line(ann, "x silver decorated");
  EXPECT_TRUE(has(ann.port->take(), "You see no"));
  h.line(ann, "drop 2.scroll");
  out = ann.port->take();
  EXPECT_EQ(h.world.people().find_character_by_name("Ann")->inventory.size(), 2U) << out;
  EXPECT_TRUE(has(out, "You drop ")) << out;
  h.line(ann, "drop all");
  EXPECT_TRUE(h.world.people().find_character_by_name("Ann")->inventory.empty());
  h.line(ann, "get 3.scroll");
  EXPECT_EQ(h.world.people().find_character_by_name("Ann")->inventory.size(), 1U);
  h.line(ann, "get 5.scroll");
  EXPECT_TRUE(has(ann.port->take(), "You see no '5.scroll' here."));
}

TEST(NamingInPlay, LookAndExamineSomeoneHere) {
  game_harness h;
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  h.line(ann, "look bob");
  EXPECT_TRUE(has(ann.port->take(), "Bob is here, unhurt."));
  h.line(ann, "look at Bob");
  EXPECT_TRUE(has(ann.port->take(), "Bob is here, unhurt."));
  h.line(ann, "x bo");
  EXPECT_TRUE(has(ann.port->take(), "Bob is here, unhurt."));
  h.line(ann, "look nobody");
  EXPECT_TRUE(has(ann.port->take(), "You see no 'nobody' here."));
  h.line(bob, "down");
  h.line(ann, "look bob");
  EXPECT_TRUE(has(ann.port->take(), "You see no 'bob' here.")) << "only someone in the same room";
}
