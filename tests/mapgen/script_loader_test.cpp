// Loading scripts: every section read, every kind of refusal with its exact JSON path.
#include <gtest/gtest.h>

#include <string>

#include "script_support.hpp"

namespace dw::mapgen {
namespace {

using testing::explorer_text;
using testing::refusal;
using testing::script_text;

const std::string fill = explorer_text("narrow_horz", "map", "", {"self(any) -> self(solid)"});

TEST(ScriptLoader, ReadsEverySection) {
  const std::string script = R"json({
    "metadata": {"min": "10x8", "max": "30x20"},
    "regions": {"type": "bsp", "number": "3", "parameters": {"min": "4x4", "max": "12x10"}},
    "entities": {"solid": {"color": "0x000000"}, "empty": {"min": "5"}, "gem": {"min": 1, "max": 3}},
    "neighborhoods": {"ring": "111,121,111", "shift": "31,11"},
    "explorers": [
      {"type": "narrow_horz", "region": "map", "rules": ["self(any) -> self(solid)"]},
      {"type": "vertical", "region": "all", "parameters": {"replace": "buffer", "out": "solid", "repeats": 2},
       "rules": ["ring(solid) > 4, noise > 0 -> self(empty)", "-> self(solid)"]},
      {"type": "rand", "region": "0,2", "parameters": {"tiles": "20", "changes": "5"}, "rules": ["random < 0.5 -> shift(empty:3|solid)"]},
      {"type": "digger", "parameters": {"directions": "all", "change": "0.25"}, "rules": ["self(solid) -> self(empty)"]},
      {"type": "greedy", "parameters": {"heuristics": "dist(gem),random"}, "rules": ["percent < 0.5 -> self(empty)"]},
      {"type": "connect", "parameters": {"neighborhood": "plus", "entities": "empty|gem"}, "rules": ["self(solid) -> self(empty)"]},
      {"type": "order", "parameters": {"heuristics": "noise"}, "rules": ["cpercent < 0.1, rpercent == 0 -> self(gem)"]},
      {"type": "rand_order", "region": "map,1", "rules": ["empty >= 3, dist(gem) != 1 -> self(any)"]}
    ]
  })json";
  const generator g = load_script(script, "full.json");
  EXPECT_EQ(g.entities(), (std::vector<std::string>{"solid", "empty", "gem"}));
  EXPECT_EQ(g.entity("empty"), entity_id{1});
  EXPECT_EQ(g.entity("lava"), std::nullopt);
  EXPECT_EQ(g.min_size(), std::make_pair(10, 8));
  EXPECT_EQ(g.max_size(), std::make_pair(30, 20));
  const tile_map map = g.generate(7);
  EXPECT_GE(map.width(), 10);
  EXPECT_LE(map.width(), 30);
  EXPECT_GE(map.height(), 8);
  EXPECT_LE(map.height(), 20);
}

TEST(ScriptLoader, TakesDefaultsAndNumbersAsNumbers) {
  // No type (horizontal), no region (map), no regions or neighbourhoods sections; "all" is then the map.
  const generator g = load_script(
      script_text("5x4", "[\"solid\"]",
                  R"js({"rules": ["self(any) -> self(solid)"]}, {"type": "horz", "region": "all", "parameters": {"repeats": 3}, "rules": ["self(solid) -> self(solid)"]})js"),
      "defaults.json");
  const tile_map map = g.generate(1);
  EXPECT_EQ(testing::count(map, 0), 20);
}

struct bad_script {
  std::string text;
  std::string path;
  std::string words;
};

std::string with_rule(std::string_view rule) {
  return script_text("10x10", R"(["solid", "empty"])", explorer_text("narrow_horz", "map", "", {std::string(rule)}));
}

std::string with_explorer(std::string_view type, std::string_view parameters, std::string_view region = "map",
                          std::string_view extra = "") {
  return script_text("10x10", R"(["solid", "empty"])",
                     fill + ", " + explorer_text(type, region, parameters, {"self(solid) -> self(empty)"}), extra);
}

std::string with_entities(std::string_view entities) { return script_text("10x10", entities, fill); }

std::string with_sections(std::string_view extra) { return script_text("10x10", R"(["solid"])", fill, extra); }

const std::string bsp_regions = R"("regions": {"type": "bsp", "number": "2", "parameters": {"min": "3x3", "max": "6x6"}}, )";

TEST(ScriptLoader, RefusesBadScriptsNamingThePath) {
  const bad_script cases[] = {
      // top level
      {R"({"metadata": {"min": "5x5", "max": "5x5"}, "entities": ["solid"], "explorers": [], "description": "x"})", "description", "unknown key \"description\""},
      {R"({"entities": ["solid"], "explorers": []})", "", "needs \"metadata\""},
      // metadata
      {script_text("20by20", R"(["solid"])", fill), "metadata.min", "size WxH"},
      {R"({"metadata": {"min": "5x5", "max": "201x5"}, "entities": ["solid"], "explorers": []})", "metadata.max", "from 1 to 200"},
      {R"({"metadata": {"min": "9x5", "max": "8x5"}, "entities": ["solid"], "explorers": []})", "metadata.max", "at least min"},
      {R"({"metadata": {"min": "5x5", "max": "5x5", "size": "5x5"}, "entities": ["solid"], "explorers": []})", "metadata.size", "unknown key"},
      // entities
      {with_entities(R"(["solid", "out"])"), "entities[1]", "reserved"},
      {with_entities(R"(["solid", "noise"])"), "entities[1]", "reserved"},
      {with_entities(R"(["solid", "noise2"])"), "entities[1]", "reserved"},
      {with_rule("noise999 > 0 -> self(empty)"), "explorers[0].rules[0]", "scale from 1 to 64"},
      {with_entities(R"(["solid", "empty", "solid"])"), "entities[2]", "listed twice"},
      {with_entities(R"(["two words", "solid"])"), "entities[0]", "not a valid entity name"},
      {with_entities(R"(["solid", 3])"), "entities[1]", "must be a string"},
      {with_entities(R"([])"), "entities", "at least one entity"},
      {with_entities(R"("solid")"), "entities", "array of names or an object"},
      {with_entities(R"({"solid": {"min": "many"}})"), "entities.solid.min", "whole number"},
      {with_entities(R"({"solid": {"colour": "red"}})"), "entities.solid.colour", "unknown key"},
      {with_entities(R"({"solid": {}, "gem": {"min": 4, "max": 2}})"), "entities.gem.max", "at least min"},
      // neighbourhoods
      {with_sections(R"("neighborhoods": {"bad": "111,111"}, )"), "neighborhoods.bad", "exactly one centre"},
      {with_sections(R"("neighborhoods": {"bad": "121,131"}, )"), "neighborhoods.bad", "exactly one centre"},
      {with_sections(R"("neighborhoods": {"bad": "1x1,121"}, )"), "neighborhoods.bad", "'x'"},
      {with_sections(R"("neighborhoods": {"bad": "121,,111"}, )"), "neighborhoods.bad", "row is empty"},
      {with_sections(R"("neighborhoods": {"dist": "121"}, )"), "neighborhoods.dist", "reserved"},
      {with_sections(R"("neighborhoods": {"big": ")" + std::string(22, '1') + R"(,2"}, )"), "neighborhoods.big", "longer than 21"},
      // regions
      {with_sections(R"("regions": {"type": "voronoi", "number": "2", "parameters": {"min": "2x2", "max": "4x4"}}, )"), "regions.type", "no region divider called \"voronoi\""},
      {with_sections(R"("regions": {"type": "bsp", "number": "0", "parameters": {"min": "2x2", "max": "4x4"}}, )"), "regions.number", "from 1 to 64"},
      {with_sections(R"("regions": {"type": "bsp", "number": "2"}, )"), "regions", "needs \"parameters\""},
      {with_sections(R"("regions": {"type": "equal", "number": "2", "parameters": {"min": "3x3", "max": "2x4"}}, )"), "regions.parameters.max", "at least min"},
      {with_sections(R"("regions": {"type": "sampling", "number": "2", "parameters": {"min": "2x2", "max": "4x4", "trials": "0"}}, )"), "regions.parameters.trials", "whole number"},
      // explorers
      {script_text("10x10", R"(["solid"])", ""), "explorers", "at least one explorer"},
      {with_explorer("narow", ""), "explorers[1].type", "no explorer or step called \"narow\""},
      {script_text("10x10", R"(["solid"])", R"js({"type": "horz", "rule": ["self(any) -> self(solid)"]})js"), "explorers[0].rule", "unknown key"},
      {script_text("10x10", R"(["solid"])", R"({"type": "horz"})"), "explorers[0]", "needs \"rules\""},
      {script_text("10x10", R"(["solid"])", R"({"type": "horz", "rules": []})"), "explorers[0].rules", "at least one rule"},
      {script_text("10x10", R"(["solid"])", R"({"type": "horz", "rules": [3]})"), "explorers[0].rules[0]", "must be a string"},
      // rules
      {with_rule("plsu(solid) > 2 -> self(empty)"), "explorers[0].rules[0]", "no neighbourhood called \"plsu\""},
      {with_rule("self(lava) -> self(empty)"), "explorers[0].rules[0]", "no entity called \"lava\""},
      {with_rule("self(solid) -> self(lava)"), "explorers[0].rules[0]", "no entity called \"lava\""},
      {with_rule("lava > 2 -> self(empty)"), "explorers[0].rules[0]", "no entity called \"lava\""},
      {with_rule("self(solid) self(empty)"), "explorers[0].rules[0]", "one arrow"},
      {with_rule("self(solid) -> self(empty) -> self(solid)"), "explorers[0].rules[0]", "one arrow"},
      {with_rule("self(solid) = 1 -> self(empty)"), "explorers[0].rules[0]", "not a comparison"},
      {with_rule("1 < 2 < 3 -> self(empty)"), "explorers[0].rules[0]", "more than one comparison"},
      {with_rule("self(solid) -> self(out)"), "explorers[0].rules[0]", "cannot write out"},
      {with_rule("self(solid) -> self(empty:0)"), "explorers[0].rules[0]", "weight"},
      {with_rule("self(solid) -> self(empty:x)"), "explorers[0].rules[0]", "weight"},
      {with_rule("self(solid) ->"), "explorers[0].rules[0]", "needs an executer"},
      {with_rule("self(solid),,all(empty)>2 -> self(empty)"), "explorers[0].rules[0]", "empty condition"},
      {with_rule("self(solid -> self(empty)"), "explorers[0].rules[0]", "without its ')'"},
      {with_rule("dist(plus, solid) < 2 -> self(empty)"), "explorers[0].rules[0]", "one entity list"},
      {with_rule("2 + 3 > 1 -> self(empty)"), "explorers[0].rules[0]", "not an estimator"},
      {with_rule("self(solid) -> self(empty) x"), "explorers[0].rules[0]", "neighbourhood(entities)"},
      {with_rule("self(solid|) -> self(empty)"), "explorers[0].rules[0]", "empty name"},
      // parameters
      {with_explorer("narrow_horz", R"({"repeats": "5000"})"), "explorers[1].parameters.repeats", "from 1 to 1000"},
      {with_explorer("narrow_horz", R"({"repeats": "two"})"), "explorers[1].parameters.repeats", "whole number"},
      {with_explorer("narrow_horz", R"({"tiles": "0"})"), "explorers[1].parameters.tiles", "whole number"},
      {with_explorer("narrow_horz", R"({"changes": "-1"})"), "explorers[1].parameters.changes", "whole number"},
      {with_explorer("narrow_horz", R"({"replace": "swap"})"), "explorers[1].parameters.replace", "same or buffer"},
      {with_explorer("narrow_horz", R"({"out": "lava"})"), "explorers[1].parameters.out", "no entity called \"lava\""},
      {with_explorer("narrow_horz", R"({"repeats": ["2"]})"), "explorers[1].parameters.repeats", "string or a number"},
      {with_explorer("drunk", R"({"change": "1.5"})"), "explorers[1].parameters.change", "from 0 to 1"},
      {with_explorer("drunk", R"({"dirprob": "-0.1"})"), "explorers[1].parameters.dirprob", "from 0 to 1"},
      {with_explorer("drunk", R"({"change": "0.1", "dirprob": "0.2"})"), "explorers[1].parameters.dirprob", "keep one"},
      {with_explorer("drunk", R"({"directions": "self"})"), "explorers[1].parameters.directions", "no cell other than the centre"},
      {with_explorer("drunk", R"({"directions": "plsu"})"), "explorers[1].parameters.directions", "no neighbourhood called \"plsu\""},
      {with_explorer("greedy", ""), "explorers[1]", "needs \"heuristics\""},
      {with_explorer("wide", R"({"repeats": "2"})"), "explorers[1].parameters", "needs \"heuristics\""},
      {with_explorer("wide", R"js({"heuristics": "dist(lava)"})js"), "explorers[1].parameters.heuristics", "no entity called \"lava\""},
      {with_explorer("connect", R"({"entities": "empty|lava"})"), "explorers[1].parameters.entities", "no entity called \"lava\""},
      {with_explorer("connect", R"({"neighborhood": "self"})"), "explorers[1].parameters.neighborhood", "joins no tile"},
      // regions of an explorer
      {with_explorer("narrow_horz", "", "north"), "explorers[1].region", "map, all or region numbers"},
      {with_explorer("narrow_horz", "", "1"), "explorers[1].region", "no regions section"},
      {with_explorer("narrow_horz", "", "0,2", bsp_regions), "explorers[1].region", "makes 2 (numbered from 0)"},
  };
  for (const bad_script& c : cases) {
    const script_error e = refusal(c.text);
    EXPECT_EQ(e.path, c.path) << c.text << "\n -> " << e.what();
    EXPECT_NE(std::string(e.what()).find(c.words), std::string::npos) << c.text << "\n -> " << e.what();
    EXPECT_EQ(e.file, "test.json");
  }
}

TEST(ScriptLoader, ParametersAnExplorerDoesNotReadAreIgnoredWithAWarning) {
  // As Marahel: an explorer ignores parameters it does not read (here those of other explorer types, one
  // of them holding what would be a bad value), and the script loads. Each is named once, with its path.
  const std::string text = script_text(
      "10x10", R"(["solid", "empty"])",
      fill + ", " + explorer_text("narrow_rand", "map", R"({"dirprob": "0.3", "directions": "plsu", "entities": ["x"], "heuristics": "random", "repeats": "2"})",
                                  {"self(solid) -> self(empty)"}));
  const generator g = load_script(text, "author.json");
  ASSERT_EQ(g.warnings().size(), 4U);
  EXPECT_EQ(g.warnings()[0].rfind("author.json: explorers[1].parameters.dirprob: parameter \"dirprob\" is not used by a \"narrow_rand\" explorer and is ignored", 0), 0U)
      << g.warnings()[0];
  EXPECT_NE(g.warnings()[1].find("explorers[1].parameters.directions"), std::string::npos);
  EXPECT_NE(g.warnings()[2].find("explorers[1].parameters.entities"), std::string::npos);
  EXPECT_NE(g.warnings()[3].find("explorers[1].parameters.heuristics"), std::string::npos);
  EXPECT_GT(testing::count(g.generate(1), 1), 0) << "the explorer ran";
  // So does a region divider (trials is sampling's).
  const generator bsp = load_script(
      script_text("10x10", R"(["solid"])", fill, R"("regions": {"type": "bsp", "number": "2", "parameters": {"min": "2x2", "max": "4x4", "trials": "9"}}, )"),
      "author.json");
  ASSERT_EQ(bsp.warnings().size(), 1U);
  EXPECT_EQ(bsp.warnings()[0].rfind("author.json: regions.parameters.trials: parameter \"trials\" is not used by the \"bsp\" divider", 0), 0U)
      << bsp.warnings()[0];
  // A script whose parameters are all read has nothing to say.
  EXPECT_TRUE(load_script(with_explorer("drunk", R"({"dirprob": "0.2", "directions": "all"})"), "t.json").warnings().empty());
}

TEST(ScriptLoader, DirprobIsMarahelsNameForTheChanceToTurn) {
  // Marahel's code reads the drunk turtle's turn chance as `dirprob`, the language document as `change`:
  // the same parameter, so the same walk.
  auto walk = [](std::string_view parameters) {
    return load_script(script_text("30x20", R"(["solid", "empty"])",
                                   fill + ", " + explorer_text("drunk", "map", parameters, {"self(solid) -> self(empty)"})),
                       "t.json");
  };
  const generator by_change = walk(R"({"change": "0", "tiles": "60"})");
  const generator by_dirprob = walk(R"({"dirprob": "0", "tiles": "60"})");
  const generator by_default = walk(R"({"tiles": "60"})");
  int differ_from_default = 0;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    EXPECT_EQ(by_change.generate(seed), by_dirprob.generate(seed)) << seed;
    differ_from_default += by_dirprob.generate(seed) == by_default.generate(seed) ? 0 : 1;
  }
  EXPECT_GT(differ_from_default, 10) << "dirprob 0 is not the default 0.1";
  EXPECT_TRUE(by_dirprob.warnings().empty());
}

TEST(ScriptLoader, MessageNamesFileAndPath) {
  const std::string text = script_text("10x10", R"(["solid", "empty"])",
                                       fill + ", " + fill + ", " + explorer_text("narrow_horz", "map", "", {"plsu(solid) > 1 -> self(empty)"}));
  const script_error e = refusal(text, "content/interiors/caves.json");
  EXPECT_STREQ(e.what(), "content/interiors/caves.json: explorers[2].rules[0]: no neighbourhood called \"plsu\"");
}

TEST(ScriptLoader, SyntaxErrorsNameLineAndColumn) {
  const script_error e = refusal("{\n  \"metadata\": {\"min\": \"5x5\",}\n}", "caves.json");
  EXPECT_EQ(e.path, "");
  EXPECT_STREQ(e.what(), "caves.json:2:29: trailing comma before '}'");
  const script_error root = refusal("[1, 2]", "caves.json");
  EXPECT_STREQ(root.what(), "caves.json:1:1: must be an object, not an array");
}

TEST(ScriptLoader, UnknownTypeIsLookedUpAsANamedStep) {
  // The step table is the steps' own (mapgen/steps); a type in neither list is refused naming both.
  const script_error e = refusal(script_text("10x10", R"(["solid"])", R"({"type": "drunkard_walk", "parameters": {"share": "0.4"}})"));
  EXPECT_EQ(e.path, "explorers[0].type");
  EXPECT_NE(std::string(e.what()).find("no explorer or step called \"drunkard_walk\""), std::string::npos);
}

TEST(ScriptLoader, RedefinedNeighbourhoodReplacesThePredefinedOne) {
  // On a map one tile high every diagonal is out; the predefined plus (arms and centre) never has four
  // cells out there. With plus redefined as the diagonals, every tile has four.
  auto text = [](std::string_view extra) {
    return script_text("3x1", R"(["solid", "empty"])",
                       fill + ", " + explorer_text("narrow_horz", "map", "", {"plus(out) == 4 -> self(empty)"}), extra);
  };
  EXPECT_EQ(testing::rows(load_script(text(""), "t.json").generate(3))[0], "###");
  EXPECT_EQ(testing::rows(load_script(text(R"("neighborhoods": {"plus": "101,020,101"}, )"), "t.json").generate(3))[0], "...");
}

}  // namespace
}  // namespace dw::mapgen
