// bounties.toml: the bounty board (split from content_loader.cpp to keep files short).
#include "content/table_loaders.hpp"
#include "content/toml_reader.hpp"

namespace dw::content {

namespace {

constexpr std::int64_t max_open = 12;
constexpr std::int64_t max_rows = 100;
constexpr std::int64_t max_depth = 10'000;
constexpr std::int64_t max_count = 100;
constexpr std::int64_t max_reward = 1'000'000;

bounty_kind parse_kind(const toml_reader& reader, const toml::table& t, const std::string& path) {
  const std::string name = reader.text(t, path, "kind");
  if (const auto kind = bounty_kind_named(name)) {
    return *kind;
  }
  reader.fail(path + ".kind", "\"" + name + "\" is not one of defeat, open, reach, scroll", t.get("kind"));
}

/// min_<what> and max_<what> of a row: lo <= min <= max <= hi.
void read_range(const toml_reader& reader, const toml::table& t, const std::string& path, const std::string& what,
                std::int64_t lo, std::int64_t hi, int& min, int& max) {
  min = static_cast<int>(reader.integer(t, path, "min_" + what, lo, hi));
  max = static_cast<int>(reader.integer(t, path, "max_" + what, lo, hi));
  if (max < min) {
    reader.fail(path + ".max_" + what, "must be at least min_" + what + " (" + std::to_string(min) + ")",
                t.get("max_" + what));
  }
}

}  // namespace

bounty_rules load_bounties(const table_source& source) {
  const toml_reader reader(source, "bounties.toml");
  const toml::table root = reader.parse();
  reader.allow_only(root, "", {"board", "tasks"});
  bounty_rules rules;
  const toml::table& board = reader.table(root, "", "board");
  reader.allow_only(board, "board", {"open", "most_held"});
  rules.open = static_cast<int>(reader.integer(board, "board", "open", 3, max_open));
  rules.most_held = static_cast<int>(reader.integer(board, "board", "most_held", 1, max_open));
  const toml::array& rows = reader.rows(root, "tasks");
  if (rows.size() > static_cast<std::size_t>(max_rows)) {
    reader.fail("tasks", "at most " + std::to_string(max_rows) + " rows", root.get("tasks"));
  }
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const toml::table& t = toml_reader::row(rows, i);
    const std::string path = toml_reader::row_path("tasks", i);
    bounty_rule r;
    r.kind = parse_kind(reader, t, path);
    // Each kind takes only the fields it uses: a depth means nothing to a scroll, a count nothing to a depth.
    const bool has_depth = r.kind != bounty_kind::scroll;
    const bool has_count = r.kind != bounty_kind::reach;
    if (has_depth && has_count) {
      reader.allow_only(t, path,
                        {"kind", "weight", "min_depth", "max_depth", "min_count", "max_count", "silver",
                         "silver_per_depth", "silver_per_count", "xp", "xp_per_depth", "xp_per_count"});
    } else if (has_depth) {
      reader.allow_only(
          t, path, {"kind", "weight", "min_depth", "max_depth", "silver", "silver_per_depth", "xp", "xp_per_depth"});
    } else {
      reader.allow_only(
          t, path, {"kind", "weight", "min_count", "max_count", "silver", "silver_per_count", "xp", "xp_per_count"});
    }
    r.weight = static_cast<int>(reader.integer(t, path, "weight", 1, 1000));
    if (has_depth) {
      // (reaching depth 0, the well, is no task)
      read_range(reader, t, path, "depth", r.kind == bounty_kind::reach ? 1 : 0, max_depth, r.min_depth, r.max_depth);
    }
    if (has_count) {
      read_range(reader, t, path, "count", 1, max_count, r.min_count, r.max_count);
    }
    r.silver = reader.integer(t, path, "silver", 0, max_reward);
    r.xp = reader.integer(t, path, "xp", 0, max_reward);
    if (has_depth) {
      r.silver_per_depth = reader.integer(t, path, "silver_per_depth", 0, max_reward);
      r.xp_per_depth = reader.integer(t, path, "xp_per_depth", 0, max_reward);
    }
    if (has_count) {
      r.silver_per_count = reader.integer(t, path, "silver_per_count", 0, max_reward);
      r.xp_per_count = reader.integer(t, path, "xp_per_count", 0, max_reward);
    }
    if (r.silver + r.silver_per_depth * r.min_depth + r.silver_per_count * r.min_count == 0 &&
        r.xp + r.xp_per_depth * r.min_depth + r.xp_per_count * r.min_count == 0) {
      reader.fail(path, "a task must pay something: silver or xp above 0 at its smallest", &t);
    }
    rules.tasks.push_back(r);
  }
  return rules;
}

}  // namespace dw::content
