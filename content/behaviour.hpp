#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace dw::content {

/// What a monster does in a fight besides trading blows (monsters.toml `behaviours`, fights.toml
/// `[behaviours.<key>]`). The order is the order their tape values are read in each round and the order
/// they act in: never reorder, only append (saved fights name them by key, but the tape order is this).
enum class behaviour : std::uint8_t {
  armoured,     ///< part of each fighter's blow glances off
  pack,         ///< calls another of its kind into the fight (capped per fight)
  regenerates,  ///< the most hurt monster heals some hit points
  wards,        ///< raises a ward that absorbs the fighters' blows for some rounds
  venomous,     ///< fighters it hits are poisoned: extra damage for the next rounds of the fight
  cowardly,     ///< a badly hurt monster flees the fight (gone, not killed)
  ambusher,     ///< in the first round it strikes from hiding: a surprise blow before anyone acts
  frenzied,     ///< hurt below a share of its hit points, its blows grow
};

inline constexpr std::size_t behaviour_count = 8;

/// "armoured", ... (the key in monsters.toml, fights.toml and a saved fight).
std::string_view behaviour_key(behaviour b) noexcept;
/// The behaviour with this key, or nullopt.
std::optional<behaviour> behaviour_from_key(std::string_view key) noexcept;

/// A set of behaviours as bits (bit i is behaviour i): cheap to copy, compare and test every round.
struct behaviour_set {
  std::uint16_t bits = 0;

  bool has(behaviour b) const noexcept { return (bits >> static_cast<unsigned>(b) & 1U) != 0; }
  void add(behaviour b) noexcept { bits = static_cast<std::uint16_t>(bits | 1U << static_cast<unsigned>(b)); }
  bool empty() const noexcept { return bits == 0; }
  std::size_t size() const noexcept;
  /// "armoured,pack" in behaviour order; "-" when empty.
  std::string text() const;
  /// The set text() wrote, or nullopt (unknown key, repeated key, out of order, empty field).
  static std::optional<behaviour_set> parse(std::string_view text);

  bool operator==(const behaviour_set&) const = default;
};

/// One behaviour's numbers and words (fights.toml [behaviours.<key>]; which fields a behaviour has is in
/// content/README.md). Amounts are shares of the monster's own hit points or damage, so a behaviour
/// keeps its weight at every depth.
struct behaviour_rule {
  bool defined = false;  ///< fights.toml has a table for it (monsters may name only defined behaviours)
  double chance = 0.0;   ///< acts in a round when that round's value for it is below this
  double share = 0.0;    ///< armoured: of each blow; regenerates, wards: of hp_each; venomous, frenzied: of damage_each
  double below = 0.0;    ///< cowardly, frenzied: a monster below this share of its hit points
  int rounds = 0;        ///< wards, venomous: how long it lasts
  int most = 0;          ///< pack: kin called per fight at most

  // Words. {monster} is the monster's name, {fighter} the fighter's, {amount} the number it acted with.
  std::string words;         ///< said to everyone (pack, regenerates, wards raised, cowardly, frenzied)
  std::string you;           ///< said to the fighter it acted on (armoured, wards absorbing, venomous bite, ambusher)
  std::string others;        ///< ... and to everyone else in the room
  std::string again_you;     ///< venomous: the poison burns again (to the fighter)
  std::string again_others;  ///< ... and to everyone else
  std::string consider;      ///< the short phrase `consider` says ("Its shell turns aside blows.")

  bool operator==(const behaviour_rule&) const = default;
};

using behaviour_rules = std::array<behaviour_rule, behaviour_count>;

/// Something a behaviour did in a round, for the words (fight_news) and for tests.
struct behaviour_event {
  enum class kind : std::uint8_t {
    acts,    ///< the behaviour's `words` (no fighter)
    on,      ///< `you` / `others`, on the fighter
    again,   ///< `again_you` / `again_others`, on the fighter (venom burning)
  };
  behaviour which = behaviour::armoured;
  kind what = kind::acts;
  std::optional<std::size_t> fighter;  ///< index into round_result::fighters for `on` and `again`
  int amount = 0;
  bool early = false;  ///< told before the fighter's own blow (ambush, venom burning)

  bool operator==(const behaviour_event&) const = default;
};

}  // namespace dw::content
