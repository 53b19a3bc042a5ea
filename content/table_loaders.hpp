#pragma once

// Internal to content/: loaders for the scroll and name files, split from content_loader.cpp to keep
// files short. Each throws content_load_failure (toml_reader.hpp) on the first problem.

#include <filesystem>

#include "content/markov_names.hpp"
#include "content/scroll_tables.hpp"

namespace dw::content {

/// scroll_tubes.toml, scroll_paper.toml and scroll_writing.toml.
scroll_tables load_scroll_tables(const std::filesystem::path& dir);

/// names.toml, trained into a Markov chain.
markov_names load_names(const std::filesystem::path& dir);

}  // namespace dw::content
