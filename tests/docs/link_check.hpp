#pragma once
// Checks the relative links of Markdown files: each names an existing file or folder, and each
// `#anchor` a heading of the file it points into, slugged as GitHub slugs headings. Pure apart from
// reading the files it is given; used by docs_links_test.cpp (ctest "docs.").

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace dw::docs {

/// A link as written, with the 1-based line it is on.
struct link {
  std::string target;
  int line = 0;
};

/// A link that does not resolve: "README.md:12: docs/x.md#y: no heading with the anchor 'y' in docs/x.md".
struct problem {
  std::string file;  ///< relative to the root, '/'-separated
  int line = 0;
  std::string message;
  std::string text() const;
};

/// GitHub's anchor for a heading's text: inline code, emphasis and links reduced to their text, lower
/// case (ASCII), punctuation and symbols dropped except '-' and '_', each space a '-'.
std::string slug(std::string_view heading);

/// The anchors a Markdown text offers: every ATX or setext heading outside code fences, slugged, a
/// repeated slug numbered as GitHub does ("usage", "usage-1"), and explicit `<a id="...">`/`name=`.
std::vector<std::string> anchors(std::string_view markdown);

/// Every inline link, image and reference definition outside code fences and code spans.
std::vector<link> links(std::string_view markdown);

/// The Markdown files under `root`, '/'-separated and sorted, leaving out hidden folders,
/// node_modules and build trees (a folder holding CMakeCache.txt).
std::vector<std::string> markdown_files(const std::filesystem::path& root);

/// Checks every relative link of `files` (relative to `root`); empty when all resolve.
std::vector<problem> check(const std::filesystem::path& root, const std::vector<std::string>& files);

}  // namespace dw::docs
