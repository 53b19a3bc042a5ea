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

}  // namespace
}  // namespace dw::content
