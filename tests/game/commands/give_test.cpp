// give: items and silver between two players in one room, each told, both saved in one batch.
#include <gtest/gtest.h>

#include "server/store/game_loader.hpp"
#include "tests/game/game_harness.hpp"

using dw::testing::game_harness;
using dw::testing::has;

namespace {

struct stored {
  std::int64_t silver = -1;
  std::vector<std::string> keys;
};

stored read_back(game_harness& h, std::string_view name) {
  dw::store::game_loader loader(h.services.db());
  auto found = loader.login_by_name(std::string(name));
  stored out;
  if (found && found->character) {
    out.silver = found->character->silver;
    for (const auto& it : found->items) {
      out.keys.push_back(it.key);
    }
  }
  return out;
}

dw::game::character& live(game_harness& h, std::string_view name) {
  dw::game::character* ch = h.world.people().find_character_by_name(name);
  EXPECT_NE(ch, nullptr) << name;
  return *ch;
}

}  // namespace

TEST(Give, SilverMovesToSomeoneHereAndBothAreSaved) {
  game_harness h;
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  auto cat = h.create("Cat");
  live(h, "Ann").silver = 100;
  h.line(ann, "give 30 silver to bob");
  EXPECT_TRUE(has(ann.port->take(), "You give 30 silver to Bob. You have 70 silver left."));
  EXPECT_TRUE(has(bob.port->take(), "Ann gives you 30 silver. You have 30 silver."));
  EXPECT_TRUE(has(cat.port->take(), "Ann gives some silver to Bob."));
  EXPECT_EQ(read_back(h, "Ann").silver, 70);
  EXPECT_EQ(read_back(h, "Bob").silver, 30);

  h.line(ann, "give 71 coins bob");
  EXPECT_TRUE(has(ann.port->take(), "You have only 70 silver."));
  h.line(ann, "give -5 silver to bob");
  EXPECT_TRUE(has(ann.port->take(), "A whole number above nothing"));
  h.line(ann, "give 0 silver to bob");
  EXPECT_TRUE(has(ann.port->take(), "A whole number above nothing"));
  h.line(ann, "give 99999999999999999999999 silver to bob");
  EXPECT_TRUE(has(ann.port->take(), "A whole number above nothing"));
  h.line(ann, "give 5 silver to ann");
  EXPECT_TRUE(has(ann.port->take(), "You already have it."));
  EXPECT_EQ(live(h, "Ann").silver, 70);
  EXPECT_EQ(live(h, "Bob").silver, 30);
}

TEST(Give, AnItemChangesHandsButNotWhileWornOrFromAnotherRoom) {
  game_harness h;
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  live(h, "Ann").silver = 200;
  h.line(ann, "buy lantern");
  h.line(ann, "buy draught");
  ann.port->take();
  h.line(ann, "give lantern to bo");
  EXPECT_TRUE(has(ann.port->take(), "You give a brass lantern to Bob."));
  EXPECT_TRUE(has(bob.port->take(), "Ann gives you a brass lantern."));
  EXPECT_EQ(read_back(h, "Bob").keys, std::vector<std::string>{"lantern"});
  EXPECT_EQ(read_back(h, "Ann").keys, std::vector<std::string>{"healing_draught"});
  ASSERT_EQ(live(h, "Bob").inventory.size(), 1U);

  h.line(ann, "give lantern to bob");
  EXPECT_TRUE(has(ann.port->take(), "You carry no 'lantern'."));
  h.line(ann, "give draught to nobody");
  EXPECT_TRUE(has(ann.port->take(), "There is nobody called 'nobody' here."));
  h.line(bob, "down");
  h.line(ann, "give draught to bob");
  EXPECT_TRUE(has(ann.port->take(), "There is nobody called 'bob' here.")) << "Bob is down the well";
  h.line(ann, "give draught");
  EXPECT_TRUE(has(ann.port->take(), "Give what to whom?"));
  h.line(ann, "give");
  EXPECT_TRUE(has(ann.port->take(), "Give what to whom?"));

  // Worn armour must come off first.
  h.line(bob, "up");
  dw::game::item jerkin;
  jerkin.id = 99001;
  jerkin.kind = "armour";
  jerkin.key = "padded_jerkin";
  jerkin.equipped = true;
  live(h, "Ann").inventory.push_back(jerkin);
  ann.port->take();
  h.line(ann, "give jerkin to bob");
  EXPECT_TRUE(has(ann.port->take(), "remove it first"));
  EXPECT_EQ(live(h, "Ann").inventory.size(), 2U);
}

TEST(Give, NothingChangesHandsWhenItCannotBeSaved) {
  game_harness h;
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  live(h, "Ann").silver = 100;
  h.line(ann, "buy draught");
  ann.port->take();
  const std::int64_t before = live(h, "Ann").silver;
  h.services.refuse_writes(true);
  h.line(ann, "give 10 silver to bob");
  h.line(ann, "give draught to bob");
  h.services.refuse_writes(false);
  EXPECT_EQ(live(h, "Ann").silver, before);
  EXPECT_EQ(live(h, "Bob").silver, 0);
  EXPECT_EQ(live(h, "Ann").inventory.size(), 1U);
  EXPECT_TRUE(live(h, "Bob").inventory.empty());
  const std::string told = ann.port->take();
  EXPECT_FALSE(has(told, "You give")) << "a reply waits for its commit: " << told;
  EXPECT_FALSE(has(bob.port->take(), "gives you"));
}
