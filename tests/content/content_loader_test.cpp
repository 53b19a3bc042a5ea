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

TEST(ContentLoader, LoadsTheRealTables) {
  const content_tables t = real_tables();
  EXPECT_EQ(t.monsters.size(), 32U);
  EXPECT_EQ(t.leaders.size(), 10U);
  EXPECT_EQ(t.sizes.size(), 4U);
  EXPECT_EQ(t.scaling.bands.size(), 11U);
  EXPECT_FALSE(t.weapons.empty());
  EXPECT_FALSE(t.armour.empty());
  EXPECT_EQ(t.scrolls.tube_materials.front(), (word_row{"wooden", 0.8, 30, true, 0.5}));
  EXPECT_EQ(t.scrolls.tube_materials.back().word, "golden");
  EXPECT_EQ(t.scrolls.tube_materials.back().multiplier, 1.4);
  EXPECT_EQ(t.scrolls.tube_qualities.back().word, "mastercrafted");
  EXPECT_FALSE(t.scrolls.paper_conditions.front().good);
  EXPECT_EQ(t.names.order(), 3);
  EXPECT_EQ(t.rooms.front().name, "Water-logged passage");
  EXPECT_EQ(t.rooms.back().name, "Darkness");
  EXPECT_EQ(t.fights.fist_damage, 2);
  ASSERT_NE(t.find_item("padded_jerkin"), nullptr);
  EXPECT_EQ(t.find_item("padded_jerkin")->kind, item_kind::armour);
  EXPECT_EQ(t.find_monster("nothing"), nullptr);
}

TEST(ContentLoader, LoadingIsRepeatableAndAFailedReloadLeavesTheOldTablesAlone) {
  const content_tables before = real_tables();
  content_copy copy("reload");
  copy.replace("monsters.toml", "hp = 4", "hp = -4");
  EXPECT_TRUE(std::holds_alternative<content_error>(load_content(copy.dir())));
  EXPECT_EQ(before, real_tables());
}

TEST(ContentLoader, AnInteriorScriptsIgnoredParameterLoadsWithAWarning) {
  EXPECT_TRUE(load_warnings(real_tables()).empty()) << "the shipped scripts use every parameter they give";
  content_copy copy("ignored_parameter");
  copy.replace("interiors/stone_passages.json", R"("change": "0.15")", R"("change": "0.15", "heading": "north")");
  auto loaded = load_content(copy.dir());
  ASSERT_TRUE(std::holds_alternative<content_tables>(loaded)) << std::get<content_error>(loaded).to_string();
  const std::vector<std::string> warnings = load_warnings(std::get<content_tables>(loaded));
  ASSERT_EQ(warnings.size(), 1U);
  EXPECT_EQ(warnings[0].rfind(copy.label("interiors/stone_passages.json") + ": explorers[1].parameters.heading: ", 0),
            0U)
      << warnings[0];
}

TEST(ContentError, ReadsFileLineKeyAndReason) {
  EXPECT_EQ((content_error{"content/monsters.toml", "monsters[2].damage", "must be > 0", 0}).to_string(),
            "content/monsters.toml: monsters[2].damage: must be > 0");
  EXPECT_EQ((content_error{"content/monsters.toml", "monsters[2].damage", "must be > 0", 31}).to_string(),
            "content/monsters.toml:31: monsters[2].damage: must be > 0");
  EXPECT_EQ((content_error{"content/rooms.toml", "", "file is missing", 0}).to_string(),
            "content/rooms.toml: file is missing");
}

TEST(ContentLoader, AZeroDamageIsReportedWithFileLineAndKey) {
  const refusal r = refused("zero_damage", "monsters.toml", "damage = 3\nmin_depth = 3", "damage = 0\nmin_depth = 3",
                            "monsters[3].damage");
  EXPECT_EQ(r.error.to_string(),
            r.file + ":" + std::to_string(line_of(r.text, "damage = 0")) + ": monsters[3].damage: must be > 0");
}

TEST(ContentLoader, ABadFightChoiceNumberIsReportedWithFileLineAndKey) {
  const refusal r = refused("bad_defend", "fights.toml", "taken = 0.5", "taken = 2.5", "defend.taken");
  EXPECT_EQ(r.error.line, line_of(r.text, "taken = 2.5"));
}

TEST(ContentLoader, HealthBandsMustDescend) {
  refused("bad_health", "fights.toml", "wounded = 0.4", "wounded = 0.9", "health.wounded");
}

TEST(ContentLoader, ConsidersVerdictsMustDescendWithTheirLine) {
  const refusal r =
      refused("bad_consider_order", "fights.toml", "at_least = 0.4", "at_least = 0.7", "consider.even.at_least");
  EXPECT_EQ(r.error.line, line_of(r.text, "at_least = 0.7"));
}

TEST(ContentLoader, ConsidersSentencesMustSayTheirRoundsAndNothingElse) {
  const refusal win = refused("consider_missing_win", "fights.toml", "both = \"You would need about {win}",
                              "both = \"You would need about many", "consider.rounds.both", "must say {win}");
  EXPECT_EQ(win.error.line, line_of(win.text, "both = "));
  refused("consider_unknown_placeholder", "fights.toml", "they would not fell you.",
          "they would not fell you in {lose}.", "consider.rounds.safe", "has {lose}, which this sentence cannot fill");
  refused("consider_typo", "fights.toml", "[consider.hopeless]\nwords", "[consider.hopeless]\nat_least = 0.05\nwords",
          "consider.hopeless.at_least");
}

TEST(ContentLoader, AMissingFileIsNamed) {
  content_copy copy("missing_file");
  std::filesystem::remove(copy.dir() / "rooms.toml");
  const content_error e = copy.load_error();
  EXPECT_EQ(e.file, copy.label("rooms.toml"));
  EXPECT_EQ(e.reason, "file is missing");
}

TEST(ContentLoader, ASyntaxErrorCarriesItsLine) {
  content_copy copy("syntax");
  copy.write("weapons.toml", "[[weapons]]\nkey = \"stick\"\ndamage = = 3\n");
  const content_error e = copy.load_error();
  EXPECT_EQ(e.file, copy.label("weapons.toml"));
  EXPECT_EQ(e.line, 3U);
  EXPECT_EQ(e.reason.rfind("not valid TOML", 0), 0U) << e.reason;
}

/// Every table file of `copy`, as load_content_texts takes them.
table_texts texts_of(const content_copy& copy) {
  table_texts texts;
  // (the tables, and the interior scripts as "interiors/<name>.json")
  for (const auto& entry : std::filesystem::recursive_directory_iterator(copy.dir())) {
    if (entry.is_regular_file()) {
      const std::string name = std::filesystem::relative(entry.path(), copy.dir()).generic_string();
      texts.emplace(name, copy.read(name));
    }
  }
  return texts;
}

TEST(ContentLoader, TablesGivenAsTextLoadExactlyAsFilesDo) {
  content_copy copy("texts");
  const auto from_files = load_content(copy.dir());
  const auto from_texts = load_content_texts(copy.dir(), texts_of(copy));
  ASSERT_TRUE(std::holds_alternative<content_tables>(from_files));
  EXPECT_EQ(from_texts, from_files);
  EXPECT_EQ(std::get<content_tables>(from_texts), real_tables());
}

TEST(ContentLoader, TablesGivenAsTextFailExactlyAsFilesDo) {
  const auto expect_same_error = [](const content_copy& copy, const table_texts& texts) {
    const auto from_files = load_content(copy.dir());
    ASSERT_TRUE(std::holds_alternative<content_error>(from_files));
    EXPECT_EQ(load_content_texts(copy.dir(), texts), from_files);
  };
  {
    content_copy copy("texts_syntax");
    copy.write("weapons.toml", "[[weapons]]\nkey = \"stick\"\ndamage = = 3\n");
    expect_same_error(copy, texts_of(copy));
  }
  {
    content_copy copy("texts_wrong_type");
    copy.replace("monsters.toml", "hp = 4", "hp = \"four\"");
    expect_same_error(copy, texts_of(copy));
  }
  {
    content_copy copy("texts_missing");
    std::filesystem::remove(copy.dir() / "rooms.toml");
    expect_same_error(copy, texts_of(copy));
  }
}

TEST(ContentLoader, AMissingKeyIsNamed) {
  const refusal r =
      refused("missing_key", "monsters.toml", "plural = \"cave rats\"\n", "", "monsters[0].plural", "is missing");
  EXPECT_GT(r.error.line, 0U);
}

TEST(ContentLoader, AWrongTypeIsNamed) {
  const refusal r =
      refused("wrong_type", "monsters.toml", "hp = 4", "hp = \"four\"", "monsters[0].hp", "must be an integer");
  EXPECT_EQ(r.error.line, line_of(r.text, "hp = \"four\""));
}

TEST(ContentLoader, NegativeAndNonFiniteMultipliersAreRefused) {
  refused("negative_multiplier", "scroll_tubes.toml", "multiplier = 0.8", "multiplier = -0.8",
          "materials[0].multiplier", "must be > 0");
  refused("nan_multiplier", "scroll_tubes.toml", "multiplier = 0.8", "multiplier = nan", "materials[0].multiplier",
          "must be a finite number");
}

TEST(ContentLoader, AnEmptyTableIsRefused) {
  content_copy copy("empty_table");
  copy.write("weapons.toml", "weapons = []\n");
  const content_error e = copy.load_error();
  EXPECT_EQ(e.key, "weapons");
  EXPECT_EQ(e.reason, "must not be empty");
  EXPECT_EQ(e.line, 1U);
}

TEST(ContentLoader, BandsMustAscendFromZero) {
  refused("scaling_order", "scaling.toml", "min_depth = 16", "min_depth = 4", "bands[2].min_depth",
          "bands must be in ascending min_depth order");
  refused("rooms_order", "rooms.toml", "min_depth = 6", "min_depth = 3", "bands[2].min_depth");
  refused("rooms_start", "rooms.toml", "min_depth = 0", "min_depth = 1", "bands[0].min_depth",
          "the first band must start at depth 0");
}

TEST(ContentLoader, ScalingMultipliersMayNotFallWithDepth) {
  refused("scaling_falls", "scaling.toml", "hp = 1.1\n", "hp = 0.9\n", "bands[1].hp",
          "must not be less than the previous band's");
}

TEST(ContentLoader, AnUnknownReferenceIsNamed) {
  const refusal r =
      refused("unknown_drop", "monsters.toml", "drops = [\"padded_jerkin\"]", "drops = [\"paded_jerkin\"]",
              "monsters[1].drops[0]", "unknown weapon or armour \"paded_jerkin\"");
  EXPECT_EQ(r.error.line, line_of(r.text, "drops = [\"paded_jerkin\"]"));
}

TEST(ContentLoader, AnUnknownKeyIsRefusedSoTyposShow) {
  refused("unknown_key", "weapons.toml", "weight = 10\n", "weight = 10\ndammage = 3\n", "weapons[0].dammage",
          "unknown key");
}

TEST(ContentLoader, DuplicateKeysAreRefused) {
  refused("duplicate_weapon", "weapons.toml", "key = \"wooden_club\"", "key = \"rusty_knife\"", "weapons[1].key",
          "\"rusty_knife\" appears twice");
  refused("armour_named_like_weapon", "armour.toml", "key = \"leather_coat\"", "key = \"rusty_knife\"",
          "armour[1].key");
}

TEST(ContentLoader, TablesWhereDeeperIsEasierAreRefused) {
  const refusal r = refused("falling_difficulty", "monsters.toml", "hp = 96\ndamage = 20\nmin_depth = 120\nweight = 2",
                            "hp = 1\ndamage = 1\nmin_depth = 120\nweight = 40", "monsters[31]");
  EXPECT_NE(r.error.reason.find("expected difficulty falls"), std::string::npos) << r.error.reason;
  EXPECT_NE(r.error.reason.find("at depth 120"), std::string::npos) << r.error.reason;
  EXPECT_EQ(r.error.line, line_of(r.text, "key = \"hollow_king\"") - 1);
}

TEST(ContentLoader, SomeMonsterAndItemMustBeMetAtTheTop) {
  content_copy copy("no_shallow_monster");
  for (int shallow = 0; shallow < 3; ++shallow) {
    copy.replace("monsters.toml", "min_depth = 0", "min_depth = 1");
  }
  const content_error e = copy.load_error();
  EXPECT_EQ(e.key, "monsters");
  EXPECT_EQ(e.reason, "needs at least one monster with min_depth = 0");
}

TEST(ContentLoader, NameWordsMustFollowTheHouseRule) {
  const refusal r = refused("bad_name", "names.toml", "\"aldaren\"", "\"strangeth\"", "words[0]");
  EXPECT_NE(r.error.reason.find("three consonants"), std::string::npos) << r.error.reason;
}

TEST(ContentLoader, ScrollTextsMayUseOnlyKnownPlaceholders) {
  refused("bad_placeholder", "scroll_writing.toml", "\"Here {name} of {place}", "\"Here {name} of {where}", "texts[0]",
          "unknown placeholder {where} (use {name} or {place})");
}

TEST(ContentLoader, FlaggedRowsNeedTheirGoodFlagAndSizesTheirBounds) {
  refused("missing_flag", "scroll_paper.toml", "good = false\n", "", "conditions[0].good", "is missing");
  refused("size_bounds", "monsters.toml", "max_count = 3", "max_count = 200", "sizes[0].max_count", "must be <= 100");
}

}  // namespace
}  // namespace dw::content

namespace dw::content {
namespace {

TEST(ContentLoader, RealMonstersHaveBehavioursFightsTomlDefines) {
  const content_tables t = testing::real_tables();
  std::size_t with = 0;
  std::uint16_t all = 0;
  for (const monster_def& m : t.monsters) {
    with += m.behaviours.empty() ? 0 : 1;
    all = static_cast<std::uint16_t>(all | m.behaviours.bits);
  }
  EXPECT_EQ(with, t.monsters.size());
  EXPECT_EQ(behaviour_set{all}.size(), behaviour_count) << "every behaviour is used by some monster";
  EXPECT_TRUE(t.find_monster("stone_beetle")->behaviours.has(behaviour::armoured));
  for (const behaviour_rule& r : t.combat.behaviours) {
    EXPECT_TRUE(r.defined);
    EXPECT_FALSE(r.consider.empty());
  }
}

TEST(ContentLoader, AnUnknownBehaviourIsRefusedNamingTheMonsterAndLine) {
  const content_tables real = testing::real_tables();
  const auto beetle = std::find_if(real.monsters.begin(), real.monsters.end(),
                                   [](const monster_def& m) { return m.behaviours == behaviour_set{1}; });
  ASSERT_NE(beetle, real.monsters.end());  // the first monster that is only armoured
  const refusal r = refused("unknown_behaviour", "monsters.toml", "behaviours = [\"armoured\"]",
                            "behaviours = [\"armoured\", \"thief\"]",
                            "monsters[" + std::to_string(beetle - real.monsters.begin()) + "].behaviours[1]");
  EXPECT_EQ(r.error.line, line_of(r.text, "\"thief\""));
  EXPECT_NE(r.error.reason.find("unknown behaviour \"thief\""), std::string::npos) << r.error.reason;
}

TEST(ContentLoader, AnUnknownBehaviourTableOrFieldOrPlaceholderIsRefused) {
  refused("unknown_behaviour_table", "fights.toml", "[behaviours.pack]",
          "[behaviours.thief]\nchance = 0.1\n\n[behaviours.pack]", "behaviours.thief");
  refused("behaviour_field", "fights.toml", "most = 1\n", "most = 1\nrounds = 3\n", "behaviours.pack.rounds");
  const std::string placeholder = refused("behaviour_placeholder", "fights.toml", "another {monster} joins",
                                          "another {monsters} joins", "behaviours.pack.words")
                                      .error.reason;
  EXPECT_NE(placeholder.find("{monsters}"), std::string::npos) << placeholder;
  refused("behaviour_fighter", "fights.toml", "{fighter}'s blow glances", "Someone's blow glances",
          "behaviours.armoured.others");
  refused("behaviour_chance", "fights.toml", "chance = 0.5\nshare = 0.3", "chance = 1.5\nshare = 0.3",
          "behaviours.armoured.chance");
}

TEST(ContentLoader, AMonsterMayOnlyHaveABehaviourFightsTomlDefines) {
  testing::content_copy copy("undefined_behaviour");
  const std::string fights = copy.read("fights.toml");
  const auto at = fights.find("[behaviours.frenzied]");
  ASSERT_NE(at, std::string::npos);
  copy.write("fights.toml", fights.substr(0, at));  // (the frenzied table is the last)
  const content_error e = copy.load_error();
  EXPECT_EQ(e.file, copy.label("monsters.toml"));
  EXPECT_EQ(e.key.substr(0, 9), "monsters[");
  EXPECT_NE(e.reason.find("[behaviours.frenzied]"), std::string::npos) << e.reason;
}

}  // namespace
}  // namespace dw::content
