#pragma once

// Internal to content/: loaders for the scroll and name files, split from content_loader.cpp to keep
// files short. Each throws content_load_failure (toml_reader.hpp) on the first problem.

#include <set>
#include <string>
#include <vector>

#include "content/bounty_rules.hpp"
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
struct content_tables;

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
/// merchant.toml, after the weapons, armour and levels of `loaded`: supply keys may not be a weapon's or
/// armour's; the tiers of gear name weapons and armour, and levels that levels.toml has.
merchant_rules load_merchant(const table_source& source, const content_tables& loaded);

/// bounties.toml (bounties_loader.cpp).
bounty_rules load_bounties(const table_source& source);

/// levels.toml (progression_loader.cpp).
progression_rules load_progression(const table_source& source);

/// help.toml (help_loader.cpp).
help_topics load_help(const table_source& source);

/// scroll_effects.toml.
std::vector<scroll_effect> load_scroll_effects(const table_source& source);

}  // namespace dw::content
