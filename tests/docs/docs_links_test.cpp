// The documentation's links: every relative link in every Markdown file of the repository resolves
// (file and #anchor), and the check fails on broken links planted in a fixture tree.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/docs/link_check.hpp"
#include "tests/docs/planted_tree.hpp"
#include "tests/support/files.hpp"

namespace {
namespace fs = std::filesystem;
using dw::docs::anchors;
using dw::docs::check;
using dw::docs::links;
using dw::docs::slug;

using dw::docs::testing::report;

TEST(Slug, FollowsGitHubRules) {
  EXPECT_EQ(slug("Playing in a browser"), "playing-in-a-browser");
  EXPECT_EQ(slug("The web port's limits"), "the-web-ports-limits");
  EXPECT_EQ(slug("Locked out: recovering without SQL"), "locked-out-recovering-without-sql");
  EXPECT_EQ(slug("MCCP2 and colour cost — `bench/mccp`"), "mccp2-and-colour-cost--benchmccp");
  EXPECT_EQ(slug("snake_case and kebab-case"), "snake_case-and-kebab-case");
  EXPECT_EQ(slug("What's new? (v2.0)"), "whats-new-v20");
  EXPECT_EQ(slug("See [the docs](docs/x.md) first"), "see-the-docs-first");
  EXPECT_EQ(slug("Café ×2"), "café-2");
}

TEST(Anchors, NumbersRepeatsAndSkipsCode) {
  const auto found = anchors(
      "# Title\n\n## Usage\n\n```sh\n# not a heading\n```\n\n## Usage ##\n\nSetext heading\n--------------\n\n"
      "<a id=\"kept\"></a>\n\n  ~~~\n## fenced\n  ~~~\n#no-space is no heading\n");
  const std::vector<std::string> want{"title", "usage", "usage-1", "setext-heading", "kept"};
  EXPECT_EQ(found, want);
}

TEST(Links, ReadsInlineImagesAndReferencesButNotCode) {
  const auto found = links(
      "See [a](a.md) and ![b](img/b.png \"title\"), [c](<c d.md>).\n"
      "`[not](code.md)` and ``[nor](this.md)``\n```\n[fenced](f.md)\n```\n[ref]: ref.md#part\n");
  ASSERT_EQ(found.size(), 4u);
  EXPECT_EQ(found[0].target, "a.md");
  EXPECT_EQ(found[1].target, "img/b.png");
  EXPECT_EQ(found[2].target, "c d.md");
  EXPECT_EQ(found[3].target, "ref.md#part");
  EXPECT_EQ(found[3].line, 6);
}

// The repository's own documentation.
TEST(DocsLinks, EveryRelativeLinkInTheRepositoryResolves) {
  const fs::path root = DW_SOURCE_DIR;
  const auto files = dw::docs::markdown_files(root);
  for (const char* expected : {"README.md", "SECURITY.md", "BENCHMARKS.md", "docs/players.md", "docs/operators.md",
                               "docs/builders.md", "docs/protocols.md", "server/game/README.md"}) {
    EXPECT_NE(std::find(files.begin(), files.end(), expected), files.end()) << expected << " was not checked";
  }
  const auto problems = check(root, files);
  EXPECT_TRUE(problems.empty()) << "broken links:\n" << report(problems);
}

// README.md is the front page: its "Read on" list names every file of docs/.
TEST(DocsLinks, ReadmeLinksEveryDocsFile) {
  const fs::path root = DW_SOURCE_DIR;
  std::vector<std::string> targets;
  for (const auto& l : links(dw::testing::read_text(root / "README.md"))) targets.push_back(l.target);
  for (const auto& entry : fs::directory_iterator(root / "docs")) {
    if (entry.path().extension() != ".md") continue;
    const auto name = "docs/" + entry.path().filename().string();
    EXPECT_NE(std::find(targets.begin(), targets.end(), name), targets.end()) << "README.md does not link " << name;
  }
}

// A fixture tree whose links all resolve, then each kind of broken link planted in it in turn: the
// check must name the file, the line and what is wrong.
class PlantedLinks : public dw::docs::testing::planted_tree {
 protected:
  void SetUp() override {
    root_ = dw::testing::make_temp_dir("doclinks");
    write(
        "README.md",
        "# Front\n\n## Read on\n\nSee [guide](docs/guide.md), [its setup](docs/guide.md#set-up-the-server)\n"
        "and [below](#read-on), [the folder](docs/), [a picture](docs/map.png), [a site](https://example.org/x#y).\n");
    write("docs/guide.md",
          "# Guide\n\n## Set up the server\n\nBack to the [front page](../README.md#front).\n\n"
          "```\n[in a fence](nowhere.md)\n```\nAnd `[in code](nowhere.md)`.\n");
    write("docs/map.png", "not really a picture");
  }
  std::vector<dw::docs::problem> run() { return check(root_, dw::docs::markdown_files(root_)); }
};

TEST_F(PlantedLinks, TheFixturePasses) {
  const auto problems = run();
  EXPECT_TRUE(problems.empty()) << report(problems);
}

TEST_F(PlantedLinks, EachBrokenLinkIsCaught) {
  struct plant {
    std::string file, text, expected;
  };
  const std::vector<plant> plants{
      {"README.md", "Read [the old guide](docs/old.md).\n",
       "README.md:7: docs/old.md: no such file or folder docs/old.md"},
      {"README.md", "Jump [down](#nowhere).\n",
       "README.md:7: #nowhere: no heading with the anchor 'nowhere' in README.md"},
      {"README.md", "Read [setup](docs/guide.md#setup).\n",
       "README.md:7: docs/guide.md#setup: no heading with the anchor 'setup' in docs/guide.md"},
      {"docs/guide.md", "Up [two](../../etc/passwd).\n",
       "docs/guide.md:11: ../../etc/passwd: points outside the repository"},
      {"docs/guide.md", "See [the map's legend](map.png#legend).\n",
       "docs/guide.md:11: map.png#legend: an anchor into docs/map.png, which is not a Markdown file"},
      {"docs/guide.md", "[gone]: ../SECURITY.md\n",
       "docs/guide.md:11: ../SECURITY.md: no such file or folder SECURITY.md"},
      {"docs/guide.md", "See [root](/docs/guide.md).\n",
       "docs/guide.md:11: /docs/guide.md: a link from the root of the site; write it relative to docs/guide.md"},
  };
  for (const auto& p : plants) {
    TearDown();  // a fresh fixture for each plant
    SetUp();
    append(p.file, p.text);
    const auto problems = run();
    ASSERT_EQ(problems.size(), 1u) << "planted in " << p.file << ": " << p.text << report(problems);
    EXPECT_EQ(problems[0].text(), p.expected);
  }
}

}  // namespace
