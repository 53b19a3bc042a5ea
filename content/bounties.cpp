#include "content/bounties.hpp"

#include <algorithm>
#include <span>

#include "content/tape.hpp"
#include "content/text_helpers.hpp"
#include "content/weighted_pick.hpp"
#include "seed/mix64.hpp"

namespace dw::content {

namespace {

/// How often a day's draw tries again for a task unlike those already on the board.
constexpr int tries_for_variety = 8;

/// An integer drawn evenly from lo..hi by the die roll `v` in [0,1).
int between(double v, int lo, int hi) {
  const auto span = static_cast<double>(hi - lo + 1);
  return std::min(hi, lo + static_cast<int>(v * span));
}

/// One task of the row `rule`. Always reads three values, whatever the kind.
bounty_task roll_task(const content_tables& tables, const bounty_rule& rule, tape_reader& draw) {
  bounty_task task;
  task.kind = rule.kind;
  task.depth = between(draw.next(), rule.min_depth, rule.max_depth);
  task.count = between(draw.next(), rule.min_count, rule.max_count);
  const double target = draw.next();
  if (rule.kind == bounty_kind::defeat) {
    // A monster met at the task's depth (there is always one met at depth 0).
    const auto row = pick_weighted(std::span<const monster_def>(tables.monsters), target,
                                   [&task](const monster_def& m) { return m.min_depth <= task.depth; });
    task.target = tables.monsters[row.value_or(0)].key;
  } else if (rule.kind == bounty_kind::scroll) {
    task.target =
        tables.scroll_effects[pick_weighted_any(std::span<const scroll_effect>(tables.scroll_effects), target)].key;
  }
  task.silver = rule.silver + rule.silver_per_depth * task.depth + rule.silver_per_count * task.count;
  task.xp = rule.xp + rule.xp_per_depth * task.depth + rule.xp_per_count * task.count;
  return task;
}

bool alike(const bounty_task& a, const bounty_task& b) {
  return a.kind == b.kind && a.target == b.target && a.depth == b.depth;
}

/// "2 scrolls of mending" from "a scroll of mending".
std::string scrolls_of(const content_tables& tables, std::string_view key, int count) {
  std::string name = "a scroll of '" + std::string(key) + "'";
  for (const scroll_effect& e : tables.scroll_effects) {
    if (e.key == key) {
      name = e.name;
    }
  }
  if (count == 1) {
    return name;
  }
  constexpr std::string_view one = "a scroll ";
  if (name.starts_with(one)) {
    return std::to_string(count) + " scrolls " + name.substr(one.size());
  }
  return std::to_string(count) + " scrolls, each " + name;
}

std::string at_depth(int depth) { return depth >= 2 ? " at depth " + std::to_string(depth) + " or deeper" : ""; }

}  // namespace

std::uint64_t board_seed(std::uint64_t world_seed, std::int64_t day) {
  // The board reads a tape of its own: the world seed mixed with a salt that no room's tape uses
  // ("bounties" in ASCII), read at the day.
  constexpr std::uint64_t salt = 0x626f756e74696573ULL;
  return tape(seed::mix64(world_seed ^ salt)).bits(static_cast<std::uint64_t>(day));
}

std::vector<bounty_task> board_of_day(const content_tables& tables, std::uint64_t world_seed, std::int64_t day) {
  const bounty_rules& rules = tables.bounties;
  std::vector<bounty_task> board;
  if (rules.tasks.empty()) {
    return board;  // (the loader never allows it)
  }
  tape_reader draw(tape(board_seed(world_seed, day)));
  std::vector<bool> drawn(rules.tasks.size(), false);
  const std::span<const bounty_rule> rows(rules.tasks);
  for (int i = 0; i < rules.open; ++i) {
    if (std::all_of(drawn.begin(), drawn.end(), [](bool d) { return d; })) {
      std::fill(drawn.begin(), drawn.end(), false);  // every row has had its turn: all are open again
    }
    bounty_task task;
    std::size_t row = 0;
    for (int attempt = 0; attempt < tries_for_variety; ++attempt) {
      row =
          pick_weighted(rows, draw.next(), [&](const bounty_rule& r) { return !drawn[&r - rows.data()]; }).value_or(0);
      task = roll_task(tables, rows[row], draw);
      if (std::none_of(board.begin(), board.end(), [&task](const bounty_task& b) { return alike(b, task); })) {
        break;
      }
    }
    drawn[row] = true;
    board.push_back(std::move(task));
  }
  return board;
}

std::string describe_bounty(const content_tables& tables, const bounty_task& task) {
  switch (task.kind) {
    case bounty_kind::defeat: {
      const monster_def* m = tables.find_monster(task.target);
      std::string what;
      if (m == nullptr) {
        what = std::to_string(task.count) + " of the monsters called '" + task.target + "'";
      } else {
        what = task.count == 1 ? with_article(m->name) : std::to_string(task.count) + " " + m->plural;
      }
      return "Defeat " + what + at_depth(task.depth);
    }
    case bounty_kind::open:
      return (task.count == 1 ? std::string("Open a rune door")
                              : "Open " + std::to_string(task.count) + " rune doors") +
             at_depth(task.depth);
    case bounty_kind::reach:
      return "Reach depth " + std::to_string(task.depth);
    case bounty_kind::scroll:
      return "Bring back " + scrolls_of(tables, task.target, task.count) +
             (task.count == 1 ? " and sell it to the merchant" : " and sell them to the merchant");
  }
  return "A task";
}

}  // namespace dw::content
