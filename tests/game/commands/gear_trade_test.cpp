// The merchant's weapons and armour: tiers that open by the buyer's deepest depth or level (buy refuses
// with the reason), list marking what is not open yet and why, and compare against what one uses.
#include <gtest/gtest.h>

#include "server/game/progression/progression.hpp"
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

/// The keys of what `name` carries as storage holds it, with whether each is in use.
std::vector<std::pair<std::string, bool>> stored_items(game_harness& h, std::string_view name) {
  dw::store::game_loader loader(h.services.db());
  auto found = loader.login_by_name(std::string(name));
  std::vector<std::pair<std::string, bool>> out;
  if (found) {
    for (const auto& it : found->items) {
      out.emplace_back(it.key, it.equipped);
    }
  }
  return out;
}

/// Gives `ch` the experience that reaches `level`, as if storage held it when `ch` came into play.
void reach_level(game_harness& h, dw::game::character& ch, int level) {
  const auto& rules = h.world.content().progression;
  h.world.progress().leave(ch.account_id);
  dw::game::storage::login_record stored;
  stored.progress = dw::store::progress_record{ch.account_id, rules.levels[static_cast<std::size_t>(level - 1)].xp};
  h.world.progress().enter(ch, &stored);
  ASSERT_EQ(h.world.progress().standing_of(ch.account_id).level, level);
}

/// The player, with a window wide and tall enough that no answer is wrapped or paged.
game_harness::player roomy(game_harness::player p) {
  p.port->info.width = 1000;
  p.port->info.height = 1000;
  return p;
}

}  // namespace

TEST(GearTrade, ABetterTierOpensByDeepestDepth) {
  game_harness h;
  auto ann = roomy(h.create("Ann"));
  live(h, "Ann").silver = 1000;
  h.line(ann, "buy short sword");
  EXPECT_TRUE(has(ann.port->take(),
                  "The merchant keeps the short sword for those who have been to depth 8 or reached level 3. You have "
                  "been to depth 0 and are level 1."));
  EXPECT_EQ(live(h, "Ann").silver, 1000);
  EXPECT_TRUE(live(h, "Ann").inventory.empty());
  EXPECT_TRUE(stored_items(h, "Ann").empty());

  live(h, "Ann").deepest = 7;
  h.line(ann, "buy short sword");
  EXPECT_TRUE(has(ann.port->take(), "The merchant keeps the short sword"));
  live(h, "Ann").deepest = 8;
  h.line(ann, "buy short sword");
  EXPECT_TRUE(has(ann.port->take(), "You buy a short sword for 150 silver (wield it to fight with it). You have 850 "
                                    "silver left."));
  ASSERT_EQ(live(h, "Ann").inventory.size(), 1U);
  EXPECT_EQ(live(h, "Ann").inventory[0].kind, "weapon");
  EXPECT_EQ(stored_items(h, "Ann"), (std::vector<std::pair<std::string, bool>>{{"short_sword", false}}));
  // The next tier asks for more; the best weapons she does not sell at all.
  h.line(ann, "buy hand axe");
  EXPECT_TRUE(has(ann.port->take(), "for those who have been to depth 16 or reached level 5."));
  h.line(ann, "buy rune sword");
  EXPECT_TRUE(has(ann.port->take(), "The merchant has no 'rune sword' for sale."));
  h.line(ann, "buy all");
  EXPECT_TRUE(has(ann.port->take(), "Buy one thing at a time."));
  // What is bought is wielded like anything found, and saved so.
  h.line(ann, "wield sword");
  EXPECT_TRUE(has(ann.port->take(), "You wield a short sword."));
  EXPECT_EQ(stored_items(h, "Ann"), (std::vector<std::pair<std::string, bool>>{{"short_sword", true}}));
  EXPECT_EQ(live(h, "Ann").silver, 850);
}

TEST(GearTrade, ABetterTierOpensByLevelAndSilverMustSuffice) {
  game_harness h;
  auto bob = roomy(h.create("Bob"));
  dw::game::character& ch = live(h, "Bob");
  ch.silver = 130;
  h.line(bob, "buy studded leather");
  EXPECT_TRUE(has(bob.port->take(), "The merchant keeps the studded leather vest for those who have been to depth 8 "
                                    "or reached level 3."));
  reach_level(h, ch, 2);
  h.line(bob, "buy studded leather");
  EXPECT_TRUE(has(bob.port->take(), "The merchant keeps the studded leather vest"));
  reach_level(h, ch, 3);
  bob.port->take();
  h.line(bob, "buy studded leather");
  EXPECT_TRUE(has(bob.port->take(), "You buy a studded leather vest for 120 silver (wear it to be protected)."));
  EXPECT_EQ(ch.deepest, 0) << "opened by level alone";
  h.line(bob, "buy leather coat");
  EXPECT_TRUE(has(bob.port->take(), "A leather coat costs 60 silver; you have 10 silver."));
  EXPECT_EQ(stored_items(h, "Bob"), (std::vector<std::pair<std::string, bool>>{{"studded_leather", false}}));
  // "coat" names two of her wares: the first is the leather coat, 2.coat the coat of scale mail.
  ch.silver = 1000;
  h.line(bob, "buy 2.coat");
  EXPECT_TRUE(has(bob.port->take(), "The merchant keeps the coat of scale mail"));
}

TEST(GearTrade, ListMarksWhatIsNotOpenYetAndWhy) {
  game_harness h;
  auto ann = roomy(h.create("Ann"));
  h.line(ann, "list");
  std::string out = ann.port->take();
  EXPECT_TRUE(has(out, "a healing draught - 30 silver")) << out;
  EXPECT_TRUE(has(out, "Weapons and armour (you have been to depth 0 and are level 1):\n"
                       "  a rusty knife, up to 4 damage a blow - 30 silver\n"
                       "  a wooden club, up to 5 damage a blow - 50 silver\n"
                       "  a padded jerkin, 1 off every blow - 25 silver\n"
                       "  a leather coat, 2 off every blow - 60 silver\n"
                       "  Not yet, for those who have been to depth 8 or reached level 3:\n"
                       "    a short sword, up to 7 damage a blow - 150 silver\n"
                       "    a studded leather vest, 3 off every blow - 120 silver\n"
                       "  Not yet, for those who have been to depth 16 or reached level 5:\n"))
      << out;
  EXPECT_TRUE(has(out, "  Not yet, for those who have been to depth 40 or reached level 10:\n"
                       "    a longsword, up to 12 damage a blow - 700 silver\n"))
      << out;
  EXPECT_FALSE(has(out, "rune sword")) << "not sold";
  live(h, "Ann").deepest = 9;
  h.line(ann, "list");
  out = ann.port->take();
  EXPECT_TRUE(has(out, "(you have been to depth 9 and are level 1):")) << out;
  EXPECT_TRUE(has(out, "  a leather coat, 2 off every blow - 60 silver\n"
                       "  a short sword, up to 7 damage a blow - 150 silver\n"
                       "  a studded leather vest, 3 off every blow - 120 silver\n"
                       "  Not yet, for those who have been to depth 16 or reached level 5:\n"
                       "    a hand axe, up to 8 damage a blow - 260 silver\n"))
      << out;
}

TEST(GearTrade, CompareWeighsGearAgainstWhatIsInUse) {
  game_harness h;
  auto ann = roomy(h.create("Ann"));
  live(h, "Ann").silver = 1000;
  // Nothing wielded: against bare hands (fights.toml); nothing worn: against nothing.
  h.line(ann, "compare knife");
  std::string out = ann.port->take();
  EXPECT_TRUE(has(out, "Compared with your bare hands (up to " +
                           std::to_string(h.world.content().fights.fist_damage) +
                           " damage a blow), a rusty knife (up to 4) would hit harder: up to 2 more a blow."))
      << out;
  EXPECT_TRUE(has(out, "The merchant asks 30 silver for it.")) << out;
  h.line(ann, "compare jerkin");
  EXPECT_TRUE(has(ann.port->take(), "Compared with wearing nothing (every blow lands in full), a padded jerkin (1 "
                                    "off) would protect you better: 1 more off every blow."));
  // Her locked gear compares too, with what opens it.
  h.line(ann, "compare short sword");
  out = ann.port->take();
  EXPECT_TRUE(has(out, "a short sword (up to 7)")) << out;
  EXPECT_TRUE(has(out, "The merchant asks 150 silver for it. The merchant keeps the short sword for those who have "
                       "been to depth 8 or reached level 3."))
      << out;

  h.line(ann, "buy club");
  h.line(ann, "buy knife");
  h.line(ann, "wield club");
  ann.port->take();
  // The knife carried, against the club in hand: worse.
  h.line(ann, "compare knife");
  out = ann.port->take();
  EXPECT_TRUE(has(out, "Compared with your wooden club (up to 5 damage a blow), a rusty knife (up to 4) would hit "
                       "less hard: up to 1 less a blow."))
      << out;
  EXPECT_FALSE(has(out, "The merchant asks")) << "the carried one, not hers: " << out;
  h.line(ann, "compare club");
  EXPECT_TRUE(has(ann.port->take(), "A wooden club: up to 5 damage a blow. You are wielding it."));
  h.line(ann, "compare coat");
  EXPECT_TRUE(has(ann.port->take(), "a leather coat (2 off) would protect you better: 2 more off every blow."));
  h.line(ann, "buy draught");
  ann.port->take();
  h.line(ann, "compare draught");
  EXPECT_TRUE(has(ann.port->take(), "Only weapons and armour compare; a healing draught is neither."));
  h.line(ann, "compare lantern");
  EXPECT_TRUE(has(ann.port->take(), "Only weapons and armour compare; a brass lantern is neither."));
  h.line(ann, "compare");
  EXPECT_TRUE(has(ann.port->take(), "Compare what?"));
  // Away from her stall, only what is carried or lies here compares.
  h.line(ann, "down");
  ann.port->take();
  h.line(ann, "compare coat");
  EXPECT_TRUE(has(ann.port->take(), "You see no 'coat' here."));
  h.line(ann, "compare knife");
  EXPECT_TRUE(has(ann.port->take(), "would hit less hard"));
  h.line(ann, "drop knife");
  h.line(ann, "compare knife");
  EXPECT_TRUE(has(ann.port->take(), "a rusty knife (up to 4) would hit less hard")) << "the one on the floor";
}
