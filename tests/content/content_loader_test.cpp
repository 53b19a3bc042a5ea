#include <gtest/gtest.h>

#include <algorithm>

#include "content/content_loader.hpp"
#include "content_test_support.hpp"

namespace dw::content {
namespace {

using testing::content_copy;
using testing::real_tables;

/// 1-based line of the first occurrence of `needle` in `text`.
std::uint32_t line_of(const std::string& text, std::string_view needle) {
  const auto at = text.find(needle);
  EXPECT_NE(at, std::string::npos) << needle;
  return 1 + static_cast<std::uint32_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

std::string file_label(const content_copy& copy, std::string_view name) {
  return (copy.dir() / name).generic_string();
}

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
  EXPECT_EQ(warnings[0].rfind(file_label(copy, "interiors/stone_passages.json") + ": explorers[1].parameters.heading: ", 0), 0U)
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
  content_copy copy("zero_damage");
  copy.replace("monsters.toml", "damage = 3\nmin_depth = 3", "damage = 0\nmin_depth = 3");
  const std::uint32_t line = line_of(copy.read("monsters.toml"), "damage = 0");
  const content_error e = copy.load_error();
  EXPECT_EQ(e.to_string(),
            file_label(copy, "monsters.toml") + ":" + std::to_string(line) + ": monsters[3].damage: must be > 0");
}

TEST(ContentLoader, ABadFightChoiceNumberIsReportedWithFileLineAndKey) {
  content_copy copy("bad_defend");
  copy.replace("fights.toml", "taken = 0.5", "taken = 2.5");
  const std::uint32_t line = line_of(copy.read("fights.toml"), "taken = 2.5");
  const content_error e = copy.load_error();
  EXPECT_EQ(e.file, file_label(copy, "fights.toml"));
  EXPECT_EQ(e.key, "defend.taken");
  EXPECT_EQ(e.line, line);
}

TEST(ContentLoader, HealthBandsMustDescend) {
  content_copy copy("bad_health");
  copy.replace("fights.toml", "wounded = 0.4", "wounded = 0.9");
  const content_error e = copy.load_error();
  EXPECT_EQ(e.key, "health.wounded");
}

TEST(ContentLoader, ConsidersVerdictsMustDescendWithTheirLine) {
  content_copy copy("bad_consider_order");
  copy.replace("fights.toml", "at_least = 0.4", "at_least = 0.7");
  const std::uint32_t line = line_of(copy.read("fights.toml"), "at_least = 0.7");
  const content_error e = copy.load_error();
  EXPECT_EQ(e.file, file_label(copy, "fights.toml"));
  EXPECT_EQ(e.key, "consider.even.at_least");
  EXPECT_EQ(e.line, line);
}

TEST(ContentLoader, ConsidersSentencesMustSayTheirRoundsAndNothingElse) {
  {
    content_copy copy("consider_missing_win");
    copy.replace("fights.toml", "both = \"You would need about {win}", "both = \"You would need about many");
    const std::uint32_t line = line_of(copy.read("fights.toml"), "both = ");
    const content_error e = copy.load_error();
    EXPECT_EQ(e.key, "consider.rounds.both");
    EXPECT_EQ(e.reason, "must say {win}");
    EXPECT_EQ(e.line, line);
  }
  {
    content_copy copy("consider_unknown_placeholder");
    copy.replace("fights.toml", "they would not fell you.", "they would not fell you in {lose}.");
    const content_error e = copy.load_error();
    EXPECT_EQ(e.key, "consider.rounds.safe");
    EXPECT_EQ(e.reason, "has {lose}, which this sentence cannot fill");
  }
  {
    content_copy copy("consider_typo");
    copy.replace("fights.toml", "[consider.hopeless]\nwords", "[consider.hopeless]\nat_least = 0.05\nwords");
    EXPECT_EQ(copy.load_error().key, "consider.hopeless.at_least");
  }
}

TEST(ContentLoader, AMissingFileIsNamed) {
  content_copy copy("missing_file");
  std::filesystem::remove(copy.dir() / "rooms.toml");
  const content_error e = copy.load_error();
  EXPECT_EQ(e.file, file_label(copy, "rooms.toml"));
  EXPECT_EQ(e.reason, "file is missing");
}

TEST(ContentLoader, ASyntaxErrorCarriesItsLine) {
  content_copy copy("syntax");
  copy.write("weapons.toml", "[[weapons]]\nkey = \"stick\"\ndamage = = 3\n");
  const content_error e = copy.load_error();
  EXPECT_EQ(e.file, file_label(copy, "weapons.toml"));
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
  content_copy copy("missing_key");
  copy.replace("monsters.toml", "plural = \"cave rats\"\n", "");
  const content_error e = copy.load_error();
  EXPECT_EQ(e.key, "monsters[0].plural");
  EXPECT_EQ(e.reason, "is missing");
  EXPECT_GT(e.line, 0U);
}

TEST(ContentLoader, AWrongTypeIsNamed) {
  content_copy copy("wrong_type");
  copy.replace("monsters.toml", "hp = 4", "hp = \"four\"");
  const content_error e = copy.load_error();
  EXPECT_EQ(e.key, "monsters[0].hp");
  EXPECT_EQ(e.reason, "must be an integer");
  EXPECT_EQ(e.line, line_of(copy.read("monsters.toml"), "hp = \"four\""));
}

TEST(ContentLoader, NegativeAndNonFiniteMultipliersAreRefused) {
  {
    content_copy copy("negative_multiplier");
    copy.replace("scroll_tubes.toml", "multiplier = 0.8", "multiplier = -0.8");
    const content_error e = copy.load_error();
    EXPECT_EQ(e.file, file_label(copy, "scroll_tubes.toml"));
    EXPECT_EQ(e.key, "materials[0].multiplier");
    EXPECT_EQ(e.reason, "must be > 0");
  }
  {
    content_copy copy("nan_multiplier");
    copy.replace("scroll_tubes.toml", "multiplier = 0.8", "multiplier = nan");
    const content_error e = copy.load_error();
    EXPECT_EQ(e.key, "materials[0].multiplier");
    EXPECT_EQ(e.reason, "must be a finite number");
  }
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
  {
    content_copy copy("scaling_order");
    copy.replace("scaling.toml", "min_depth = 16", "min_depth = 4");
    const content_error e = copy.load_error();
    EXPECT_EQ(e.file, file_label(copy, "scaling.toml"));
    EXPECT_EQ(e.key, "bands[2].min_depth");
    EXPECT_EQ(e.reason, "bands must be in ascending min_depth order");
  }
  {
    content_copy copy("rooms_order");
    copy.replace("rooms.toml", "min_depth = 6", "min_depth = 3");
    const content_error e = copy.load_error();
    EXPECT_EQ(e.file, file_label(copy, "rooms.toml"));
    EXPECT_EQ(e.key, "bands[2].min_depth");
  }
  {
    content_copy copy("rooms_start");
    copy.replace("rooms.toml", "min_depth = 0", "min_depth = 1");
    const content_error e = copy.load_error();
    EXPECT_EQ(e.key, "bands[0].min_depth");
    EXPECT_EQ(e.reason, "the first band must start at depth 0");
  }
}

TEST(ContentLoader, ScalingMultipliersMayNotFallWithDepth) {
  content_copy copy("scaling_falls");
  copy.replace("scaling.toml", "hp = 1.1\n", "hp = 0.9\n");
  const content_error e = copy.load_error();
  EXPECT_EQ(e.key, "bands[1].hp");
  EXPECT_EQ(e.reason, "must not be less than the previous band's");
}

TEST(ContentLoader, AnUnknownReferenceIsNamed) {
  content_copy copy("unknown_drop");
  copy.replace("monsters.toml", "drops = [\"padded_jerkin\"]", "drops = [\"paded_jerkin\"]");
  const content_error e = copy.load_error();
  EXPECT_EQ(e.key, "monsters[1].drops[0]");
  EXPECT_EQ(e.reason, "unknown weapon or armour \"paded_jerkin\"");
  EXPECT_EQ(e.line, line_of(copy.read("monsters.toml"), "drops = [\"paded_jerkin\"]"));
}

TEST(ContentLoader, AnUnknownKeyIsRefusedSoTyposShow) {
  content_copy copy("unknown_key");
  copy.replace("weapons.toml", "weight = 10\n", "weight = 10\ndammage = 3\n");
  const content_error e = copy.load_error();
  EXPECT_EQ(e.key, "weapons[0].dammage");
  EXPECT_EQ(e.reason, "unknown key");
}

TEST(ContentLoader, DuplicateKeysAreRefused) {
  {
    content_copy copy("duplicate_weapon");
    copy.replace("weapons.toml", "key = \"wooden_club\"", "key = \"rusty_knife\"");
    const content_error e = copy.load_error();
    EXPECT_EQ(e.key, "weapons[1].key");
    EXPECT_EQ(e.reason, "\"rusty_knife\" appears twice");
  }
  {
    content_copy copy("armour_named_like_weapon");
    copy.replace("armour.toml", "key = \"leather_coat\"", "key = \"rusty_knife\"");
    const content_error e = copy.load_error();
    EXPECT_EQ(e.file, file_label(copy, "armour.toml"));
    EXPECT_EQ(e.key, "armour[1].key");
  }
}

TEST(ContentLoader, TablesWhereDeeperIsEasierAreRefused) {
  content_copy copy("falling_difficulty");
  copy.replace("monsters.toml", "hp = 96\ndamage = 20\nmin_depth = 120\nweight = 2",
               "hp = 1\ndamage = 1\nmin_depth = 120\nweight = 40");
  const content_error e = copy.load_error();
  EXPECT_EQ(e.file, file_label(copy, "monsters.toml"));
  EXPECT_EQ(e.key, "monsters[31]");
  EXPECT_NE(e.reason.find("expected difficulty falls"), std::string::npos) << e.reason;
  EXPECT_NE(e.reason.find("at depth 120"), std::string::npos) << e.reason;
  EXPECT_EQ(e.line, line_of(copy.read("monsters.toml"), "key = \"hollow_king\"") - 1);
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
  content_copy copy("bad_name");
  copy.replace("names.toml", "\"aldaren\"", "\"strangeth\"");
  const content_error e = copy.load_error();
  EXPECT_EQ(e.file, file_label(copy, "names.toml"));
  EXPECT_EQ(e.key, "words[0]");
  EXPECT_NE(e.reason.find("three consonants"), std::string::npos) << e.reason;
}

TEST(ContentLoader, ScrollTextsMayUseOnlyKnownPlaceholders) {
  content_copy copy("bad_placeholder");
  copy.replace("scroll_writing.toml", "\"Here {name} of {place}", "\"Here {name} of {where}");
  const content_error e = copy.load_error();
  EXPECT_EQ(e.key, "texts[0]");
  EXPECT_EQ(e.reason, "unknown placeholder {where} (use {name} or {place})");
}

TEST(ContentLoader, FlaggedRowsNeedTheirGoodFlagAndSizesTheirBounds) {
  {
    content_copy copy("missing_flag");
    copy.replace("scroll_paper.toml", "good = false\n", "");
    const content_error e = copy.load_error();
    EXPECT_EQ(e.key, "conditions[0].good");
    EXPECT_EQ(e.reason, "is missing");
  }
  {
    content_copy copy("size_bounds");
    copy.replace("monsters.toml", "max_count = 3", "max_count = 200");
    const content_error e = copy.load_error();
    EXPECT_EQ(e.key, "sizes[0].max_count");
    EXPECT_EQ(e.reason, "must be <= 100");
  }
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
  testing::content_copy copy("unknown_behaviour");
  copy.replace("monsters.toml", "behaviours = [\"armoured\"]", "behaviours = [\"armoured\", \"thief\"]");
  const content_error e = copy.load_error();
  const content_tables real = testing::real_tables();
  const auto beetle = std::find_if(real.monsters.begin(), real.monsters.end(),
                                   [](const monster_def& m) { return m.behaviours == behaviour_set{1}; });
  ASSERT_NE(beetle, real.monsters.end());  // the first monster that is only armoured
  EXPECT_EQ(e.key, "monsters[" + std::to_string(beetle - real.monsters.begin()) + "].behaviours[1]");
  EXPECT_EQ(e.line, line_of(copy.read("monsters.toml"), "\"thief\""));
  EXPECT_NE(e.reason.find("unknown behaviour \"thief\""), std::string::npos) << e.reason;
}

TEST(ContentLoader, AnUnknownBehaviourTableOrFieldOrPlaceholderIsRefused) {
  {
    testing::content_copy copy("unknown_behaviour_table");
    copy.replace("fights.toml", "[behaviours.pack]", "[behaviours.thief]\nchance = 0.1\n\n[behaviours.pack]");
    const content_error e = copy.load_error();
    EXPECT_EQ(e.file, file_label(copy, "fights.toml"));
    EXPECT_EQ(e.key, "behaviours.thief");
  }
  {
    testing::content_copy copy("behaviour_field");
    copy.replace("fights.toml", "most = 1\n", "most = 1\nrounds = 3\n");
    EXPECT_EQ(copy.load_error().key, "behaviours.pack.rounds");
  }
  {
    testing::content_copy copy("behaviour_placeholder");
    copy.replace("fights.toml", "another {monster} joins", "another {monsters} joins");
    const content_error e = copy.load_error();
    EXPECT_EQ(e.key, "behaviours.pack.words");
    EXPECT_NE(e.reason.find("{monsters}"), std::string::npos) << e.reason;
  }
  {
    testing::content_copy copy("behaviour_fighter");
    copy.replace("fights.toml", "{fighter}'s blow glances", "Someone's blow glances");
    EXPECT_EQ(copy.load_error().key, "behaviours.armoured.others");
  }
  {
    testing::content_copy copy("behaviour_chance");
    copy.replace("fights.toml", "chance = 0.5\nshare = 0.3", "chance = 1.5\nshare = 0.3");
    EXPECT_EQ(copy.load_error().key, "behaviours.armoured.chance");
  }
}

TEST(ContentLoader, AMonsterMayOnlyHaveABehaviourFightsTomlDefines) {
  testing::content_copy copy("undefined_behaviour");
  const std::string fights = copy.read("fights.toml");
  const auto at = fights.find("[behaviours.frenzied]");
  ASSERT_NE(at, std::string::npos);
  copy.write("fights.toml", fights.substr(0, at));  // (the frenzied table is the last)
  const content_error e = copy.load_error();
  EXPECT_EQ(e.file, file_label(copy, "monsters.toml"));
  EXPECT_EQ(e.key.substr(0, 9), "monsters[");
  EXPECT_NE(e.reason.find("[behaviours.frenzied]"), std::string::npos) << e.reason;
}

}  // namespace
}  // namespace dw::content
