#include "mapgen/json.hpp"

#include <gtest/gtest.h>

#include <string>

namespace dw::mapgen::json {
namespace {

// The line and column a bad text is refused at, and the message.
struct refusal {
  int line = 0;
  int column = 0;
  std::string message;
};

refusal refuse(std::string_view text) {
  try {
    (void)parse(text);
  } catch (const parse_error& e) {
    return {e.line, e.column, e.what()};
  }
  ADD_FAILURE() << "accepted: " << text;
  return {};
}

TEST(Json, ReadsEveryKindOfValue) {
  const document doc = parse(R"( {"a": [1, -2.5e1, "x", true, false, null], "b": {}, "c": []} )");
  const value& root = doc.root();
  ASSERT_TRUE(root.is(kind::object));
  ASSERT_EQ(root.size(), 3U);
  const value* a = root.find("a");
  ASSERT_NE(a, nullptr);
  ASSERT_EQ(a->size(), 6U);
  EXPECT_EQ((*a)[0].number(), 1);
  EXPECT_EQ((*a)[1].number(), -25);
  EXPECT_EQ((*a)[1].text(), "-2.5e1");  // numbers keep their text, for Marahel's "numbers as strings"
  EXPECT_EQ((*a)[2].text(), "x");
  EXPECT_TRUE((*a)[3].boolean());
  EXPECT_TRUE((*a)[4].is(kind::boolean));
  EXPECT_FALSE((*a)[4].boolean());
  EXPECT_TRUE((*a)[5].is(kind::null));
  EXPECT_TRUE(root.find("b")->is(kind::object));
  EXPECT_EQ(root.find("c")->size(), 0U);
  EXPECT_EQ(root.find("missing"), nullptr);
}

TEST(Json, KeepsMemberOrder) {
  const document doc = parse(R"({"z": 1, "a": 2, "m": 3})");
  EXPECT_EQ(doc.root()[0].key(), "z");
  EXPECT_EQ(doc.root()[1].key(), "a");
  EXPECT_EQ(doc.root()[2].key(), "m");
}

TEST(Json, DecodesEscapes) {
  const document doc = parse(R"(["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u20AC", "\ud83d\ude00", "é"])");
  EXPECT_EQ(doc.root()[0].text(), "a\"b\\c/d\b\f\n\r\t");
  EXPECT_EQ(doc.root()[1].text(), "\xC3\xA9\xE2\x82\xAC");
  EXPECT_EQ(doc.root()[2].text(), "\xF0\x9F\x98\x80");
  EXPECT_EQ(doc.root()[3].text(), "\xC3\xA9");
}

TEST(Json, ValuesKnowTheirPathAndPlace) {
  const document doc = parse("{\"explorers\": [\n  {},\n  {\"parameters\": {\"repeats\": \"5\", \"odd key\": 1}}\n]}");
  const value& repeats = *doc.root().find("explorers")->operator[](1).find("parameters")->find("repeats");
  EXPECT_EQ(repeats.path(), "explorers[1].parameters.repeats");
  EXPECT_EQ(repeats.line(), 3);
  EXPECT_EQ(repeats.column(), 30);
  const value& odd = *doc.root().find("explorers")->operator[](1).find("parameters")->find("odd key");
  EXPECT_EQ(odd.path(), "explorers[1].parameters[\"odd key\"]");
  EXPECT_EQ(doc.root().path(), "");
}

TEST(Json, SurvivesAMove) {
  document doc = parse(R"({"a": {"b": [1]}})");
  document moved = std::move(doc);
  EXPECT_EQ(moved.root().find("a")->find("b")->operator[](0).path(), "a.b[0]");
}

TEST(Json, SkipsAByteOrderMark) { EXPECT_EQ(parse("\xEF\xBB\xBF[1]").root().size(), 1U); }

TEST(Json, RefusesSyntaxErrorsWithLineAndColumn) {
  struct bad {
    const char* text;
    int line;
    int column;
    const char* words;
  };
  const bad cases[] = {
      {"", 1, 1, "empty"},
      {"{\"a\": 1,}", 1, 9, "trailing comma"},
      {"[1, 2,]", 1, 7, "trailing comma"},
      {"{\"a\" 1}", 1, 6, "':'"},
      {"{a: 1}", 1, 2, "key in double quotes"},
      {"[1 2]", 1, 4, "',' or ']'"},
      {"\n\n  [01]", 3, 5, "leading zeros"},
      {"[1.]", 1, 4, "after '.'"},
      {"[1e]", 1, 4, "exponent"},
      {"[-]", 1, 3, "digit"},
      {"[1e999]", 1, 2, "out of range"},
      {"[tru]", 1, 2, "expected a value"},
      {"[\"abc", 1, 6, "unterminated"},
      {"[\"a\tb\"]", 1, 4, "control character"},
      {"[\"\\x\"]", 1, 4, "unknown escape"},
      {"[\"\\u12G4\"]", 1, 7, "hex digits"},
      {"[\"\\udc00\"]", 1, 3, "lone low surrogate"},
      {"[\"\\ud800x\"]", 1, 3, "high surrogate"},
      {"[\"\xC3\x28\"]", 1, 3, "invalid UTF-8"},
      {"[\"\xED\xA0\x80\"]", 1, 3, "invalid UTF-8"},
      {"{\"a\": 1, \"a\": 2}", 1, 10, "duplicate key"},
      {"[1] [2]", 1, 5, "after the end"},
      {"// comment\n[1]", 1, 1, "expected a value"},
      {"[NaN]", 1, 2, "expected a value"},
  };
  for (const bad& c : cases) {
    const refusal r = refuse(c.text);
    EXPECT_EQ(r.line, c.line) << c.text;
    EXPECT_EQ(r.column, c.column) << c.text;
    EXPECT_NE(r.message.find(c.words), std::string::npos) << c.text << " -> " << r.message;
  }
}

TEST(Json, ColumnsCountCharactersNotBytes) {
  const refusal r = refuse("[\"é\", x]");
  EXPECT_EQ(r.line, 1);
  EXPECT_EQ(r.column, 7);
}

TEST(Json, LimitsNestingDepth) {
  const std::string ok = std::string(max_depth, '[') + std::string(max_depth, ']');
  EXPECT_NO_THROW((void)parse(ok));
  const std::string deep = std::string(max_depth + 1, '[') + std::string(max_depth + 1, ']');
  const refusal r = refuse(deep);
  EXPECT_EQ(r.column, max_depth + 1);
  EXPECT_NE(r.message.find("nesting"), std::string::npos);
  // Far deeper than the limit is refused the same way, not by running out of stack.
  EXPECT_NE(refuse(std::string(100000, '[')).message.find("nesting"), std::string::npos);
}

TEST(Json, LimitsSize) {
  std::string big = "[\"" + std::string(max_size, 'a') + "\"]";
  const refusal r = refuse(big);
  EXPECT_EQ(r.line, 1);
  EXPECT_NE(r.message.find("larger than"), std::string::npos);
  std::string fits = "[\"" + std::string(max_size - 4, 'a') + "\"]";
  EXPECT_EQ(parse(fits).root()[0].text().size(), max_size - 4);
}

}  // namespace
}  // namespace dw::mapgen::json
