#pragma once

// Internal to content/: loading interiors.toml and the generator scripts the bands of rooms.toml name.
// Both throw content_load_failure (toml_reader.hpp) on the first problem.

#include <string>
#include <string_view>
#include <toml++/toml.h>

#include "content/interior_tables.hpp"

namespace dw::content {

struct table_source;
class toml_reader;

/// interiors.toml: shapes, details and looks (scripts are added as bands name them).
interior_tables load_interiors(const table_source& source);

/// The index of the script `name` in `tables`, loading interiors/<name>.json and checking it (an interior
/// needs solid and empty, and fits 5x5..21x11) the first time. Mistakes in the name are reported at
/// `key` of the referring file; mistakes in the script at its own file and JSON path.
std::size_t require_script(const table_source& source, interior_tables& tables, std::string_view name,
                           const toml_reader& referrer, const std::string& key, const toml::node* near);

}  // namespace dw::content
