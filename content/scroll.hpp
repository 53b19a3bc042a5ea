#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "content/artefact.hpp"
#include "content/artefact_registry.hpp"
#include "content/content_tables.hpp"

namespace dw::content {

/// The artefact type name scrolls register under.
inline constexpr std::string_view scroll_type = "scroll";

/// The seeds of a scroll's four parts. scroll_part_seeds_for draws them, in this order, from the
/// scroll's own generator (seed chaining); each part is then made from its seed alone.
struct scroll_part_seeds {
  std::uint64_t name = 0;
  std::uint64_t tube = 0;
  std::uint64_t paper = 0;
  std::uint64_t writing = 0;
  std::uint64_t effect = 0;  ///< drawn after the others, so they are what they were before effects

  bool operator==(const scroll_part_seeds&) const = default;
};

/// The part seeds a scroll seed chains to.
scroll_part_seeds scroll_part_seeds_for(std::uint64_t scroll_seed) noexcept;

/// Stage 1: the blueprint of the scroll with identity `seed`. Parts, in order: "name" (words: the
/// scroll's subject and a place), "tube" (picks: quality, material), "paper" (picks: material,
/// condition), "writing" (picks: quality, detail, text), "effect" (picks: the scroll_effects row).
blueprint make_scroll_blueprint(const content_tables& tables, std::uint64_t seed);

/// Stage 1 with the part seeds given, so a test (or a tool) can change one part and see only it change.
blueprint make_scroll_blueprint_from_part_seeds(const content_tables& tables, std::uint64_t seed,
                                                const scroll_part_seeds& parts);

/// Stage 2: what the player sees. nullopt when the blueprint's parts do not fit the tables.
std::optional<artefact> instantiate_scroll(const content_tables& tables, const blueprint& print);

/// Paper and writing read as one sentence, joined by "and" when both are good or both poor and by
/// "but" when they disagree: "Vellum has torn a bit but good-quality writing is decorative".
std::string describe_paper_and_writing(const word_row& paper, const word_row& condition, const word_row& quality,
                                       const word_row& detail);

/// The product of a scroll's attribute multipliers (its price over the base price), without
/// generating its name or text.
double scroll_price_factor(const content_tables& tables, std::uint64_t seed);

/// What reading the scroll with identity `seed` does (scroll_effects.toml), drawn from its effect seed;
/// nullptr only when the tables have no effects (loaded tables always do).
const scroll_effect* scroll_effect_of(const content_tables& tables, std::uint64_t seed);

/// A scroll seed for loot found at `depth`: the best (by price factor) of several candidate seeds
/// chained from `base_seed`, more candidates deeper (fights.toml best_of_per_reward × the reward
/// multiplier). So deeper scrolls are better, yet a scroll is still identified by its seed alone.
std::uint64_t scroll_seed_for_depth(const content_tables& tables, std::uint64_t base_seed, int depth);

/// Registers the "scroll" type with the registry as an assembled type: its parts "name", "tube", "paper",
/// "writing", "effect" (each with how it is made and how it reads its tables) and the rule on ("paper",
/// "writing"). A new part is one more registry.register_part call after this one.
void register_scroll(artefact_registry& registry);

/// A registry holding scrolls alone (what make_scroll_blueprint and instantiate_scroll use).
const artefact_registry& scroll_registry();

}  // namespace dw::content
