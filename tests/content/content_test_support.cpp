#include "content_test_support.hpp"

#include <gtest/gtest.h>
#include <algorithm>
#include <fstream>
#include <sstream>
#include <utility>

namespace dw::content::testing {

content_tables real_tables() {
  auto loaded = load_content(DW_CONTENT_DIR);
  if (const auto* error = std::get_if<content_error>(&loaded)) {
    ADD_FAILURE() << "real content failed to load: " << error->to_string();
    return {};
  }
  return std::get<content_tables>(std::move(loaded));
}

content_copy::content_copy(std::string_view test_name)
    : dir_(std::filesystem::path(::testing::TempDir()) / ("dw_content_" + std::string(test_name))) {
  std::filesystem::remove_all(dir_);
  std::filesystem::create_directories(dir_);
  for (const auto& entry : std::filesystem::directory_iterator(DW_CONTENT_DIR)) {
    if (entry.path().extension() == ".toml") {
      std::filesystem::copy_file(entry.path(), dir_ / entry.path().filename());
    }
  }
  // The interior scripts the bands name (interiors/*.json) and their themes (themes/*.toml).
  for (const auto& [folder, extension] : {std::pair{"interiors", ".json"}, std::pair{"themes", ".toml"}}) {
    std::filesystem::create_directories(dir_ / folder);
    for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(DW_CONTENT_DIR) / folder)) {
      if (entry.path().extension() == extension) {
        std::filesystem::copy_file(entry.path(), dir_ / folder / entry.path().filename());
      }
    }
  }
}

content_copy::~content_copy() {
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
}

std::string content_copy::label(std::string_view file) const { return (dir_ / file).generic_string(); }

void content_copy::write(std::string_view file, std::string_view text) const {
  std::ofstream out(dir_ / file, std::ios::binary | std::ios::trunc);
  out << text;
}

std::string content_copy::read(std::string_view file) const {
  std::ifstream in(dir_ / file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void content_copy::replace(std::string_view file, std::string_view from, std::string_view to) const {
  std::string text = read(file);
  const auto at = text.find(from);
  if (at == std::string::npos) {
    ADD_FAILURE() << "'" << from << "' not found in " << file;
    return;
  }
  text.replace(at, from.size(), to);
  write(file, text);
}

content_error content_copy::load_error() const {
  auto loaded = load_content(dir_);
  if (const auto* error = std::get_if<content_error>(&loaded)) {
    return *error;
  }
  ADD_FAILURE() << "content in " << dir_ << " loaded but should not have";
  return {};
}

std::uint32_t line_of(const std::string& text, std::string_view needle) {
  const auto at = text.find(needle);
  EXPECT_NE(at, std::string::npos) << needle;
  if (at == std::string::npos) {
    return 0;
  }
  return 1 + static_cast<std::uint32_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

refusal refused(std::string_view test_name, std::string_view file, std::string_view from, std::string_view to,
                std::string_view key, std::string_view reason) {
  const content_copy copy(test_name);
  copy.replace(file, from, to);
  refusal r{copy.load_error(), copy.label(file), copy.read(file)};
  EXPECT_EQ(r.error.file, r.file) << test_name;
  EXPECT_EQ(r.error.key, key) << test_name;
  if (!reason.empty()) {
    EXPECT_EQ(r.error.reason, reason) << test_name;
  }
  return r;
}

}  // namespace dw::content::testing
