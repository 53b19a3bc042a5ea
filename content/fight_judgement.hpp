#pragma once

#include <cstdint>
#include <string_view>

#include "content/content_tables.hpp"
#include "content/fight_state.hpp"
#include "content/fighter.hpp"
#include "content/tape.hpp"

namespace dw::content {

/// The tape value that decides whether a room's monsters are aggressive. Far beyond anything a fight
/// reads (fights start at room_tape_values and read a few values a round), so it never shifts a roll.
inline constexpr std::uint64_t aggression_tape_index = std::uint64_t{1} << 40;
/// Where a fleeing fighter's way out is chosen (index + the round number), as far from the fight's reach.
inline constexpr std::uint64_t flee_exit_tape_index = (std::uint64_t{1} << 40) + 1;

/// A monster's health in words (fights.toml [health]): "unhurt" .. "near death"; "dead" at 0.
std::string_view health_word(const content_tables& tables, int hp, int max_hp) noexcept;
/// The chance a flee succeeds at `depth` (fights.toml [flee]).
double flee_chance(const content_tables& tables, int depth) noexcept;
/// The chance a monster room at `depth` is aggressive (0 above [aggression] from_depth).
double aggression_chance(const content_tables& tables, int depth) noexcept;
/// Whether the monsters of the room with this tape attack whoever walks in.
bool aggressive(const content_tables& tables, const tape& room_tape, int depth) noexcept;

/// Silver a won fight at `depth` against `monsters` monsters gives in all (fights.toml [silver] ×
/// the depth's reward multiplier, rounded down).
std::int64_t silver_for(const content_tables& tables, int depth, int monsters) noexcept;

}  // namespace dw::content
