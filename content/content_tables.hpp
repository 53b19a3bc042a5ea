#pragma once

#include <string_view>
#include <vector>

#include "content/bounty_rules.hpp"
#include "content/economy_tables.hpp"
#include "content/combat_tables.hpp"
#include "content/fight_rules.hpp"
#include "content/help_topics.hpp"
#include "content/interior_tables.hpp"
#include "content/item_def.hpp"
#include "content/leader_def.hpp"
#include "content/markov_names.hpp"
#include "content/monster_def.hpp"
#include "content/progression.hpp"
#include "content/puzzle_rules.hpp"
#include "content/room_band.hpp"
#include "content/scaling_curve.hpp"
#include "content/scroll_tables.hpp"
#include "content/wander_rules.hpp"

namespace dw::content {

/// Every content table, loaded and validated by load_content. Treat it as immutable: the server keeps
/// one (e.g. as shared_ptr<const content_tables>) and swaps in a new one only when a reload validates,
/// so a bad edit never replaces good tables.
struct content_tables {
  std::vector<monster_def> monsters;  ///< at least one with min_depth 0
  std::vector<size_class> sizes;      ///< at least one
  std::vector<leader_def> leaders;    ///< monsters.toml [[leaders]], by depth; their reaches never overlap
  scaling_curve scaling;
  std::vector<item_def> weapons;  ///< at least one with min_depth 0
  std::vector<item_def> armour;   ///< at least one with min_depth 0
  fight_rules fights;
  combat_tables combat;  ///< fight choices, health words, odds, silver (fights.toml too)
  scroll_tables scrolls;
  markov_names names;
  std::vector<room_band> rooms;  ///< ascending min_depth, the first at 0
  interior_tables interiors;     ///< interiors.toml and the scripts the bands name
  puzzle_rules puzzles;          ///< puzzles.toml
  wander_rules wanderers;        ///< wanderers.toml
  merchant_rules merchant;       ///< merchant.toml
  std::vector<scroll_effect> scroll_effects;  ///< scroll_effects.toml, at least one
  progression_rules progression;              ///< levels.toml
  bounty_rules bounties;                      ///< bounties.toml
  help_topics help;                           ///< help.toml

  /// The monster with this key (an ordinary kind or a leader's), or nullptr.
  const monster_def* find_monster(std::string_view key) const;
  /// The leader with this key, or nullptr.
  const leader_def* find_leader(std::string_view key) const;
  /// The leader met at `depth`, or nullptr (at most one: reaches never overlap).
  const leader_def* leader_at(int depth) const;
  /// The weapon with this key, or nullptr.
  const item_def* find_weapon(std::string_view key) const;
  /// The armour with this key, or nullptr.
  const item_def* find_armour(std::string_view key) const;
  /// A weapon or armour with this key (keys are unique across both), or nullptr.
  const item_def* find_item(std::string_view key) const;

  bool operator==(const content_tables&) const = default;
};

}  // namespace dw::content
