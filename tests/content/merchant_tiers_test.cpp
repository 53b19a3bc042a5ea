// merchant.toml [[tiers]]: the weapons and armour the merchant sells, what opens each tier, and that found
// gear can be better than anything she sells.
#include <gtest/gtest.h>

#include <algorithm>

#include "content/content_loader.hpp"
#include "content_test_support.hpp"

namespace dw::content {
namespace {

using testing::content_copy;
using testing::line_of;
using testing::real_tables;
using testing::refusal;
using testing::refused;

/// Replaces `from` in merchant.toml with `to` and expects "<file>:<line of to>: <key>: <reason>".
void expect_error(std::string_view name, std::string_view from, std::string_view to, std::string_view key,
                  std::string_view reason, std::string_view line_at = {}) {
  const refusal r = refused(name, "merchant.toml", from, to, key);
  const std::uint32_t line = line_of(r.text, line_at.empty() ? to : line_at);
  EXPECT_EQ(r.error.to_string(),
            r.file + ":" + std::to_string(line) + ": " + std::string(key) + ": " + std::string(reason))
      << name;
}

int best(const std::vector<item_def>& items, bool sold_only, const merchant_rules& m) {
  int out = 0;
  for (const item_def& d : items) {
    if (!sold_only || m.tier_of(d.key) != nullptr) {
      out = std::max(out, d.kind == item_kind::weapon ? d.damage : d.reduction);
    }
  }
  return out;
}

TEST(MerchantTiers, TheRealTiersSellWeaponsAndArmourThatOpenWithDepthOrLevel) {
  const content_tables t = real_tables();
  const merchant_rules& m = t.merchant;
  ASSERT_GE(m.tiers.size(), 3U);
  EXPECT_TRUE(m.tiers.front().open_to(0, 1)) << "a newcomer can buy something";
  bool weapon = false;
  bool armour = false;
  for (const gear_tier& tier : m.tiers) {
    for (const std::string& key : tier.gear) {
      const item_def* d = t.find_item(key);
      ASSERT_NE(d, nullptr) << key;
      weapon = weapon || d->kind == item_kind::weapon;
      armour = armour || d->kind == item_kind::armour;
      EXPECT_EQ(m.tier_of(key), &tier) << key;
    }
  }
  EXPECT_TRUE(weapon && armour);
  // The short sword opens by depth 8 or by level 3, and not before either.
  const gear_tier* sword = m.tier_of("short_sword");
  ASSERT_NE(sword, nullptr);
  EXPECT_FALSE(sword->open_to(7, 2));
  EXPECT_TRUE(sword->open_to(8, 1));
  EXPECT_TRUE(sword->open_to(0, 3));
  EXPECT_EQ(m.tier_of("rune_sword"), nullptr) << "kept out of her stock";
}

TEST(MerchantTiers, TheBestFoundWeaponAndArmourBeatTheBestSold) {
  const content_tables t = real_tables();
  // Every weapon and armour can be found (WEAPON and ARMOUR rooms at its min_depth, or monster drops).
  EXPECT_GT(best(t.weapons, false, t.merchant), best(t.weapons, true, t.merchant));
  EXPECT_GT(best(t.armour, false, t.merchant), best(t.armour, true, t.merchant));
  EXPECT_GT(best(t.weapons, true, t.merchant), 0);
  EXPECT_GT(best(t.armour, true, t.merchant), 0);
}

TEST(MerchantTiers, WithoutTiersSheSellsNoGear) {
  content_copy copy("no_tiers");
  std::string text = copy.read("merchant.toml");
  text.erase(text.find("[[tiers]]"));
  copy.write("merchant.toml", text);
  const auto loaded = load_content(copy.dir());
  ASSERT_TRUE(std::holds_alternative<content_tables>(loaded));
  EXPECT_TRUE(std::get<content_tables>(loaded).merchant.tiers.empty());
}

TEST(MerchantTiers, BadTiersAreNamedWithFileKeyAndLine) {
  expect_error("tier_unknown_gear", "gear = [\"short_sword\", ", "gear = [\"short_swrod\", ", "tiers[1].gear[0]",
               "unknown weapon or armour \"short_swrod\"");
  expect_error("tier_typo", "depth = 8\nlevel = 3\n", "depth = 8\nlevle = 3\n", "tiers[1].levle", "unknown key",
               "levle = 3");
  expect_error("tier_level_too_high", "level = 10\n", "level = 25\n", "tiers[4].level",
               "levels.toml has no level 25 (the highest is 20), so nobody could buy this tier");
  expect_error("tier_opens_nothing", "[[tiers]]\ndepth = 8\nlevel = 3\n", "[[tiers]]  # opens to nobody\n", "tiers[1]",
               "a tier needs a depth, a level or both: what opens it to a buyer");
  expect_error("tier_sold_twice", "gear = [\"hand_axe\", ", "gear = [\"short_sword\", ", "tiers[2].gear[0]",
               "\"short_sword\" is sold already (tiers[1].gear[0])", "gear = [\"short_sword\", \"chain_shirt\"]");
  expect_error("tier_out_of_order", "depth = 28\n", "depth = 12\n", "tiers[3].depth",
               "a buyer who has been to depth 12 could buy from this tier but not from tiers[2] (later tiers open "
               "later)");
  expect_error("tier_level_out_of_order", "level = 7\n", "level = 4\n", "tiers[3].level",
               "a buyer of level 4 could buy from this tier but not from tiers[2] (later tiers open later)");
  expect_error("tier_negative", "depth = 8\n", "depth = -1\n", "tiers[1].depth", "must be >= 0");
  expect_error("tier_best_weapon", "gear = [\"longsword\"]", "gear = [\"longsword\", \"darkwood_glaive\"]",
               "tiers[4].gear[1]",
               "\"darkwood_glaive\" (damage 24) is as good as the best weapon there is; keep the best out of her "
               "stock so that found gear can be better than any she sells");
  expect_error("tier_best_armour", "gear = [\"longsword\"]", "gear = [\"longsword\", \"shadow_weave\"]",
               "tiers[4].gear[1]",
               "\"shadow_weave\" (reduction 10) is as good as the best armour there is; keep the best out of her "
               "stock so that found gear can be better than any she sells");
}

}  // namespace
}  // namespace dw::content
