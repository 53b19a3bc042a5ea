// The web client in a real headless Chromium (Debian's `chromium`), driven by tests/web/e2e.mjs with
// playwright-core against the real server: an account made through the form, a walk into the dungeon by
// the exit buttons with the map growing, chat with a telnet player both ways, axe-core finding no
// serious or critical accessibility violation, and screenshots kept as artefacts. scripts/install-deps.sh
// installs Chromium, Node.js and the test's npm packages (tests/web/package-lock.json).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tests/support/server_process.hpp"

namespace {

using dw::testing::run_program;
using dw::testing::server_process;
namespace fs = std::filesystem;

}  // namespace

TEST(Browser, ANewPlayerPlaysFromThePageWithAMouseAndAScreenReaderInMind) {
  const fs::path web_tests = fs::path(DW_SOURCE_DIR) / "tests" / "web";
  ASSERT_TRUE(fs::is_directory(web_tests / "node_modules" / "playwright-core"))
      << "run scripts/install-deps.sh: it installs the browser test's npm packages";
  server_process server;
  ASSERT_NE(server.web_port(), 0);
  const fs::path artefacts = fs::path(DW_BUILD_DIR) / "Testing" / "artefacts" / "browser";
  fs::remove_all(artefacts);  // a screenshot from an earlier run must not pass for this one
  fs::create_directories(artefacts);
  const std::string url = "http://127.0.0.1:" + std::to_string(server.web_port()) + "/";
  const auto r = run_program("/usr/bin/env",
                             {"DW_ARTIFACT_DIR=" + artefacts.string(), "node", (web_tests / "e2e.mjs").string(), url,
                              std::to_string(server.port())},
                             std::chrono::minutes(4));
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_TRUE(fs::is_regular_file(artefacts / "web-client.png")) << "the screenshot is kept as an artefact";
}
