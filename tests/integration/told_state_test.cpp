// told_state's reading of the game's sentences about silver and goods: each is read as the trade it
// tells, with its numbers, whatever prompt it follows; what others are told about someone is not.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/integration/told_state.hpp"

using dw::testing::parse_trade;
using dw::testing::told_trade;
using k = told_trade::kind;

TEST(TradeSentences, EverySentenceAboutSilverAndGoodsIsReadWithItsNumbers) {
  struct row {
    std::string said;
    k what;
    std::string item;
    std::string other;
    std::int64_t amount;
    std::int64_t total;
    std::int64_t count;
  };
  const std::vector<row> rows{
      {"[14/14 hp] > You buy a brass lantern for 60 silver. You have 320 silver left.", k::bought, "a brass lantern",
       "", 60, 320, 0},
      {"A brass lantern costs 60 silver; you have 12 silver.", k::cannot_afford, "A brass lantern", "", 60, 12, 0},
      {"You sell a fine bone scroll tube for 42 silver.", k::sold, "a fine bone scroll tube", "", 42, -1, 0},
      {"You have 1282 silver.", k::silver_is, "", "", 0, 1282, 0},
      {"Silver: 1070", k::silver_is, "", "", 0, 1070, 0},
      {"She asks 15 silver to tell; you have 3 silver.", k::silver_is, "", "", 15, 3, 0},
      {"For 15 silver the merchant unrolls it a finger's width and nods: it is a scroll of mending.", k::identify_paid,
       "", "", 15, -1, 0},
      {"You give 5 silver to Bob. You have 95 silver left.", k::gave_silver, "", "Bob", 5, 95, 0},
      {"Ann gives you 5 silver. You have 5 silver.", k::got_silver, "", "Ann", 5, 5, 0},
      {"You have only 4 silver.", k::too_poor, "", "", 0, 4, 0},
      {"You give a linen bandage to Bob.", k::gave_item, "a linen bandage", "Bob", 0, -1, 0},
      {"Ann gives you a linen bandage.", k::got_item, "a linen bandage", "Ann", 0, -1, 0},
      {"You carry no 'draught'.", k::not_carried, "draught", "", 0, -1, 0},
      {"You pick up a plain wooden scroll tube.", k::picked_up, "a plain wooden scroll tube", "", 0, -1, 0},
      {"You drink a healing draught. You feel better (14/14 hp).", k::used_up, "a healing draught", "", 0, -1, 0},
      {"You bind your wounds with a linen bandage. You feel better (9/14 hp). It costs you your next blow.",
       k::used_up, "a linen bandage", "", 0, -1, 0},
      {"You take Ann's fallen pack: 21 silver and 2 scrolls.", k::took_pack, "", "Ann", 21, -1, 2},
      {"You take Ann's fallen pack: 1 scroll.", k::took_pack, "", "Ann", 0, -1, 1},
      {"You take Ann's fallen pack: 7 silver.", k::took_pack, "", "Ann", 7, -1, 0},
      {"You take Ann's fallen pack: nothing.", k::took_pack, "", "Ann", 0, -1, 0},
      {"Your unsold scrolls and half your silver stay behind in your fallen pack.", k::left_pack, "", "", 0, -1, 0},
      {"Everything goes dark...", k::knocked_out, "", "", 0, -1, 0},
      {"You find 9 silver.", k::found_silver, "", "", 9, -1, 0},
      {"You find 9 silver between you; your share is 5.", k::found_silver, "", "", 5, -1, 0},
      {"You conjure a plain wooden scroll tube (seed 12345).", k::conjured, "a plain wooden scroll tube", "", 0, -1, 0},
      {"You attack two mud crawlers!", k::fight_joined, "", "", 0, -1, 0},
      {"Two mud crawlers attack you!", k::fight_joined, "", "", 0, -1, 0},
      {"The last of them falls. The room is clear, and the way on is open!", k::fight_won, "", "", 0, -1, 0},
  };
  for (const row& r : rows) {
    const auto t = parse_trade(r.said);
    ASSERT_TRUE(t.has_value()) << r.said;
    EXPECT_EQ(t->what, r.what) << r.said;
    EXPECT_EQ(t->item, r.item) << r.said;
    EXPECT_EQ(t->other, r.other) << r.said;
    EXPECT_EQ(t->amount, r.amount) << r.said;
    EXPECT_EQ(t->total, r.total) << r.said;
    EXPECT_EQ(t->count, r.count) << r.said;
  }
  for (const char* other : {"Ann gives some silver to Bob.", "Ann gives a linen bandage to Bob.",
                            "Ann picks up a plain wooden scroll tube.", "The merchant would pay 40 silver for it."}) {
    EXPECT_FALSE(parse_trade(other).has_value()) << other;
  }
}
