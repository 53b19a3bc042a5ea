#pragma once

// Internal to content/: loaders for the scroll and name files, split from content_loader.cpp to keep
// files short. Each throws content_load_failure (toml_reader.hpp) on the first problem.

#include <set>
#include <string>
#include <vector>

#include "content/economy_tables.hpp"
#include "content/combat_tables.hpp"
#include "content/help_topics.hpp"
#include "content/markov_names.hpp"
#include "content/progression.hpp"
#include "content/puzzle_rules.hpp"
#include "content/scroll_tables.hpp"
#include "content/wander_rules.hpp"

namespace dw::content {

struct table_source;

/// scroll_tubes.toml, scroll_paper.toml and scroll_writing.toml.
scroll_tables load_scroll_tables(const table_source& source);

/// names.toml, trained into a Markov chain.
markov_names load_names(const table_source& source);
/// fights.toml's [defend], [health], [consider], [flee], [aggression] and [silver] (combat_loader.cpp).
combat_tables load_combat(const table_source& source);

/// puzzles.toml (puzzle_loader.cpp).
puzzle_rules load_puzzles(const table_source& source);
/// wanderers.toml (wanderers_loader.cpp).
wander_rules load_wander_rules(const table_source& source);
/// merchant.toml; supply keys may not be any of `taken_keys` (the weapons' and armour's).
merchant_rules load_merchant(const table_source& source, const std::set<std::string>& taken_keys);

/// levels.toml (progression_loader.cpp).
progression_rules load_progression(const table_source& source);

/// help.toml (help_loader.cpp).
help_topics load_help(const table_source& source);

/// scroll_effects.toml.
std::vector<scroll_effect> load_scroll_effects(const table_source& source);

}  // namespace dw::content
