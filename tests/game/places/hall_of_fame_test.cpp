// The deepest-delvers board: deepest first, the earliest first among equals, one row a name.
#include "server/game/places/hall_of_fame.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using dw::game::hall_of_fame;

namespace {

std::vector<std::string> names(const hall_of_fame& board, std::size_t n = 10) {
  std::vector<std::string> out;
  for (const auto& r : board.top(n)) {
    out.push_back(r.name + ":" + std::to_string(r.deepest));
  }
  return out;
}

}  // namespace

TEST(HallOfFame, StartsInBoardOrderWhateverOrderStorageGives) {
  hall_of_fame board;
  board.reset({{"Cleo", 2, 30}, {"Ann", 5, 10}, {"Bob", 2, 20}});
  EXPECT_EQ(names(board), (std::vector<std::string>{"Ann:5", "Bob:2", "Cleo:2"}));
}

TEST(HallOfFame, ANewDepthMovesOneRowToItsPlaceAndEqualsKeepTheEarliestFirst) {
  hall_of_fame board;
  board.reset({{"Ann", 5, 10}, {"Bob", 3, 20}, {"Cleo", 1, 30}});
  board.reached("Cleo", 3, 40);  // ties with Bob, later: after him
  EXPECT_EQ(names(board), (std::vector<std::string>{"Ann:5", "Bob:3", "Cleo:3"}));
  board.reached("Bob", 6, 50);  // one row a name: Bob's old row goes
  EXPECT_EQ(names(board), (std::vector<std::string>{"Bob:6", "Ann:5", "Cleo:3"}));
  board.reached("Dan", 5, 5);  // a new name, equal to Ann but earlier: before her
  EXPECT_EQ(names(board), (std::vector<std::string>{"Bob:6", "Dan:5", "Ann:5", "Cleo:3"}));
  EXPECT_EQ(names(board, 2), (std::vector<std::string>{"Bob:6", "Dan:5"}));
}

TEST(HallOfFame, UndoPutsARowBackOrTakesItAway) {
  hall_of_fame board;
  board.reset({{"Ann", 5, 10}, {"Bob", 3, 20}});
  board.reached("Bob", 7, 30);
  board.undo("Bob", 3, 20);
  EXPECT_EQ(names(board), (std::vector<std::string>{"Ann:5", "Bob:3"}));
  board.reached("Cleo", 1, 40);
  board.undo("Cleo", 0, 0);  // had never gone down
  EXPECT_EQ(names(board), (std::vector<std::string>{"Ann:5", "Bob:3"}));
}
