#pragma once

// Internal to content/: loaders for the scroll and name files, split from content_loader.cpp to keep
// files short. Each throws content_load_failure (toml_reader.hpp) on the first problem.

#include "content/combat_tables.hpp"
#include "content/markov_names.hpp"
#include "content/scroll_tables.hpp"

namespace dw::content {

struct table_source;

/// scroll_tubes.toml, scroll_paper.toml and scroll_writing.toml.
scroll_tables load_scroll_tables(const table_source& source);

/// names.toml, trained into a Markov chain.
markov_names load_names(const table_source& source);
/// fights.toml's [defend], [health], [consider], [flee], [aggression] and [silver] (combat_loader.cpp).
combat_tables load_combat(const table_source& source);

}  // namespace dw::content
