// puzzles.toml: rune locks (content/puzzle_rules.hpp).
#include <algorithm>
#include <set>

#include "content/table_loaders.hpp"
#include "content/toml_reader.hpp"

namespace dw::content {

namespace {

constexpr std::int64_t max_hint_distance = 16;
constexpr std::int64_t max_depth_value = 1'000'000;
constexpr std::int64_t max_ward_damage = 10'000;

}  // namespace

puzzle_rules load_puzzles(const table_source& source) {
  const toml_reader reader(source, "puzzles.toml");
  const toml::table root = reader.parse();
  reader.allow_only(root, "", {"rune_lock", "depths"});
  puzzle_rules rules;
  const toml::table& lock = reader.table(root, "", "rune_lock");
  reader.allow_only(lock, "rune_lock",
                    {"hint_min_distance", "hint_max_distance", "reward_scrolls", "ward_damage", "ward_damage_step",
                     "runes"});
  rules.hint_min_distance =
      static_cast<int>(reader.integer(lock, "rune_lock", "hint_min_distance", 1, max_hint_distance));
  rules.hint_max_distance =
      static_cast<int>(reader.integer(lock, "rune_lock", "hint_max_distance", 1, max_hint_distance));
  if (rules.hint_max_distance < rules.hint_min_distance) {
    reader.fail("rune_lock.hint_max_distance", "must be >= hint_min_distance", lock.get("hint_max_distance"));
  }
  rules.reward_scrolls = static_cast<int>(reader.integer(lock, "rune_lock", "reward_scrolls", 0, 5));
  rules.ward_damage = static_cast<int>(reader.integer(lock, "rune_lock", "ward_damage", 1, max_ward_damage));
  rules.ward_damage_step =
      static_cast<int>(reader.integer(lock, "rune_lock", "ward_damage_step", 0, max_ward_damage));
  rules.runes = reader.texts(lock, "rune_lock", "runes", false);
  std::set<std::string> seen;
  for (std::size_t i = 0; i < rules.runes.size(); ++i) {
    const std::string& rune = rules.runes[i];
    const std::string key = "rune_lock.runes[" + std::to_string(i) + "]";
    const toml::node* near = toml_reader::element(lock, "runes", i);
    if (rune.size() > 24 || !std::all_of(rune.begin(), rune.end(), [](char c) { return c >= 'a' && c <= 'z'; })) {
      reader.fail(key, "\"" + rune + "\" must be 1..24 lower-case letters", near);
    }
    if (!seen.insert(rune).second) {
      reader.fail(key, "\"" + rune + "\" appears twice", near);
    }
  }
  const toml::array& rows = reader.rows(root, "depths");
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const toml::table& t = toml_reader::row(rows, i);
    const std::string path = toml_reader::row_path("depths", i);
    reader.allow_only(t, path, {"min_depth", "chance", "runes"});
    puzzle_depth row;
    row.min_depth = static_cast<int>(reader.integer(t, path, "min_depth", 0, max_depth_value));
    row.chance = reader.number(t, path, "chance", 0.0, true, 1.0);
    row.runes = static_cast<int>(reader.integer(t, path, "runes", 2, static_cast<std::int64_t>(rules.runes.size())));
    if (!rules.depths.empty() && row.min_depth <= rules.depths.back().min_depth) {
      reader.fail(path + ".min_depth", "must be greater than the row before's", t.get("min_depth"));
    }
    rules.depths.push_back(row);
  }
  return rules;
}

}  // namespace dw::content
