#pragma once

#include <filesystem>
#include <variant>

#include "content/content_error.hpp"
#include "content/content_tables.hpp"

namespace dw::content {

/// Loads and validates every table in `dir` (monsters.toml, scaling.toml, weapons.toml, armour.toml,
/// fights.toml, scroll_tubes.toml, scroll_paper.toml, scroll_writing.toml, names.toml, rooms.toml).
/// The first problem found is returned as a content_error naming file, key and line; nothing is logged.
std::variant<content_tables, content_error> load_content(const std::filesystem::path& dir);

}  // namespace dw::content
