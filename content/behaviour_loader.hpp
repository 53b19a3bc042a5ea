#pragma once

// Internal to content/: fights.toml's [behaviours.<key>] tables (behaviour_loader.cpp).

#include "content/behaviour.hpp"
#include "content/toml_reader.hpp"

namespace dw::content {

/// Every [behaviours.<key>] table of fights.toml (the section and each table are optional: a behaviour
/// without a table is not defined, and no monster may have it). Unknown keys, fields and placeholders are
/// refused naming the file and key.
behaviour_rules load_behaviour_rules(const toml_reader& reader, const toml::table& root);

/// A monsters.toml row's optional `behaviours = [...]` list (a monster's or a leader's), refusing an unknown or
/// repeated key naming `path`. Whether fights.toml defines each is checked once every table is loaded.
behaviour_set read_behaviours(const toml_reader& reader, const toml::table& row, const std::string& path);

}  // namespace dw::content
