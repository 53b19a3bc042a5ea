#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "content/content_error.hpp"
#include "content/content_tables.hpp"

namespace dw::content {

/// Loads and validates every table in `dir` (monsters.toml, scaling.toml, weapons.toml, armour.toml,
/// fights.toml, scroll_tubes.toml, scroll_paper.toml, scroll_writing.toml, scroll_effects.toml, names.toml,
/// merchant.toml, rooms.toml, puzzles.toml, wanderers.toml, levels.toml, bounties.toml, help.toml).
/// The first problem found is returned as a content_error naming file, key and line; nothing is logged.
std::variant<content_tables, content_error> load_content(const std::filesystem::path& dir);

/// What loaded tables accepted but ignore, one line each for the caller to log: today the parameters an
/// interior script gives an explorer that does not read them ("<file>: <json path>: <message>"), as the
/// map generator reports them (mapgen::generator::warnings). Empty for the shipped tables.
std::vector<std::string> load_warnings(const content_tables& tables);

/// Table files by name ("monsters.toml") with their TOML text.
using table_texts = std::map<std::string, std::string, std::less<>>;

/// The same loading and checks as load_content(dir), on tables held in memory (fuzzing, tests): a name
/// missing from `texts` is a missing file, and `dir` only labels the errors.
std::variant<content_tables, content_error> load_content_texts(const std::filesystem::path& dir,
                                                               const table_texts& texts);

}  // namespace dw::content
