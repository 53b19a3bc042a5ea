#pragma once

// What the docs checks' self-tests share: a temporary tree to write Markdown and files into (planting
// broken links and paths), and the problems found as one line each for a failure's message.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/docs/link_check.hpp"

namespace dw::docs::testing {

inline std::string report(const std::vector<problem>& problems) {
  std::string out;
  for (const auto& p : problems) out += p.text() + "\n";
  return out;
}

/// A fixture's tree: the derived fixture's SetUp makes root_ (dw::testing::make_temp_dir) and writes it.
class planted_tree : public ::testing::Test {
 protected:
  void TearDown() override { std::filesystem::remove_all(root_); }

  void write(const std::string& name, const std::string& text) {
    std::filesystem::create_directories((root_ / name).parent_path());
    std::ofstream(root_ / name, std::ios::binary) << text;
  }
  void append(const std::string& name, const std::string& text) {
    std::ofstream(root_ / name, std::ios::binary | std::ios::app) << text;
  }

  std::filesystem::path root_;
};

}  // namespace dw::docs::testing
