#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "content/content_tables.hpp"
#include "content/tape.hpp"

namespace dw::content {

/// What a won fight gives.
struct loot {
  std::vector<std::uint64_t> scroll_seeds;  ///< each regenerates a scroll (artefact type "scroll")
  std::optional<std::string> item_key;      ///< a weapon or armour the monster dropped

  bool operator==(const loot&) const = default;
};

/// Tape values roll_loot reads, whatever it finds: the scroll count, one seed per possible scroll
/// (fights.toml max_scrolls), then the drop chance and which drop.
std::uint64_t loot_tape_values(const content_tables& tables);

/// Rolls the rewards of a won fight from the tape. Deeper (a higher reward multiplier) gives more
/// scrolls and better ones; the monster's drops list says which items can fall. A leader (content_tables::
/// find_leader) gives at least its `scrolls` and rolls its own drop table with the same drop roll.
loot roll_loot(const content_tables& tables, tape_reader& reader, int depth, const monster_def* monster);

}  // namespace dw::content
