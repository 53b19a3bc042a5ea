#include "content/content_loader.hpp"

#include <algorithm>
#include <set>
#include <sstream>

#include "content/behaviour_loader.hpp"
#include "content/difficulty.hpp"
#include "content/interior_loader.hpp"
#include "content/leaders_loader.hpp"
#include "content/table_loaders.hpp"
#include "content/toml_reader.hpp"
#include "mapgen/script.hpp"

namespace dw::content {

namespace {

constexpr std::int64_t max_depth_value = 1'000'000;
constexpr std::int64_t max_stat = 1'000'000;

/// Monsters with the line each starts on (for errors found later, such as falling difficulty).
struct loaded_monsters {
  std::vector<monster_def> monsters;
  std::vector<std::uint32_t> lines;
};

loaded_monsters load_monsters(const toml_reader& reader, const toml::table& root, const content_tables& items) {
  const toml::array& rows = reader.rows(root, "monsters");
  loaded_monsters out;
  bool shallow = false;
  std::set<std::string> keys;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const toml::table& t = toml_reader::row(rows, i);
    const std::string path = toml_reader::row_path("monsters", i);
    reader.allow_only(t, path,
                      {"key", "name", "plural", "description", "hp", "damage", "min_depth", "weight", "drops", "behaviours"});
    monster_def m;
    m.key = reader.identifier(t, path, "key");
    m.name = reader.text(t, path, "name");
    m.plural = reader.text(t, path, "plural");
    m.description = reader.text(t, path, "description");
    m.hp = static_cast<int>(reader.integer(t, path, "hp", 1, max_stat));
    m.damage = static_cast<int>(reader.integer(t, path, "damage", 1, max_stat));
    m.min_depth = static_cast<int>(reader.integer(t, path, "min_depth", 0, max_depth_value));
    m.weight = static_cast<int>(reader.integer(t, path, "weight", 1, max_stat));
    m.drops = reader.texts(t, path, "drops", true, true);
    for (std::size_t d = 0; d < m.drops.size(); ++d) {
      if (items.find_item(m.drops[d]) == nullptr) {
        reader.fail(path + ".drops[" + std::to_string(d) + "]", "unknown weapon or armour \"" + m.drops[d] + "\"",
                    toml_reader::element(t, "drops", d));
      }
    }
    m.behaviours = read_behaviours(reader, t, path);
    if (!keys.insert(m.key).second) {
      reader.fail(path + ".key", "\"" + m.key + "\" appears twice", t.get("key"));
    }
    shallow = shallow || m.min_depth == 0;
    out.monsters.push_back(std::move(m));
    out.lines.push_back(toml_reader::line_of(&t));
  }
  if (!shallow) {
    reader.fail("monsters", "needs at least one monster with min_depth = 0", root.get("monsters"));
  }
  return out;
}

std::vector<size_class> load_sizes(const toml_reader& reader, const toml::table& root) {
  const toml::array& rows = reader.rows(root, "sizes");
  std::vector<size_class> out;
  std::set<std::string> keys;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const toml::table& t = toml_reader::row(rows, i);
    const std::string path = toml_reader::row_path("sizes", i);
    reader.allow_only(t, path, {"key", "adjective", "weight", "min_count", "max_count", "hp", "damage"});
    size_class s;
    s.key = reader.identifier(t, path, "key");
    s.adjective = reader.text(t, path, "adjective", true);
    s.weight = static_cast<int>(reader.integer(t, path, "weight", 1, max_stat));
    s.min_count = static_cast<int>(reader.integer(t, path, "min_count", 1, 100));
    s.max_count = static_cast<int>(reader.integer(t, path, "max_count", 1, 100));
    if (s.max_count < s.min_count) {
      reader.fail(path + ".max_count", "must be >= min_count", t.get("max_count"));
    }
    s.hp = reader.number(t, path, "hp", 0.0, false, 1000.0);
    s.damage = reader.number(t, path, "damage", 0.0, false, 1000.0);
    if (!keys.insert(s.key).second) {
      reader.fail(path + ".key", "\"" + s.key + "\" appears twice", t.get("key"));
    }
    out.push_back(std::move(s));
  }
  return out;
}

scaling_multipliers load_multipliers(const toml_reader& reader, const toml::table& t, const std::string& path,
                                     bool growth) {
  // Growth rates may be 0 (the darkness stops growing); band multipliers must be positive.
  const double min = 0.0;
  const bool inclusive = growth;
  return {reader.number(t, path, "hp", min, inclusive, 1000.0), reader.number(t, path, "damage", min, inclusive, 1000.0),
          reader.number(t, path, "count", min, inclusive, 1000.0),
          reader.number(t, path, "reward", min, inclusive, 1000.0)};
}

scaling_curve load_scaling(const table_source& source) {
  const toml_reader reader(source, "scaling.toml");
  const toml::table root = reader.parse();
  reader.allow_only(root, "", {"max_count", "bands", "darkness"});
  scaling_curve curve;
  curve.max_count = static_cast<int>(reader.integer(root, "", "max_count", 1, 100));
  const toml::array& rows = reader.rows(root, "bands");
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const toml::table& t = toml_reader::row(rows, i);
    const std::string path = toml_reader::row_path("bands", i);
    reader.allow_only(t, path, {"min_depth", "hp", "damage", "count", "reward"});
    scaling_band band;
    band.min_depth = static_cast<int>(reader.integer(t, path, "min_depth", 0, max_depth_value));
    band.multipliers = load_multipliers(reader, t, path, false);
    if (i == 0 && band.min_depth != 0) {
      reader.fail(path + ".min_depth", "the first band must start at depth 0", t.get("min_depth"));
    }
    if (i > 0) {
      const scaling_band& prev = curve.bands.back();
      if (band.min_depth <= prev.min_depth) {
        reader.fail(path + ".min_depth", "bands must be in ascending min_depth order", t.get("min_depth"));
      }
      // Deeper must never be easier or poorer: each multiplier at least the previous band's.
      const std::pair<const char*, bool> falls[] = {
          {"hp", band.multipliers.hp < prev.multipliers.hp},
          {"damage", band.multipliers.damage < prev.multipliers.damage},
          {"count", band.multipliers.count < prev.multipliers.count},
          {"reward", band.multipliers.reward < prev.multipliers.reward}};
      for (const auto& [key, fell] : falls) {
        if (fell) {
          reader.fail(path + "." + key, "must not be less than the previous band's", t.get(key));
        }
      }
    }
    curve.bands.push_back(band);
  }
  const toml::table& darkness = reader.table(root, "", "darkness");
  reader.allow_only(darkness, "darkness", {"hp", "damage", "count", "reward"});
  curve.darkness_growth = load_multipliers(reader, darkness, "darkness", true);
  return curve;
}

std::vector<item_def> load_items(const table_source& source, item_kind kind, const content_tables& loaded) {
  const bool weapon = kind == item_kind::weapon;
  const char* table_key = weapon ? "weapons" : "armour";
  const char* power_key = weapon ? "damage" : "reduction";
  const toml_reader reader(source, weapon ? "weapons.toml" : "armour.toml");
  const toml::table root = reader.parse();
  reader.allow_only(root, "", {table_key});
  const toml::array& rows = reader.rows(root, table_key);
  std::vector<item_def> out;
  std::set<std::string> keys;
  bool shallow = false;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const toml::table& t = toml_reader::row(rows, i);
    const std::string path = toml_reader::row_path(table_key, i);
    reader.allow_only(t, path, {"key", "name", "description", power_key, "price", "min_depth", "weight", "pounds"});
    item_def item;
    item.kind = kind;
    item.key = reader.identifier(t, path, "key");
    item.name = reader.text(t, path, "name");
    item.description = reader.text(t, path, "description");
    const auto power = static_cast<int>(reader.integer(t, path, power_key, 1, max_stat));
    (weapon ? item.damage : item.reduction) = power;
    item.price = static_cast<int>(reader.integer(t, path, "price", 1, max_stat));
    item.min_depth = static_cast<int>(reader.integer(t, path, "min_depth", 0, max_depth_value));
    item.weight = static_cast<int>(reader.integer(t, path, "weight", 1, max_stat));
    item.pounds = t.contains("pounds") ? reader.number(t, path, "pounds", 0.0, true, 1000.0) : 0.0;
    if (!keys.insert(item.key).second) {
      reader.fail(path + ".key", "\"" + item.key + "\" appears twice", t.get("key"));
    }
    if (!weapon && loaded.find_weapon(item.key) != nullptr) {
      // Monster drops name weapons and armour alike, so one key must not mean both.
      reader.fail(path + ".key", "\"" + item.key + "\" is already a weapon's key", t.get("key"));
    }
    shallow = shallow || item.min_depth == 0;
    out.push_back(std::move(item));
  }
  if (!shallow) {
    reader.fail(table_key, "needs at least one entry with min_depth = 0", root.get(table_key));
  }
  return out;
}

fight_rules load_fights(const table_source& source) {
  const toml_reader reader(source, "fights.toml");
  const toml::table root = reader.parse();
  // (the other sections are combat_loader.cpp's)
  reader.allow_only(root, "", {"fists", "loot", "scroll", "defend", "health", "consider", "flee", "aggression", "silver",
                                 "behaviours"});
  fight_rules rules;
  const toml::table& fists = reader.table(root, "", "fists");
  reader.allow_only(fists, "fists", {"damage"});
  rules.fist_damage = static_cast<int>(reader.integer(fists, "fists", "damage", 1, max_stat));
  const toml::table& loot = reader.table(root, "", "loot");
  reader.allow_only(loot, "loot",
                    {"drop_chance", "scrolls_per_reward", "max_scrolls", "best_of_per_reward", "max_best_of"});
  rules.drop_chance = reader.number(loot, "loot", "drop_chance", 0.0, true, 1.0);
  rules.scrolls_per_reward = reader.number(loot, "loot", "scrolls_per_reward", 0.0, true, 100.0);
  rules.max_scrolls = static_cast<int>(reader.integer(loot, "loot", "max_scrolls", 0, 100));
  rules.best_of_per_reward = reader.number(loot, "loot", "best_of_per_reward", 0.0, true, 100.0);
  rules.max_best_of = static_cast<int>(reader.integer(loot, "loot", "max_best_of", 1, 64));
  const toml::table& scroll = reader.table(root, "", "scroll");
  reader.allow_only(scroll, "scroll", {"base_price"});
  rules.scroll_base_price = static_cast<int>(reader.integer(scroll, "scroll", "base_price", 1, max_stat));
  return rules;
}

/// Deeper must never mean easier: expected difficulty may not fall from one depth to the next. Between
/// two table changes (a band starts or a monster appears) the same monsters are met and the multipliers
/// stay the same or grow with the darkness, and the rounding and capping in scale_monster_group never
/// turn growth into a fall; so difficulty can only fall on stepping onto a change depth, and only those
/// steps are checked. Walking every depth instead cost seconds (on the world thread, for @reload) for a
/// monster at a min_depth near max_depth_value.
void check_difficulty(const toml_reader& monsters_file, const content_tables& tables,
                      const std::vector<std::uint32_t>& monster_lines) {
  std::vector<int> change_depths;
  for (const monster_def& m : tables.monsters) {
    change_depths.push_back(m.min_depth);
  }
  for (const scaling_band& b : tables.scaling.bands) {
    change_depths.push_back(b.min_depth);
  }
  std::sort(change_depths.begin(), change_depths.end());
  change_depths.erase(std::unique(change_depths.begin(), change_depths.end()), change_depths.end());
  for (const int depth : change_depths) {
    if (depth == 0) {
      continue;
    }
    const double previous = expected_difficulty(tables, depth - 1);
    const double here = expected_difficulty(tables, depth);
    if (here < previous) {
      std::uint32_t line = 0;
      std::string key = "monsters";
      for (std::size_t i = 0; i < tables.monsters.size(); ++i) {
        if (tables.monsters[i].min_depth == depth) {
          line = monster_lines[i];  // most likely culprit: a monster weaker than those before it
          key = toml_reader::row_path("monsters", i);
          break;
        }
      }
      std::ostringstream reason;
      reason << "expected difficulty falls from " << previous << " at depth " << depth - 1 << " to " << here
             << " at depth " << depth
             << "; monsters that appear deeper need more hp or damage (or raise scaling.toml's multipliers)";
      monsters_file.fail_at_line(key, reason.str(), line);
    }
  }
}

/// A monster (or leader) may only have behaviours fights.toml gives numbers and words for.
void check_behaviours(const toml_reader& monsters_file, const content_tables& tables,
                      const std::vector<std::uint32_t>& monster_lines) {
  const auto check = [&](const behaviour_set& set, const std::string& path, std::uint32_t line) {
    for (std::size_t b = 0; b < behaviour_count; ++b) {
      if (set.has(static_cast<behaviour>(b)) && !tables.combat.behaviours[b].defined) {
        const std::string key(behaviour_key(static_cast<behaviour>(b)));
        monsters_file.fail_at_line(path + ".behaviours",
                                   "behaviour \"" + key + "\" has no [behaviours." + key + "] in fights.toml", line);
      }
    }
  };
  for (std::size_t i = 0; i < tables.monsters.size(); ++i) {
    check(tables.monsters[i].behaviours, toml_reader::row_path("monsters", i), monster_lines[i]);
  }
  for (std::size_t i = 0; i < tables.leaders.size(); ++i) {
    check(tables.leaders[i].kind.behaviours, toml_reader::row_path("leaders", i), 0);
  }
}

/// Both entry points share this, so tables given as text are checked exactly as files are.
std::variant<content_tables, content_error> load_tables(const table_source& source) {
  try {
    content_tables tables;
    // Items first: monsters' drops refer to them.
    tables.weapons = load_items(source, item_kind::weapon, tables);
    tables.armour = load_items(source, item_kind::armour, tables);
    tables.scaling = load_scaling(source);
    const toml_reader monsters_file(source, "monsters.toml");
    std::vector<std::uint32_t> monster_lines;
    {
      const toml::table root = monsters_file.parse();
      monsters_file.allow_only(root, "", {"monsters", "sizes", "leaders"});
      loaded_monsters loaded = load_monsters(monsters_file, root, tables);
      tables.monsters = std::move(loaded.monsters);
      monster_lines = std::move(loaded.lines);
      tables.sizes = load_sizes(monsters_file, root);
      tables.leaders = load_leaders(monsters_file, root, tables);
    }
    tables.fights = load_fights(source);
    tables.combat = load_combat(source);
    tables.scrolls = load_scroll_tables(source);
    tables.names = load_names(source);
    tables.progression = load_progression(source);  // (before the merchant: her tiers name levels)
    tables.merchant = load_merchant(source, tables);
    tables.scroll_effects = load_scroll_effects(source);
    tables.bounties = load_bounties(source);
    tables.help = load_help(source);
    tables.interiors = load_interiors(source);
    tables.rooms = load_rooms(source, tables.interiors);
    tables.puzzles = load_puzzles(source);
    tables.wanderers = load_wander_rules(source);
    check_difficulty(monsters_file, tables, monster_lines);
    check_behaviours(monsters_file, tables, monster_lines);
    return tables;
  } catch (const content_load_failure& failure) {
    return failure.error;
  }
}

}  // namespace

std::variant<content_tables, content_error> load_content(const std::filesystem::path& dir) {
  return load_tables(table_source{dir, nullptr});
}

std::variant<content_tables, content_error> load_content_texts(const std::filesystem::path& dir,
                                                               const table_texts& texts) {
  return load_tables(table_source{dir, &texts});
}

std::vector<std::string> load_warnings(const content_tables& tables) {
  std::vector<std::string> out;
  for (const interior_script& s : tables.interiors.scripts) {
    out.insert(out.end(), s.script->warnings().begin(), s.script->warnings().end());
  }
  return out;
}

}  // namespace dw::content
