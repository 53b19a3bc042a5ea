#pragma once

// Internal to content/: loading interiors.toml, rooms.toml's bands with their themes (themes/*.toml), and
// the generator scripts the bands name. All throw content_load_failure (toml_reader.hpp) on the first problem.

#include <string>
#include <string_view>
#include <toml++/toml.h>
#include <vector>

#include "content/interior_tables.hpp"
#include "content/room_band.hpp"

namespace dw::content {

struct table_source;
class toml_reader;

/// interiors.toml: shapes, details and looks (scripts are added as bands name them).
interior_tables load_interiors(const table_source& source);

/// rooms.toml (room_bands_loader.cpp): the bands in depth order, each with its scripts (loaded into
/// `interiors` as they are named) and its words (its theme file, or its own keys). After load_interiors.
std::vector<room_band> load_rooms(const table_source& source, interior_tables& interiors);

/// The names or sentences at `key` of `t`, each checked: only {material}, {place} and features as
/// placeholders, and no "{water} percent" (shares read as words). A missing key is an empty list when
/// `optional`; a present list may not be empty.
std::vector<std::string> checked_phrases(const toml_reader& reader, const toml::table& t, const std::string& path,
                                         std::string_view key, bool optional = false);

/// The index of the script `name` in `tables`, loading interiors/<name>.json and checking it (an interior
/// needs solid and empty, and fits 5x5..21x11) the first time. Mistakes in the name are reported at
/// `key` of the referring file; mistakes in the script at its own file and JSON path.
std::size_t require_script(const table_source& source, interior_tables& tables, std::string_view name,
                           const toml_reader& referrer, const std::string& key, const toml::node* near);

}  // namespace dw::content
