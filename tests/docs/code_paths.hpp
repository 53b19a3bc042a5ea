#pragma once
// Checks the repository paths that Markdown files write in backticks (`server/game/roster/session_port.hpp`,
// `bench/load/run.sh`): each must name an existing file or folder, so a README cannot go on naming a file
// that was moved or removed. Pure apart from reading the tree; used by docs_links_test.cpp (ctest "docs.").
//
// Which code spans are read as paths (the rule, in full):
// - The span's whole text is one word of letters, digits and `_ . - / *`, holds a `/`, and may end in
//   `:<line>` (dropped). A leading `./` is dropped.
// - Its first segment names a folder at the root of the repository or a folder beside the Markdown file;
//   it is then read from the root or from that file's folder, and must exist from one of them. Other spans
//   (`on/off`, `Char.Items/List`) are not paths.
// - Not read as paths: absolute paths (`/metrics`, `/var/lib/deepwell`), paths through `..`, spans with a
//   placeholder, spaces or other characters (`content/<theme>.toml`), and paths under a build tree (first
//   segment `build` or `build-...`) or under `data/`, which building and running make.
// Such a path must exist. A `*` matches any run of characters within one segment, and the pattern must match
// something (`content/*.toml`); a last segment without an extension may name files by their stem
// (`server/app/backup_runner` for backup_runner.hpp and .cpp). A file that a user creates is written with a
// placeholder (`config/<yours>.toml`), which exempts it.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "tests/docs/link_check.hpp"

namespace dw::docs {

/// A code span's text as written (trimmed), with the 1-based line it is on.
struct code_span {
  std::string text;
  int line = 0;
};

/// Every code span outside fenced blocks (single or multiple backticks).
std::vector<code_span> code_spans(std::string_view markdown);

/// The path a code span's text has the shape of, by the rule above, without `./` or `:<line>`; empty when it
/// has not that shape. Whether it is a path of the repository is then decided by its first segment.
std::string path_in_span(const std::string& span);

/// Whether `path` (relative to root, possibly with `*` in segments, or a stem) names something that exists.
bool path_exists(const std::filesystem::path& root, const std::string& path);

/// Checks the paths in backticks of `files` (relative to `root`); empty when all exist.
std::vector<problem> check_code_paths(const std::filesystem::path& root, const std::vector<std::string>& files);

}  // namespace dw::docs
