#pragma once

// Internal to content/: fights.toml's [behaviours.<key>] tables (behaviour_loader.cpp).

#include "content/behaviour.hpp"
#include "content/toml_reader.hpp"

namespace dw::content {

/// Every [behaviours.<key>] table of fights.toml (the section and each table are optional: a behaviour
/// without a table is not defined, and no monster may have it). Unknown keys, fields and placeholders are
/// refused naming the file and key.
behaviour_rules load_behaviour_rules(const toml_reader& reader, const toml::table& root);

}  // namespace dw::content
