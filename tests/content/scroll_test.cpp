#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <set>

#include "content/scroll.hpp"
#include "content/tape.hpp"
#include "content_test_support.hpp"
#include "seed/mix64.hpp"

namespace dw::content {
namespace {

using testing::real_tables;

artefact_registry scroll_registry() {
  artefact_registry registry;
  register_scroll(registry);
  return registry;
}

std::uint64_t seed_number(int i) { return seed::mix64(static_cast<std::uint64_t>(i) + 1); }

TEST(Scroll, TenThousandScrollsRegenerateIdenticallyFromTheirSeeds) {
  const content_tables tables = real_tables();
  const artefact_registry registry = scroll_registry();
  std::vector<artefact> first;
  first.reserve(10'000);
  for (int i = 0; i < 10'000; ++i) {
    auto a = registry.generate(tables, scroll_type, seed_number(i));
    ASSERT_TRUE(a.has_value());
    first.push_back(std::move(*a));
  }
  std::set<std::string> names;
  for (int i = 0; i < 10'000; ++i) {
    const auto again = registry.generate(tables, scroll_type, seed_number(i));
    ASSERT_TRUE(again.has_value());
    ASSERT_EQ(*again, first[static_cast<std::size_t>(i)]) << "seed index " << i;
    names.insert(again->name);
  }
  EXPECT_GT(names.size(), 2000U);  // many distinct scrolls, not a handful repeated
}

TEST(Scroll, BlueprintPartsChainFromTheScrollSeed) {
  const content_tables tables = real_tables();
  const std::uint64_t seed = seed_number(1);
  const scroll_part_seeds parts = scroll_part_seeds_for(seed);
  const blueprint print = make_scroll_blueprint(tables, seed);
  EXPECT_EQ(print, make_scroll_blueprint_from_part_seeds(tables, seed, parts));
  EXPECT_EQ(print.type, "scroll");
  EXPECT_EQ(print.seed, seed);
  ASSERT_EQ(print.parts.size(), 5U);  // name, tube, paper, writing, and the effect drawn after them
  EXPECT_EQ(print.part("name")->seed, parts.name);
  EXPECT_EQ(print.part("tube")->seed, parts.tube);
  EXPECT_EQ(print.part("paper")->seed, parts.paper);
  EXPECT_EQ(print.part("writing")->seed, parts.writing);
  const std::set<std::uint64_t> distinct = {parts.name, parts.tube, parts.paper, parts.writing};
  EXPECT_EQ(distinct.size(), 4U);
  EXPECT_NE(scroll_part_seeds_for(seed + 1), parts);
}

TEST(Scroll, ChangingOnePartsSeedChangesOnlyThatPart) {
  const content_tables tables = real_tables();
  for (int i = 0; i < 200; ++i) {
    const std::uint64_t seed = seed_number(i);
    const scroll_part_seeds base = scroll_part_seeds_for(seed);
    const blueprint original = make_scroll_blueprint_from_part_seeds(tables, seed, base);
    for (std::size_t changed = 0; changed < 4; ++changed) {
      scroll_part_seeds altered = base;
      std::uint64_t* fields[] = {&altered.name, &altered.tube, &altered.paper, &altered.writing};
      *fields[changed] = seed::mix64(*fields[changed] ^ 0xabcdefULL);
      const blueprint other = make_scroll_blueprint_from_part_seeds(tables, seed, altered);
      for (std::size_t p = 0; p < 4; ++p) {
        if (p == changed) {
          EXPECT_NE(other.parts[p], original.parts[p]);
        } else {
          EXPECT_EQ(other.parts[p], original.parts[p]) << "part " << p << " moved when part " << changed << " changed";
        }
      }
    }
  }
}

TEST(Scroll, ChangingTheTubeSeedLeavesNameTextAndPaperAlone) {
  const content_tables tables = real_tables();
  const std::uint64_t seed = seed_number(3);
  scroll_part_seeds parts = scroll_part_seeds_for(seed);
  const artefact before = *instantiate_scroll(tables, make_scroll_blueprint_from_part_seeds(tables, seed, parts));
  bool tube_changed = false;
  for (std::uint64_t k = 1; k < 50 && !tube_changed; ++k) {
    parts.tube = seed::mix64(k);
    const artefact after = *instantiate_scroll(tables, make_scroll_blueprint_from_part_seeds(tables, seed, parts));
    EXPECT_EQ(after.name, before.name);
    EXPECT_EQ(after.text, before.text);
    EXPECT_EQ(after.attributes[2], before.attributes[2]);
    EXPECT_EQ(after.attributes[5], before.attributes[5]);
    tube_changed = after.short_description != before.short_description;
  }
  EXPECT_TRUE(tube_changed);
}

TEST(Scroll, PaperAndWritingJoinWithAndWhenTheyAgreeAndButWhenTheyDiffer) {
  const word_row vellum{"vellum", 1.2, 1, true};
  const word_row torn{"has torn a bit", 0.8, 1, false};
  const word_row supple{"is clean and supple", 1.1, 1, true};
  const word_row good{"good-quality", 1.1, 1, true};
  const word_row smudged{"smudged", 0.8, 1, false};
  const word_row decorative{"is decorative", 1.1, 1, true};
  EXPECT_EQ(describe_paper_and_writing(vellum, torn, good, decorative),
            "Vellum has torn a bit but good-quality writing is decorative");
  EXPECT_EQ(describe_paper_and_writing(vellum, supple, good, decorative),
            "Vellum is clean and supple and good-quality writing is decorative");
  EXPECT_EQ(describe_paper_and_writing(vellum, torn, smudged, decorative),
            "Vellum has torn a bit and smudged writing is decorative");
  EXPECT_EQ(describe_paper_and_writing(vellum, supple, smudged, decorative),
            "Vellum is clean and supple but smudged writing is decorative");
}

TEST(Scroll, GeneratedAppearanceUsesTheConjunctionTheFlagsCallFor) {
  const content_tables tables = real_tables();
  int buts = 0;
  for (int i = 0; i < 1000; ++i) {
    const blueprint print = make_scroll_blueprint(tables, seed_number(i));
    const artefact a = *instantiate_scroll(tables, print);
    const bool paper_good = tables.scrolls.paper_conditions[print.part("paper")->picks[1]].good;
    const bool writing_good = tables.scrolls.writing_qualities[print.part("writing")->picks[0]].good;
    const std::string joined = paper_good == writing_good ? " and " : " but ";
    const std::string writing_word = tables.scrolls.writing_qualities[print.part("writing")->picks[0]].word;
    EXPECT_NE(a.appearance.find(joined + writing_word + " writing"), std::string::npos) << a.appearance;
    buts += paper_good != writing_good ? 1 : 0;
  }
  EXPECT_GT(buts, 200);
  EXPECT_LT(buts, 800);
}

TEST(Scroll, PriceIsTheBasePriceTimesEveryChosenMultiplier) {
  const content_tables tables = real_tables();
  for (int i = 0; i < 2000; ++i) {
    const std::uint64_t seed = seed_number(i);
    const blueprint print = make_scroll_blueprint(tables, seed);
    const artefact a = *instantiate_scroll(tables, print);
    const scroll_tables& s = tables.scrolls;
    const double expected_factor = s.tube_qualities[print.part("tube")->picks[0]].multiplier *
                                   s.tube_materials[print.part("tube")->picks[1]].multiplier *
                                   s.paper_materials[print.part("paper")->picks[0]].multiplier *
                                   s.paper_conditions[print.part("paper")->picks[1]].multiplier *
                                   s.writing_qualities[print.part("writing")->picks[0]].multiplier *
                                   s.writing_details[print.part("writing")->picks[1]].multiplier;
    ASSERT_EQ(a.attributes.size(), 6U);
    double product = 1.0;
    for (const artefact_attribute& attribute : a.attributes) {
      product *= attribute.multiplier;
    }
    EXPECT_DOUBLE_EQ(product, expected_factor);
    EXPECT_DOUBLE_EQ(scroll_price_factor(tables, seed), expected_factor);
    EXPECT_EQ(a.base_price, tables.fights.scroll_base_price);
    EXPECT_EQ(a.price, std::llround(tables.fights.scroll_base_price * product * a.effect_multiplier));
  }
}

TEST(Scroll, ReadsLikeAThingInTheWorld) {
  const content_tables tables = real_tables();
  for (int i = 0; i < 500; ++i) {
    const blueprint print = make_scroll_blueprint(tables, seed_number(i));
    const artefact a = *instantiate_scroll(tables, print);
    const std::string& quality = tables.scrolls.tube_qualities[print.part("tube")->picks[0]].word;
    const std::string& material = tables.scrolls.tube_materials[print.part("tube")->picks[1]].word;
    const std::string article = std::string("aeiou").find(quality[0]) != std::string::npos ? "an " : "a ";
    EXPECT_EQ(a.short_description, article + quality + " " + material + " scroll tube");
    EXPECT_EQ(a.name, "the Scroll of " + print.part("name")->words[0]);
    EXPECT_EQ(a.appearance.rfind(std::string(1, static_cast<char>(std::toupper(article[0]))), 0), 0U);
    EXPECT_EQ(a.text.find('{'), std::string::npos) << a.text;
    EXPECT_NE(a.text.find(print.part("name")->words[0]), std::string::npos) << a.text;
  }
}

TEST(Scroll, DeeperLootSeedsGiveBetterScrolls) {
  const content_tables tables = real_tables();
  double shallow = 0.0;
  double deep = 0.0;
  double plain = 0.0;
  constexpr int n = 3000;
  for (int i = 0; i < n; ++i) {
    const std::uint64_t base = seed_number(i);
    plain += scroll_price_factor(tables, tape(base).bits(0));
    shallow += scroll_price_factor(tables, scroll_seed_for_depth(tables, base, 0));
    deep += scroll_price_factor(tables, scroll_seed_for_depth(tables, base, 100));
    // The chosen seed is itself a scroll: it regenerates like any other.
    EXPECT_EQ(scroll_seed_for_depth(tables, base, 100), scroll_seed_for_depth(tables, base, 100));
  }
  EXPECT_DOUBLE_EQ(shallow, plain);  // at depth 0 the reward multiplier 1 means best of one
  EXPECT_GT(deep / n, 1.25 * shallow / n);
}

TEST(Scroll, InstantiateRefusesABlueprintThatDoesNotFit) {
  const content_tables tables = real_tables();
  const blueprint good = make_scroll_blueprint(tables, 77);
  blueprint out_of_range = good;
  out_of_range.parts[1].picks[1] = 999;
  EXPECT_FALSE(instantiate_scroll(tables, out_of_range).has_value());
  blueprint missing = good;
  missing.parts.pop_back();
  EXPECT_FALSE(instantiate_scroll(tables, missing).has_value());
  blueprint wrong_type = good;
  wrong_type.type = "lamp";
  EXPECT_FALSE(instantiate_scroll(tables, wrong_type).has_value());
  EXPECT_TRUE(instantiate_scroll(tables, good).has_value());
}

}  // namespace
}  // namespace dw::content
