// Words near a mistyped one: what the dispatcher offers for an unknown command.
#include <gtest/gtest.h>

#include "server/text/nearest_words.hpp"

using dw::text::edit_distance;
using dw::text::nearest_words;

TEST(EditDistance, CountsInsertionsDeletionsChangesAndSwaps) {
  EXPECT_EQ(edit_distance("look", "look"), 0U);
  EXPECT_EQ(edit_distance("lok", "look"), 1U);     // a letter left out
  EXPECT_EQ(edit_distance("looks", "look"), 1U);   // one too many
  EXPECT_EQ(edit_distance("lool", "look"), 1U);    // one changed
  EXPECT_EQ(edit_distance("hlep", "help"), 1U);    // two neighbours swapped
  EXPECT_EQ(edit_distance("LOK", "look"), 1U);     // case is no difference
  EXPECT_EQ(edit_distance("", "look"), 4U);
  EXPECT_EQ(edit_distance("north", "south"), 2U);
  EXPECT_EQ(edit_distance(std::string(100, 'a'), "a"), 100U) << "a long line is far from everything, cheaply";
}

TEST(NearestWords, OffersTheClosestCommandsOnly) {
  const std::vector<std::string> commands{"look", "l", "get", "drop", "inventory", "inv", "quit", "quaff", "who"};
  EXPECT_EQ(nearest_words("lok", commands), std::vector<std::string>{"look"});
  EXPECT_EQ(nearest_words("inventroy", commands), std::vector<std::string>{"inventory"});
  EXPECT_EQ(nearest_words("qit", commands), std::vector<std::string>{"quit"});
  EXPECT_EQ(nearest_words("gte", commands), std::vector<std::string>{"get"});
  EXPECT_TRUE(nearest_words("xyzzy", commands).empty()) << "nothing near: nothing offered";
  EXPECT_TRUE(nearest_words("", commands).empty());
}

TEST(NearestWords, TiesAreAllOfferedInOrderUpToTheLimit) {
  const std::vector<std::string> words{"cat", "bat", "hat", "rat", "mat"};
  EXPECT_EQ(nearest_words("fat", words), (std::vector<std::string>{"cat", "bat", "hat"}));
  EXPECT_EQ(nearest_words("fat", words, 5).size(), 5U);
  EXPECT_EQ(nearest_words("fat", std::vector<std::string>{"cat", "Cat"}), std::vector<std::string>{"cat"}) << "each word once";
}
