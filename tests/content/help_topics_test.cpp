// help.toml: the help topics, how their text is laid out, and the errors a bad table gets.
#include <gtest/gtest.h>

#include <string>

#include "content/help_topics.hpp"
#include "content_test_support.hpp"

namespace dw::content {
namespace {

using testing::content_copy;
using testing::real_tables;

/// A help.toml of the two topics given.
std::string two_topics(std::string_view first_keywords, std::string_view second_keywords) {
  return "[[topics]]\nname = \"alpha\"\ntitle = \"Alpha\"\nkeywords = [" + std::string(first_keywords) +
         "]\ntext = '''\nFirst.\n'''\n\n[[topics]]\nname = \"beta\"\ntitle = \"Beta\"\nkeywords = [" +
         std::string(second_keywords) + "]\ntext = '''\nSecond.\n'''\n";
}

TEST(HelpTopics, TheRealTableHoldsEveryTopicTheGameTeaches) {
  const help_topics help = real_tables().help;
  for (const char* name : {"newbie", "depth", "runes", "economy", "experience", "bounties", "groups", "channels",
                           "accessibility", "web"}) {
    const help_topic* t = help.find(name);
    ASSERT_NE(t, nullptr) << name;
    EXPECT_EQ(t->name, name);
    EXPECT_FALSE(t->title.empty());
    ASSERT_FALSE(t->text.empty());
    EXPECT_EQ(t->text.back(), '\n');
    EXPECT_EQ(t->text.find('\t'), std::string::npos);
    EXPECT_EQ(help_text_layout(t->text), t->text) << name << ": laid out text lays out the same again";
  }
  // Keywords find their topic, whatever the case typed.
  EXPECT_EQ(help.find("Rune")->name, "runes");
  EXPECT_EQ(help.find("LANTERN")->name, "depth");
  EXPECT_EQ(help.find("merchant")->name, "economy");
  EXPECT_EQ(help.find("screenreaders")->name, "accessibility");
  EXPECT_EQ(help.find("xyzzy"), nullptr);
  EXPECT_EQ(help.find(""), nullptr);
}

TEST(HelpTopics, TextIsJoinedIntoParagraphsWithItemsAndTablesKept) {
  EXPECT_EQ(help_text_layout("One line\nwrapped in the file.\n\n\nNext   \nparagraph.\n"),
            "One line wrapped in the file.\n\nNext paragraph.\n");
  EXPECT_EQ(help_text_layout("Items:\n- first\n  continued\n- second\nafter\n"),
            "Items:\n- first continued\n- second after\n");
  EXPECT_EQ(help_text_layout("A table:\n   a  b\n   c  d\nafter\n"), "A table:\n   a  b\n   c  d\nafter\n");
  EXPECT_EQ(help_text_layout("\n\n  \nStarts late.\n\n\n"), "Starts late.\n");
  EXPECT_EQ(help_text_layout("Windows\r\nline ends\r\n"), "Windows line ends\n");
  EXPECT_EQ(help_text_layout(" \n\n"), "");
}

TEST(HelpTopics, ABadTopicIsNamedWithFileKeyAndLine) {
  {
    content_copy copy("help_keyword_twice");
    copy.write("help.toml", two_topics("\"first\"", "\"second\", \"first\""));
    const content_error e = copy.load_error();
    EXPECT_NE(e.file.find("help.toml"), std::string::npos) << e.to_string();
    EXPECT_EQ(e.key, "topics[1].keywords[1]");
    EXPECT_NE(e.reason.find("\"first\" already finds the topic \"alpha\""), std::string::npos) << e.reason;
    EXPECT_EQ(e.line, 12U) << e.to_string();
  }
  {
    content_copy copy("help_keyword_is_a_name");
    copy.write("help.toml", two_topics("\"beta\"", ""));
    const content_error e = copy.load_error();
    EXPECT_EQ(e.key, "topics[1].name") << e.to_string();
    EXPECT_EQ(e.line, 10U) << e.to_string();
  }
  {
    content_copy copy("help_bad_name");
    copy.replace("help.toml", "name = \"runes\"", "name = \"Rune doors\"");
    const std::string e = copy.load_error().to_string();
    EXPECT_NE(e.find("help.toml:"), std::string::npos) << e;
    EXPECT_NE(e.find(".name: must be 1 to 24 characters of a-z and 0-9"), std::string::npos) << e;
  }
  {
    content_copy copy("help_tab");
    copy.write("help.toml", "[[topics]]\nname = \"alpha\"\ntitle = \"Alpha\"\ntext = '''\nFine.\nNot\tfine.\n'''\n");
    const content_error e = copy.load_error();
    EXPECT_EQ(e.key, "topics[0].text");
    EXPECT_NE(e.reason.find("tab"), std::string::npos) << e.reason;
    EXPECT_EQ(e.line, 6U) << e.to_string();
  }
  {
    content_copy copy("help_empty_text");
    copy.write("help.toml", "[[topics]]\nname = \"alpha\"\ntitle = \"Alpha\"\ntext = '''\n\n   \n'''\n");
    const content_error e = copy.load_error();
    EXPECT_EQ(e.key, "topics[0].text");
    EXPECT_NE(e.reason.find("has no words"), std::string::npos) << e.reason;
    EXPECT_EQ(e.line, 4U);
  }
  {
    content_copy copy("help_unknown_key");
    copy.replace("help.toml", "name = \"web\"", "name = \"web\"\nsee_also = [\"newbie\"]");
    const std::string e = copy.load_error().to_string();
    EXPECT_NE(e.find("see_also"), std::string::npos) << e;
  }
  {
    content_copy copy("help_title_lines");
    copy.replace("help.toml", "title = \"Rune doors\"", "title = \"Rune\\ndoors\"");
    EXPECT_NE(copy.load_error().to_string().find(".title: must be one line"), std::string::npos);
  }
  {
    content_copy copy("help_missing");
    std::filesystem::remove(copy.dir() / "help.toml");
    const content_error e = copy.load_error();
    EXPECT_NE(e.file.find("help.toml"), std::string::npos);
    EXPECT_EQ(e.reason, "file is missing");
  }
}

}  // namespace
}  // namespace dw::content
