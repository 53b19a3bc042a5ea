#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "content/artefact_registry.hpp"
#include "content/scroll.hpp"
#include "content/tape.hpp"
#include "content_test_support.hpp"

namespace dw::content {
namespace {

using testing::real_tables;

// A lantern type defined only here: the library learns of it through register_type alone.
blueprint make_lantern(const content_tables& tables, std::uint64_t seed) {
  const tape parent(seed);
  const std::uint64_t body_seed = parent.bits(0);
  const std::uint64_t flame_seed = parent.bits(1);
  const auto material = static_cast<std::uint32_t>(tape(body_seed).at(0) * tables.scrolls.tube_materials.size());
  const auto brightness = static_cast<std::uint32_t>(tape(flame_seed).at(0) * 3);
  return {"lantern", seed, {{"body", body_seed, {material}, {}}, {"flame", flame_seed, {brightness}, {}}}};
}

std::optional<artefact> make_lantern_item(const content_tables& tables, const blueprint& print) {
  const blueprint_part* body = print.part("body");
  const blueprint_part* flame = print.part("flame");
  if (body == nullptr || flame == nullptr) {
    return std::nullopt;
  }
  const word_row& material = tables.scrolls.tube_materials[body->picks[0]];
  static constexpr const char* glows[] = {"dim", "steady", "bright"};
  artefact a;
  a.type = print.type;
  a.seed = print.seed;
  a.name = "lantern";
  a.short_description = "a " + material.word + " lantern";
  a.appearance = "Its flame is " + std::string(glows[flame->picks[0]]) + ".";
  a.attributes = {{"body", material.word, material.multiplier}};
  a.base_price = 10;
  a.price = std::llround(10 * material.multiplier);
  return a;
}

TEST(ArtefactRegistry, ScrollsRegisterFromTheirOwnFileAndGenerate) {
  const content_tables tables = real_tables();
  artefact_registry registry;
  EXPECT_FALSE(registry.has_type("scroll"));
  register_scroll(registry);
  EXPECT_TRUE(registry.has_type("scroll"));
  const auto a = registry.generate(tables, "scroll", 1234);
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(a->type, "scroll");
  EXPECT_EQ(a->seed, 1234U);
  EXPECT_EQ(*a, *instantiate_scroll(tables, make_scroll_blueprint(tables, 1234)));
  EXPECT_EQ(*registry.make_blueprint(tables, "scroll", 1234), make_scroll_blueprint(tables, 1234));
}

TEST(ArtefactRegistry, UnknownTypesGiveNothing) {
  const content_tables tables = real_tables();
  artefact_registry registry;
  register_scroll(registry);
  EXPECT_FALSE(registry.generate(tables, "sword", 1).has_value());
  EXPECT_FALSE(registry.make_blueprint(tables, "sword", 1).has_value());
  blueprint stray{"sword", 1, {}};
  EXPECT_FALSE(registry.instantiate(tables, stray).has_value());
}

TEST(ArtefactRegistry, ANewTypeRegistersWithoutTouchingTheLibrary) {
  const content_tables tables = real_tables();
  artefact_registry registry;
  register_scroll(registry);
  ASSERT_TRUE(registry.register_type("lantern", make_lantern, make_lantern_item));
  EXPECT_EQ(registry.types(), (std::vector<std::string>{"scroll", "lantern"}));
  std::set<std::string> looks;
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    const auto lantern = registry.generate(tables, "lantern", seed);
    ASSERT_TRUE(lantern.has_value());
    EXPECT_EQ(*lantern, *registry.generate(tables, "lantern", seed));
    EXPECT_EQ(lantern->type, "lantern");
    looks.insert(lantern->short_description + lantern->appearance);
    const auto print = registry.make_blueprint(tables, "lantern", seed);
    ASSERT_TRUE(print.has_value());
    EXPECT_EQ(*registry.instantiate(tables, *print), *lantern);
  }
  EXPECT_GT(looks.size(), 10U);
  EXPECT_TRUE(registry.generate(tables, "scroll", 5).has_value());  // scrolls unaffected
}

TEST(ArtefactRegistry, RefusesDuplicateNamesAndEmptyParts) {
  artefact_registry registry;
  register_scroll(registry);
  EXPECT_FALSE(registry.register_type("scroll", make_lantern, make_lantern_item));
  EXPECT_FALSE(registry.register_type("", make_lantern, make_lantern_item));
  EXPECT_FALSE(registry.register_type("lamp", nullptr, make_lantern_item));
  EXPECT_FALSE(registry.register_type("lamp", make_lantern, nullptr));
  EXPECT_EQ(registry.types(), (std::vector<std::string>{"scroll"}));
}

TEST(ArtefactRegistry, ScrollsAreAssembledFromRegisteredPartsAndARuleOnPaperWithWriting) {
  artefact_registry registry;
  register_scroll(registry);
  EXPECT_EQ(registry.parts_of("scroll"), (std::vector<std::string>{"name", "tube", "paper", "writing", "effect"}));
  EXPECT_TRUE(registry.parts_of("lantern").empty());
  // A rule needs parts the type has; parts need an assembled type.
  EXPECT_FALSE(registry.register_rule("scroll", {"paper", "quill"}, [](auto&&...) { return true; }));
  EXPECT_FALSE(registry.register_part("lantern", "wick", [](auto&&...) { return blueprint_part{}; },
                                      [](auto&&...) { return true; }));
  EXPECT_FALSE(registry.register_part("scroll", "tube", [](auto&&...) { return blueprint_part{}; },
                                      [](auto&&...) { return true; }));
}

// A wax seal: a part kind defined only here, added to scrolls by one registration call.
TEST(ArtefactRegistry, ANewPartIsOneRegistrationAndLeavesTheOtherPartsAsTheyWere) {
  const content_tables tables = real_tables();
  artefact_registry registry;
  register_scroll(registry);
  const artefact plain = *registry.generate(tables, "scroll", 4242);
  const blueprint plain_print = *registry.make_blueprint(tables, "scroll", 4242);

  static constexpr const char* waxes[] = {"red", "black", "green"};
  ASSERT_TRUE(registry.register_part(
      "scroll", "seal",
      [](const content_tables&, std::uint64_t seed) {
        return blueprint_part{"seal", seed, {static_cast<std::uint32_t>(tape(seed).at(0) * 3)}, {}};
      },
      [](const content_tables&, const blueprint_part& part, artefact_draft& draft) {
        if (part.picks.empty() || part.picks[0] >= 3) {
          return false;
        }
        const std::string wax = waxes[part.picks[0]];
        draft.made.attributes.push_back({"seal", wax + " wax", 1.5});
        draft.made.pounds += 0.25;
        draft.details.push_back("It is sealed with " + wax + " wax.");
        return true;
      }));
  const blueprint print = *registry.make_blueprint(tables, "scroll", 4242);
  ASSERT_EQ(print.parts.size(), 6U);
  EXPECT_EQ(std::vector<blueprint_part>(print.parts.begin(), print.parts.begin() + 5), plain_print.parts);
  EXPECT_EQ(print.parts[5].seed, tape(4242).bits(5));  // the sixth seed of the chain

  const artefact sealed = *registry.generate(tables, "scroll", 4242);
  EXPECT_EQ(sealed.name, plain.name);
  EXPECT_EQ(sealed.text, plain.text);
  EXPECT_EQ(sealed.appearance.substr(0, plain.appearance.size()), plain.appearance);
  EXPECT_NE(sealed.appearance.find(" wax."), std::string::npos) << sealed.appearance;
  ASSERT_EQ(sealed.attributes.size(), plain.attributes.size() + 1);
  EXPECT_EQ(sealed.attributes.back().role, "seal");
  EXPECT_DOUBLE_EQ(sealed.pounds, plain.pounds + 0.25);
  EXPECT_NEAR(static_cast<double>(sealed.price), static_cast<double>(plain.price) * 1.5, 1.0);
}

TEST(ArtefactRegistry, AScrollWeighsItsTubeAndItsPaper) {
  const content_tables tables = real_tables();
  for (std::uint64_t seed = 1; seed < 200; ++seed) {
    const blueprint print = make_scroll_blueprint(tables, seed);
    const artefact a = *instantiate_scroll(tables, print);
    const double tube = tables.scrolls.tube_materials[print.part("tube")->picks[1]].pounds;
    const double paper = tables.scrolls.paper_materials[print.part("paper")->picks[0]].pounds;
    EXPECT_GT(tube, 0.0);
    EXPECT_GT(paper, 0.0);
    EXPECT_DOUBLE_EQ(a.pounds, tube + paper);
  }
}

TEST(ArtefactRegistry, AnArtefactKeptAsTextReadsBackTheSame) {
  const content_tables tables = real_tables();
  for (std::uint64_t seed = 1; seed < 300; ++seed) {
    artefact a = *instantiate_scroll(tables, make_scroll_blueprint(tables, seed * 7919));
    EXPECT_EQ(decode_artefact(encode_artefact(a)), a);
  }
  artefact odd;
  odd.type = "scroll";
  odd.name = "tab\there\\nand\nnewline\\";
  odd.text = "\\t";
  odd.price = 3;
  odd.attributes = {{"a\tb", "c\nd", 0.1 + 0.2}};
  EXPECT_EQ(decode_artefact(encode_artefact(odd)), odd);
  EXPECT_FALSE(decode_artefact(""));
  EXPECT_FALSE(decode_artefact("type\tscroll\nname\tx\n"));  // no price
  EXPECT_FALSE(decode_artefact("type\tscroll\nname\tx\nprice\tlots\n"));
}

}  // namespace
}  // namespace dw::content
