#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include "content/content_tables.hpp"
#include "content/monster_group.hpp"

namespace dw::content {

/// Wanderers: monsters that roam the explored rooms of a branch. Everything here is a function of the
/// branch's seed, the wanderer's number and the step count, so the same steps give the same walk.

/// A grid position (the dungeon's coordinates; (0,0) is the start room, which no wanderer enters).
struct wander_pos {
  std::int32_t x = 0;
  std::int32_t y = 0;
  bool operator==(const wander_pos&) const = default;
};

/// How an exit of the wanderer's room leads on, as the server sees it.
enum class wander_exit_kind : std::uint8_t { open, one_way, unexplored, to_start };

/// One exit of the wanderer's current room.
struct wander_exit {
  std::uint8_t dir = 0;  ///< 0..3 = n, e, s, w
  wander_exit_kind kind = wander_exit_kind::open;
  wander_pos to{};       ///< the room it leads to
  bool exists = false;   ///< a room is known (explored) there
  bool blocked = false;  ///< the server keeps wanderers out (monsters or another wanderer there)
};

/// How many wanderers a branch with `explored_rooms` rooms has (wanderers.toml).
int wanderer_count(const wander_rules& rules, std::uint32_t explored_rooms) noexcept;

/// The value every choice of wanderer `id` in a branch with seed `branch_seed` at step `tick` reads
/// (`salt` tells the choices of one step apart).
std::uint64_t wander_value(std::uint64_t branch_seed, std::uint32_t id, std::uint64_t tick,
                           std::uint64_t salt) noexcept;

/// Where wanderer `id` goes at step `tick`: the exit it takes among `exits`, or nullopt when it stays
/// (by chance, or because no exit qualifies). Only exits that are open or one-way, lead to an explored room
/// that is not blocked, and never to the start room (0,0), qualify; unexplored exits never do.
std::optional<wander_exit> next_step(const wander_rules& rules, std::uint64_t branch_seed, std::uint32_t id,
                                     std::uint64_t tick, std::span<const wander_exit> exits) noexcept;

/// Which of `room_count` rooms (in an order the caller keeps stable, e.g. by room id) wanderer `id` first
/// appears in.
std::size_t spawn_index(std::uint64_t branch_seed, std::uint32_t id, std::size_t room_count) noexcept;

/// Wanderer `id`'s monsters, chosen for the depth of where it first appears, cut down to max_group.
monster_group wanderer_group(const content_tables& tables, std::uint64_t branch_seed, std::uint32_t id, int depth);

/// A tape position for the fight of wanderer `id` that starts at step `tick`: far from any room's own
/// values (which start at 0), and marked so the fight is known as a wanderer's (is_wanderer_tape).
std::uint64_t wanderer_tape_position(std::uint32_t id, std::uint64_t tick) noexcept;
/// Whether a fight's tape position came from wanderer_tape_position, and whose.
std::optional<std::uint32_t> wanderer_of_tape(std::uint64_t tape_position) noexcept;

}  // namespace dw::content
