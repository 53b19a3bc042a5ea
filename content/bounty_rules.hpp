#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace dw::content {

/// What a bounty asks for.
enum class bounty_kind : std::uint8_t {
  defeat,  ///< defeat `count` monsters of one kind at `depth` or deeper
  open,    ///< open `count` rune doors at `depth` or deeper
  reach,   ///< walk into a room at `depth` or deeper
  scroll,  ///< bring back `count` scrolls of one kind and sell them to the merchant
};

/// "defeat", "open", "reach", "scroll": how bounties.toml and storage name a kind.
constexpr std::string_view bounty_kind_name(bounty_kind k) {
  switch (k) {
    case bounty_kind::defeat:
      return "defeat";
    case bounty_kind::open:
      return "open";
    case bounty_kind::reach:
      return "reach";
    case bounty_kind::scroll:
      return "scroll";
  }
  return "defeat";
}

/// The kind named `name`, or nullopt.
constexpr std::optional<bounty_kind> bounty_kind_named(std::string_view name) {
  for (bounty_kind k : {bounty_kind::defeat, bounty_kind::open, bounty_kind::reach, bounty_kind::scroll}) {
    if (bounty_kind_name(k) == name) {
      return k;
    }
  }
  return std::nullopt;
}

/// bounties.toml [[tasks]]: one sort of task the board may offer, and what it pays.
struct bounty_rule {
  bounty_kind kind = bounty_kind::defeat;
  int weight = 1;     ///< relative chance among the rows not yet on the day's board
  int min_depth = 0;  ///< the task's depth is drawn evenly from min_depth..max_depth (0 for scrolls)
  int max_depth = 0;
  int min_count = 1;  ///< how many, drawn evenly (1 for reach)
  int max_count = 1;
  /// Reward: base + per_depth x depth + per_count x count, in silver and in experience.
  std::int64_t silver = 0;
  std::int64_t silver_per_depth = 0;
  std::int64_t silver_per_count = 0;
  std::int64_t xp = 0;
  std::int64_t xp_per_depth = 0;
  std::int64_t xp_per_count = 0;

  bool operator==(const bounty_rule&) const = default;
};

/// bounties.toml: the board in the village square.
struct bounty_rules {
  int open = 4;                    ///< tasks on the board each game day (3 to 12)
  int most_held = 3;               ///< tasks one character may hold at once
  std::vector<bounty_rule> tasks;  ///< at least one

  bool operator==(const bounty_rules&) const = default;
};

}  // namespace dw::content
