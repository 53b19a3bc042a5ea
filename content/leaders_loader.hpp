#pragma once

// Internal to content/: monsters.toml [[leaders]] (leaders_loader.cpp). Only the loader includes this.

#include <vector>

#include "content/content_tables.hpp"
#include "content/toml_reader.hpp"

namespace dw::content {

/// monsters.toml [[leaders]], after `loaded`'s weapons, armour and monsters: a leader's key is no monster's,
/// its drops name weapons or armour and their chances add up to at most 1, its reach overlaps no other
/// leader's (rows in ascending depth). No [[leaders]] at all is an empty list.
std::vector<leader_def> load_leaders(const toml_reader& reader, const toml::table& root, const content_tables& loaded);

}  // namespace dw::content
