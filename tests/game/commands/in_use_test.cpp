// What is wielded or worn stays on: drop, give and sell take a carried one of the name named, say so when
// only one in use is named, and "drop all" leaves what is in use; wear and remove pick the one that fits.
#include <gtest/gtest.h>

#include <algorithm>

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

/// What `name` carries as storage holds it: each key with whether it is in use.
std::vector<std::pair<std::string, bool>> stored_items(game_harness& h, std::string_view name) {
  dw::store::game_loader loader(h.services.db());
  auto found = loader.login_by_name(std::string(name));
  std::vector<std::pair<std::string, bool>> out;
  if (found) {
    for (const auto& it : found->items) {
      out.emplace_back(it.key, it.equipped);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::size_t worn(const dw::game::character& ch) {
  return static_cast<std::size_t>(
      std::count_if(ch.inventory.begin(), ch.inventory.end(), [](const dw::game::item& i) { return i.equipped; }));
}

using stored = std::vector<std::pair<std::string, bool>>;

/// The player, with a window wide and tall enough that no answer is wrapped or paged.
game_harness::player roomy(game_harness::player p) {
  p.port->info.width = 1000;
  p.port->info.height = 1000;
  return p;
}

}  // namespace

TEST(InUse, DropTakesTheCarriedOneAndNeverTakesOffWhatIsWorn) {
  game_harness h;
  auto ann = roomy(h.create("Ann"));
  auto bob = roomy(h.create("Bob"));
  live(h, "Ann").silver = 1000;
  // One jerkin worn (the first in the pack) and one carried: the case.
  h.line(ann, "buy jerkin");
  h.line(ann, "buy jerkin");
  h.line(ann, "wear jerkin");
  ann.port->take();
  dw::game::character& ch = live(h, "Ann");
  ASSERT_EQ(ch.inventory.size(), 2U);
  ASSERT_TRUE(ch.inventory[0].equipped);
  const std::int64_t worn_id = ch.inventory[0].id;
  h.line(ann, "drop jerkin");
  EXPECT_TRUE(has(ann.port->take(), "You drop a padded jerkin."));
  EXPECT_TRUE(has(bob.port->take(), "Ann drops a padded jerkin."));
  ASSERT_EQ(ch.inventory.size(), 1U);
  EXPECT_EQ(ch.inventory[0].id, worn_id) << "the worn one stays on";
  EXPECT_TRUE(ch.inventory[0].equipped);
  EXPECT_EQ(stored_items(h, "Ann"), (stored{{"padded_jerkin", true}}));
  const std::vector<dw::game::item>& floor = h.world.play().contents.floor_of(dw::game::village_square_id);
  ASSERT_EQ(floor.size(), 1U);
  EXPECT_FALSE(floor[0].equipped);

  // Naming only the worn one drops nothing and says why.
  h.line(ann, "drop jerkin");
  EXPECT_TRUE(has(ann.port->take(), "You are wearing a padded jerkin; remove it first to drop it."));
  EXPECT_FALSE(has(bob.port->take(), "drops"));
  EXPECT_EQ(floor.size(), 1U);
  EXPECT_EQ(ch.inventory.size(), 1U);
  EXPECT_EQ(worn(ch), 1U);
  h.line(ann, "remove jerkin");
  h.line(ann, "drop jerkin");
  EXPECT_TRUE(has(ann.port->take(), "You drop a padded jerkin."));
  EXPECT_TRUE(ch.inventory.empty());
}

TEST(InUse, DropAllLeavesWhatIsWieldedAndWornAndSaysSo) {
  game_harness h;
  auto ann = roomy(h.create("Ann"));
  live(h, "Ann").silver = 1000;
  h.line(ann, "buy knife");
  h.line(ann, "buy jerkin");
  h.line(ann, "buy draught");
  h.line(ann, "wield knife");
  h.line(ann, "wear jerkin");
  ann.port->take();
  h.line(ann, "drop all");
  std::string out = ann.port->take();
  EXPECT_TRUE(has(out, "You drop a healing draught.")) << out;
  EXPECT_TRUE(has(out, "You keep what you are using, a rusty knife (wielded) and a padded jerkin (worn); remove them "
                       "first to drop them."))
      << out;
  EXPECT_EQ(live(h, "Ann").inventory.size(), 2U);
  EXPECT_EQ(worn(live(h, "Ann")), 2U);
  EXPECT_EQ(stored_items(h, "Ann"), (stored{{"padded_jerkin", true}, {"rusty_knife", true}}));
  // Nothing else to drop: only what is kept is said.
  h.line(ann, "drop all");
  out = ann.port->take();
  EXPECT_TRUE(has(out, "You keep what you are using")) << out;
  EXPECT_FALSE(has(out, "You drop")) << out;
  EXPECT_EQ(live(h, "Ann").inventory.size(), 2U);
  h.line(ann, "drop all.knife");
  EXPECT_TRUE(has(ann.port->take(), "You are wielding a rusty knife; remove it first to drop it."));
}

TEST(InUse, GiveAndSellTakeACarriedOneBeforeTheOneInUse) {
  game_harness h;
  auto ann = roomy(h.create("Ann"));
  auto bob = roomy(h.create("Bob"));
  live(h, "Ann").silver = 1000;
  h.line(ann, "buy jerkin");
  h.line(ann, "buy jerkin");
  h.line(ann, "buy jerkin");
  h.line(ann, "wear jerkin");
  ann.port->take();
  h.line(ann, "give jerkin to bob");
  EXPECT_TRUE(has(ann.port->take(), "You give a padded jerkin to Bob."));
  EXPECT_TRUE(has(bob.port->take(), "Ann gives you a padded jerkin."));
  EXPECT_EQ(worn(live(h, "Ann")), 1U);
  EXPECT_EQ(live(h, "Ann").inventory.size(), 2U);
  const std::int64_t silver = live(h, "Ann").silver;
  h.line(ann, "sell jerkin");
  EXPECT_TRUE(has(ann.port->take(), "You sell a padded jerkin for"));
  EXPECT_GT(live(h, "Ann").silver, silver);
  ASSERT_EQ(live(h, "Ann").inventory.size(), 1U);
  EXPECT_TRUE(live(h, "Ann").inventory[0].equipped);
  // Only the worn one is left: selling or giving it needs remove first.
  h.line(ann, "sell jerkin");
  EXPECT_TRUE(has(ann.port->take(), "You are wearing a padded jerkin; remove it first to sell it."));
  h.line(ann, "give jerkin to bob");
  EXPECT_TRUE(has(ann.port->take(), "You are wearing a padded jerkin; remove it first to give it."));
  EXPECT_EQ(stored_items(h, "Ann"), (stored{{"padded_jerkin", true}}));
  EXPECT_EQ(stored_items(h, "Bob"), (stored{{"padded_jerkin", false}}));
}

TEST(InUse, WearTakesTheOneNotWornAndRemoveTheOneWorn) {
  game_harness h;
  auto ann = roomy(h.create("Ann"));
  live(h, "Ann").silver = 1000;
  h.line(ann, "buy jerkin");
  h.line(ann, "buy coat");
  h.line(ann, "buy jerkin");
  h.line(ann, "wear 2.jerkin");  // the second jerkin: the third thing in the pack
  ann.port->take();
  dw::game::character& ch = live(h, "Ann");
  ASSERT_EQ(ch.inventory.size(), 3U);
  EXPECT_TRUE(ch.inventory[2].equipped);
  // "remove jerkin" means the worn one, though a carried one comes first in the pack.
  h.line(ann, "remove jerkin");
  EXPECT_TRUE(has(ann.port->take(), "You stop using a padded jerkin."));
  EXPECT_EQ(worn(ch), 0U);
  h.line(ann, "wear jerkin");
  h.line(ann, "wear jerkin");  // the one not worn yet: the other goes back in the pack
  const std::string out = ann.port->take();
  EXPECT_TRUE(has(out, "You put away a padded jerkin.")) << out;
  EXPECT_EQ(worn(ch), 1U);
  EXPECT_TRUE(ch.inventory[2].equipped) << "worn in turn: the first, then the other";
}

TEST(InUse, TheSecondOfANameIsCountedInThePackAsListedWhenTheFreeOnesRunOut) {
  game_harness h;
  auto ann = roomy(h.create("Ann"));
  live(h, "Ann").silver = 1000;
  h.line(ann, "buy jerkin");
  h.line(ann, "buy jerkin");
  h.line(ann, "wear jerkin");
  ann.port->take();
  // inventory lists the worn jerkin first: 2.jerkin is the carried one.
  h.line(ann, "drop 2.jerkin");
  EXPECT_TRUE(has(ann.port->take(), "You drop a padded jerkin."));
  ASSERT_EQ(live(h, "Ann").inventory.size(), 1U);
  EXPECT_TRUE(live(h, "Ann").inventory[0].equipped);
  h.line(ann, "drop 2.jerkin");
  EXPECT_TRUE(has(ann.port->take(), "You carry no '2.jerkin'."));
  h.line(ann, "drop 1.jerkin");
  EXPECT_TRUE(has(ann.port->take(), "You are wearing a padded jerkin; remove it first to drop it."));
  EXPECT_EQ(live(h, "Ann").inventory.size(), 1U);
}
