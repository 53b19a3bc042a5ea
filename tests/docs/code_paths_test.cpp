// The repository paths written in backticks in the documentation exist, and the check fails on paths
// planted in a fixture tree (a moved file, a pattern matching nothing) while leaving alone what is no path.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/docs/code_paths.hpp"
#include "tests/docs/planted_tree.hpp"
#include "tests/support/files.hpp"

namespace {
namespace fs = std::filesystem;
using dw::docs::check_code_paths;
using dw::docs::code_spans;
using dw::docs::path_in_span;

using dw::docs::testing::report;

TEST(CodeSpans, ReadsSpansOutsideFences) {
  const auto found = code_spans("Run `bench/load/run.sh` or ``a `b` c``.\n```\n`fenced/x.md`\n```\nAn odd ` tick.\n");
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].text, "bench/load/run.sh");
  EXPECT_EQ(found[0].line, 1);
  EXPECT_EQ(found[1].text, "a `b` c");
}

TEST(CodeSpans, OnlyPathShapedSpansAreReadAsPaths) {
  EXPECT_EQ(path_in_span("server/game/roster/session_port.hpp"), "server/game/roster/session_port.hpp");
  EXPECT_EQ(path_in_span("./config/deepwell.toml"), "config/deepwell.toml");
  EXPECT_EQ(path_in_span("server/app/server.cpp:120"), "server/app/server.cpp");
  EXPECT_EQ(path_in_span("content/*.toml"), "content/*.toml");
  for (const char* not_a_path :
       {"/metrics", "/var/lib/deepwell", "../data/deepwell.db", "content/<theme>.toml", "build/bench/load/mudload",
        "build-asan/x", "world.hpp", "say hello/bye", "Char.Items.List", "#deepwell", "a/b#anchor"}) {
    EXPECT_EQ(path_in_span(not_a_path), "") << not_a_path;
  }
}

// The repository's own documentation.
TEST(DocsPaths, EveryRepositoryPathInBackticksExists) {
  const fs::path root = DW_SOURCE_DIR;
  const auto problems = check_code_paths(root, dw::docs::markdown_files(root));
  EXPECT_TRUE(problems.empty()) << "paths in backticks that do not exist:\n" << report(problems);
}

// A fixture tree whose paths all exist, then each kind of missing path planted in it in turn: the check must
// name the file, the line and the path.
class PlantedPaths : public dw::docs::testing::planted_tree {
 protected:
  void SetUp() override {
    root_ = dw::testing::make_temp_dir("docpaths");
    write("server/game/roster/session_port.hpp", "");
    write("server/app/backup_runner.cpp", "");
    write("content/monsters.toml", "");
    write("bench/load/run.sh", "");
    write("bench/load/scripts/deepwell.script", "");
    write("README.md",
          "# Front\n\nThe port is `server/game/roster/session_port.hpp`; run `./bench/load/run.sh` after "
          "`build/bench/load/mudload`.\nTables in `content/*.toml` and `content/`, a runner in "
          "`server/app/backup_runner`, the\nwire at `/metrics`, your own `config/<yours>.toml`, `on/off`.\n\n"
          "```\nserver/gone.hpp `server/gone.hpp`\n```\n");
    write("bench/load/README.md", "# Load\n\nScripts in `scripts/deepwell.script`; `run.sh` beside it.\n");
  }
  std::vector<dw::docs::problem> run() { return check_code_paths(root_, dw::docs::markdown_files(root_)); }
};

TEST_F(PlantedPaths, TheFixturePasses) {
  const auto problems = run();
  EXPECT_TRUE(problems.empty()) << report(problems);
}

TEST_F(PlantedPaths, EachMissingPathIsCaught) {
  struct plant {
    std::string file, text, expected;
  };
  const std::vector<plant> plants{
      {"README.md", "The old port, `server/game/session_port.hpp`.\n",
       "README.md:10: `server/game/session_port.hpp`: no such file or folder server/game/session_port.hpp"},
      {"README.md", "See `server/app/server.cpp:120`.\n",
       "README.md:10: `server/app/server.cpp:120`: no such file or folder server/app/server.cpp"},
      {"README.md", "Themes in `content/themes/*.toml`.\n",
       "README.md:10: `content/themes/*.toml`: no such file or folder content/themes/*.toml"},
      {"README.md", "Old runner `server/app/backup`.\n",
       "README.md:10: `server/app/backup`: no such file or folder server/app/backup"},
      {"README.md", "A folder `bench/play/`.\n", "README.md:10: `bench/play/`: no such file or folder bench/play/"},
      {"bench/load/README.md", "And `scripts/tbamud.script`.\n",
       "bench/load/README.md:4: `scripts/tbamud.script`: no such file or folder bench/load/scripts/tbamud.script"},
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
