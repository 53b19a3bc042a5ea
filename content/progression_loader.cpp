// levels.toml: experience and levels (split from content_loader.cpp to keep files short).
#include "content/table_loaders.hpp"
#include "content/toml_reader.hpp"

namespace dw::content {

namespace {

constexpr std::int64_t max_xp = 1'000'000'000'000;
constexpr std::int64_t max_levels = 1000;
constexpr std::int64_t max_gain = 1'000'000;

}  // namespace

progression_rules load_progression(const table_source& source) {
  const toml_reader reader(source, "levels.toml");
  const toml::table root = reader.parse();
  reader.allow_only(root, "", {"experience", "levels"});
  progression_rules rules;
  const toml::table& xp = reader.table(root, "", "experience");
  reader.allow_only(xp, "experience", {"per_monster", "per_depth", "per_new_depth"});
  rules.per_monster = reader.integer(xp, "experience", "per_monster", 0, max_gain);
  rules.per_depth = reader.integer(xp, "experience", "per_depth", 0, max_gain);
  rules.per_new_depth = reader.integer(xp, "experience", "per_new_depth", 0, max_gain);
  const toml::array& rows = reader.rows(root, "levels");
  if (rows.size() > static_cast<std::size_t>(max_levels)) {
    reader.fail("levels", "at most " + std::to_string(max_levels) + " levels", root.get("levels"));
  }
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const toml::table& t = toml_reader::row(rows, i);
    const std::string path = toml_reader::row_path("levels", i);
    reader.allow_only(t, path, {"level", "xp", "hp", "hit", "damage"});
    level_def l;
    l.level = static_cast<int>(reader.integer(t, path, "level", 1, max_levels));
    l.xp = reader.integer(t, path, "xp", 0, max_xp);
    l.hp = static_cast<int>(reader.integer(t, path, "hp", 0, max_gain));
    l.hit = reader.number(t, path, "hit", 0.0, true, 0.5);
    l.damage = static_cast<int>(reader.integer(t, path, "damage", 0, max_gain));
    const auto expected = static_cast<int>(i + 1);
    if (l.level != expected) {
      reader.fail(path + ".level", "must be " + std::to_string(expected) + " (levels go up by one from 1)",
                  t.get("level"));
    }
    if (i == 0 && l.xp != 0) {
      reader.fail(path + ".xp", "level 1 must start at 0", t.get("xp"));
    }
    if (i > 0) {
      const level_def& before = rules.levels.back();
      if (l.xp <= before.xp) {
        reader.fail(path + ".xp", "must be more than level " + std::to_string(before.level) + "'s " +
                                      std::to_string(before.xp), t.get("xp"));
      }
      if (l.hp < before.hp || l.hit < before.hit || l.damage < before.damage) {
        reader.fail(path, "a level may not give less hp, hit or damage than the level before", &t);
      }
    }
    rules.levels.push_back(l);
  }
  return rules;
}

}  // namespace dw::content
