// Every scroll's words and price, pinned: changes to how scrolls are assembled (the part registry) must
// leave what the shipped tables give identical, to the last letter and the last silver.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "content/scroll.hpp"
#include "content_test_support.hpp"
#include "seed/mix64.hpp"

namespace dw::content {
namespace {

std::uint64_t fnv1a(std::uint64_t h, std::string_view text) {
  for (const unsigned char c : text) {
    h = (h ^ c) * 0x100000001b3ULL;
  }
  return h;
}

/// A digest of everything a player is shown of the scrolls with seeds mix64(1..count).
std::uint64_t digest_of_scrolls(const content_tables& tables, int count) {
  artefact_registry registry;
  register_scroll(registry);
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (int i = 0; i < count; ++i) {
    const auto a = registry.generate(tables, scroll_type, seed::mix64(static_cast<std::uint64_t>(i) + 1));
    if (!a) {
      return 0;
    }
    h = fnv1a(h, a->name + '|' + a->short_description + '|' + a->appearance + '|' + a->text + '|' + a->effect + '|' +
                     a->effect_name + '|' + std::to_string(a->price) + '\n');
  }
  return h;
}

TEST(ScrollPinned, OneScrollReadsAndCostsWhatItAlwaysHas) {
  const content_tables tables = testing::real_tables();
  artefact_registry registry;
  register_scroll(registry);
  const auto a = registry.generate(tables, scroll_type, 12345);
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(a->name, "the Scroll of Taldaren");
  EXPECT_EQ(a->appearance, 
            "A plain wooden scroll tube. Rolled up inside it is the Scroll of Taldaren. Rag paper is clean and supple "
            "and good-quality writing fills every margin with notes.");
  EXPECT_EQ(a->text, "A list of debts owed to Taldaren, in a careful hand, with Pello named as the place of payment.");
  EXPECT_EQ(a->price, 46);
}

TEST(ScrollPinned, TwoThousandScrollsReadAndCostWhatTheyAlwaysHave) {
  EXPECT_EQ(digest_of_scrolls(testing::real_tables(), 2000), 15861381278283274198ULL);  // (taken from main before the part registry)
}

}  // namespace
}  // namespace dw::content
