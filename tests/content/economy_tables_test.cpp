// merchant.toml, scroll_effects.toml, prices on gear, dark bands, and the scroll's effect part.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "content/content_loader.hpp"
#include "content/scroll.hpp"
#include "content_test_support.hpp"

namespace dw::content {
namespace {

using testing::content_copy;
using testing::line_of;
using testing::real_tables;

TEST(Economy, TheRealTablesHaveAMerchantEffectsPricesAndDarkDeepBands) {
  const content_tables t = real_tables();
  ASSERT_NE(t.merchant.find_supply("healing_draught"), nullptr);
  EXPECT_EQ(t.merchant.find_supply("healing_draught")->use, supply_use::quaff);
  EXPECT_EQ(t.merchant.find_supply("lantern")->use, supply_use::carry);
  EXPECT_GT(t.merchant.identify_price, 0);
  EXPECT_EQ(t.scroll_effects.size(), 4U);
  for (const item_def& w : t.weapons) {
    EXPECT_GT(w.price, 0) << w.key;
  }
  EXPECT_FALSE(t.rooms.front().dark);
  EXPECT_TRUE(t.rooms.back().dark);
}

TEST(Economy, ABadMerchantValueIsNamedWithFileKeyAndLine) {
  content_copy copy("bad_merchant");
  copy.replace("merchant.toml", "heal = 12", "heal = -3");
  const std::uint32_t line = line_of(copy.read("merchant.toml"), "heal = -3");
  EXPECT_EQ(copy.load_error().to_string(),
            copy.label("merchant.toml") + ":" + std::to_string(line) + ": supplies[0].heal: must be >= 0");
}

TEST(Economy, AnUnknownUseOrEffectIsRefused) {
  {
    content_copy copy("bad_use");
    copy.replace("merchant.toml", "use = \"quaff\"", "use = \"sip\"");
    const content_error e = copy.load_error();
    EXPECT_EQ(e.line, line_of(copy.read("merchant.toml"), "use = \"sip\""));
    EXPECT_NE(e.to_string().find("supplies[0].use"), std::string::npos) << e.to_string();
  }
  {
    content_copy copy("bad_effect");
    copy.replace("scroll_effects.toml", "key = \"map\"", "key = \"fly\"");
    const content_error e = copy.load_error();
    EXPECT_EQ(e.line, line_of(copy.read("scroll_effects.toml"), "key = \"fly\""));
    EXPECT_NE(e.to_string().find("effects[1].key"), std::string::npos) << e.to_string();
  }
  {
    content_copy copy("no_price");
    copy.replace("weapons.toml", "price = 30\n", "");
    const content_error e = copy.load_error();
    EXPECT_NE(e.to_string().find("weapons[0].price"), std::string::npos) << e.to_string();
  }
  {
    content_copy copy("no_dark");
    copy.replace("rooms.toml", "dark = false\n", "");
    const content_error e = copy.load_error();
    EXPECT_NE(e.to_string().find("bands[0].dark"), std::string::npos) << e.to_string();
  }
}

TEST(Economy, TheEffectIsDrawnFromItsOwnSeedAndEveryKindOccurs) {
  const content_tables t = real_tables();
  std::map<std::string, int> seen;
  for (std::uint64_t seed = 1; seed <= 4000; ++seed) {
    const scroll_effect* e = scroll_effect_of(t, seed);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e, scroll_effect_of(t, seed));  // deterministic
    const blueprint print = make_scroll_blueprint(t, seed);
    ASSERT_NE(print.part("effect"), nullptr);
    EXPECT_EQ(print.part("effect")->seed, scroll_part_seeds_for(seed).effect);
    EXPECT_EQ(&t.scroll_effects[print.part("effect")->picks[0]], e);
    ++seen[e->key];
  }
  EXPECT_EQ(seen.size(), t.scroll_effects.size());
  for (const auto& [key, n] : seen) {
    EXPECT_GT(n, 400) << key;  // weights 3, 3, 2, 3 of 11
  }
}

TEST(Economy, TheEffectLeavesTheOtherPartsAloneAndMultipliesThePrice) {
  const content_tables t = real_tables();
  for (std::uint64_t seed = 1; seed <= 500; ++seed) {
    const scroll_part_seeds parts = scroll_part_seeds_for(seed);
    scroll_part_seeds other = parts;
    other.effect ^= 0x5555;
    const artefact a = *instantiate_scroll(t, make_scroll_blueprint_from_part_seeds(t, seed, parts));
    const artefact b = *instantiate_scroll(t, make_scroll_blueprint_from_part_seeds(t, seed, other));
    EXPECT_EQ(a.name, b.name);
    EXPECT_EQ(a.short_description, b.short_description);
    EXPECT_EQ(a.appearance, b.appearance);
    EXPECT_EQ(a.text, b.text);
    EXPECT_EQ(a.attributes, b.attributes);
    const scroll_effect* e = scroll_effect_of(t, seed);
    EXPECT_EQ(a.effect, e->key);
    EXPECT_EQ(a.effect_name, e->name);
    EXPECT_EQ(a.price,
              std::max<std::int64_t>(1, std::llround(a.base_price * scroll_price_factor(t, seed) * e->multiplier)));
  }
}

}  // namespace
}  // namespace dw::content
