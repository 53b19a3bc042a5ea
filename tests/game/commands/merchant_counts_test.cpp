// Counting at the merchant and in the pack: buy 2 draughts, value all, and alike things on one line of the
// inventory (issue 27's defects: "no '2 draught' for sale", "You carry no 'all'", no stacking).
#include <gtest/gtest.h>

#include "server/store/game_loader.hpp"
#include "tests/game/game_harness.hpp"

using dw::testing::game_harness;
using dw::testing::has;

namespace {

dw::game::character& live(game_harness& h, std::string_view name) {
  dw::game::character* ch = h.world.people().find_character_by_name(name);
  EXPECT_NE(ch, nullptr) << name;
  return *ch;
}

/// The player, with a window wide and tall enough that no answer is wrapped.
game_harness::player roomy(game_harness::player p) {
  p.port->info.width = 1000;
  p.port->info.height = 1000;
  return p;
}

std::size_t stored_count(game_harness& h, std::string_view name, std::string_view key) {
  dw::store::game_loader loader(h.services.db());
  auto found = loader.login_by_name(std::string(name));
  std::size_t n = 0;
  if (found) {
    for (const auto& it : found->items) {
      n += it.key == key ? 1 : 0;
    }
  }
  return n;
}

int draught_price(game_harness& h) {
  for (const auto& s : h.world.content().merchant.supplies) {
    if (s.name == "a healing draught") {
      return s.price;
    }
  }
  ADD_FAILURE() << "the merchant sells no healing draught";
  return 0;
}

}  // namespace

TEST(MerchantCounts, BuyTakesACountAndThePlural) {
  game_harness h;
  auto ann = roomy(h.create("Ann"));
  const int price = draught_price(h);
  live(h, "Ann").silver = 10 * price;
  h.line(ann, "buy 2 draught");
  EXPECT_TRUE(has(ann.port->take(), "You buy 2 healing draughts for " + std::to_string(2 * price) + " silver."));
  EXPECT_EQ(live(h, "Ann").silver, 8 * price);
  h.line(ann, "buy 3 healing draughts");
  EXPECT_TRUE(has(ann.port->take(), "You buy 3 healing draughts for " + std::to_string(3 * price) + " silver."));
  h.line(ann, "buy draught");
  EXPECT_TRUE(has(ann.port->take(), "You buy a healing draught for " + std::to_string(price) + " silver."));
  EXPECT_EQ(live(h, "Ann").silver, 4 * price);
  EXPECT_EQ(stored_count(h, "Ann", "healing_draught"), 6U)
      << "every one bought is saved";

  h.line(ann, "buy 5 draughts");
  EXPECT_TRUE(has(ann.port->take(), "5 healing draughts cost " + std::to_string(5 * price) + " silver; you have " +
                                        std::to_string(4 * price) + " silver."));
  h.line(ann, "buy 99 draughts");
  EXPECT_TRUE(has(ann.port->take(), "She sells from 1 to 20 of a thing at a time."));
  h.line(ann, "buy 2 dragons");
  EXPECT_TRUE(has(ann.port->take(), "The merchant has no '2 dragons' for sale."));
  EXPECT_EQ(live(h, "Ann").silver, 4 * price) << "nothing refused was paid for";
}

TEST(MerchantCounts, TheInventoryCountsThingsAlikeOnOneLine) {
  game_harness h;
  auto ann = roomy(h.create("Ann"));
  live(h, "Ann").silver = 10 * draught_price(h);
  h.line(ann, "buy 2 draughts");
  h.line(ann, "buy bandage");
  h.line(ann, "buy draught");
  ann.port->take();
  h.line(ann, "inventory");
  const std::string shown = ann.port->take();
  EXPECT_TRUE(has(shown, "You carry:\n  3 healing draughts\n  a linen bandage\n")) << shown;
  h.line(ann, "quaff 2.draught");  // the second of them, as before
  EXPECT_TRUE(has(ann.port->take(), "You drink a healing draught."));
  h.line(ann, "i");
  EXPECT_TRUE(has(ann.port->take(), "  2 healing draughts\n"));
}

TEST(MerchantCounts, ValueAllPricesEverythingAndSaysWhatItComesTo) {
  game_harness h;
  auto ann = roomy(h.create("Ann"));  // the first account: an administrator, who may @spawn
  live(h, "Ann").silver = 10 * draught_price(h);
  h.line(ann, "buy 2 draughts");
  h.line(ann, "@spawn scroll 4242");
  h.line(ann, "get scroll");
  h.line(ann, "value scroll");
  const std::string one = ann.port->take();
  const std::size_t at = one.find("The merchant would pay ");
  ASSERT_NE(at, std::string::npos) << one;
  const std::string worth = one.substr(at + 23, one.find(" silver", at) - (at + 23));
  h.line(ann, "value all");
  const std::string all = ann.port->take();
  EXPECT_FALSE(has(all, "You carry no 'all'")) << all;
  EXPECT_TRUE(has(all, "  2 healing draughts: she does not buy them\n")) << all;
  EXPECT_TRUE(has(all, ": " + worth + " silver\n")) << all;
  EXPECT_TRUE(has(all, "In all she would pay " + worth + " silver.")) << all;
  h.line(ann, "value all.draught");
  EXPECT_TRUE(has(ann.port->take(), "In all she would pay 0 silver."));
  h.line(ann, "value all.sword");
  EXPECT_TRUE(has(ann.port->take(), "You carry no 'sword'."));
}
