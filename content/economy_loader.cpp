// merchant.toml and scroll_effects.toml (split from content_loader.cpp to keep files short).
#include <algorithm>
#include <map>
#include <set>

#include "content/content_tables.hpp"
#include "content/table_loaders.hpp"
#include "content/toml_reader.hpp"

namespace dw::content {

namespace {

constexpr std::int64_t max_stat = 1'000'000;
constexpr std::int64_t max_depth_value = 1'000'000;

supply_use parse_use(const toml_reader& reader, const toml::table& t, const std::string& path) {
  const std::string use = reader.text(t, path, "use");
  if (use == "quaff") {
    return supply_use::quaff;
  }
  if (use == "apply") {
    return supply_use::apply;
  }
  if (use == "carry") {
    return supply_use::carry;
  }
  reader.fail(path + ".use", "\"" + use + "\" is not one of quaff, apply, carry", t.get("use"));
}

/// A later tier may not open to a buyer the tier before it is closed to. Opening grows with depth and level,
/// so the buyers who only just open `tier` (its depth at level 1, or its level at depth 0) are enough to try.
void check_order(const toml_reader& reader, const toml::table& t, const std::string& path, const gear_tier& tier,
                 const gear_tier& before, const std::string& before_path) {
  if (tier.depth && !before.open_to(*tier.depth, 1)) {
    reader.fail(path + ".depth",
                "a buyer who has been to depth " + std::to_string(*tier.depth) + " could buy from this tier but not "
                    "from " + before_path + " (later tiers open later)",
                t.get("depth"));
  }
  if (tier.level && !before.open_to(0, *tier.level)) {
    reader.fail(path + ".level",
                "a buyer of level " + std::to_string(*tier.level) + " could buy from this tier but not from " +
                    before_path + " (later tiers open later)",
                t.get("level"));
  }
}

/// The best weapon and the best armour must stay out of her stock, so that found gear can be better than
/// any she sells. `sold_at` holds where each sold key is named (its key path and line).
void check_best_unsold(const toml_reader& reader, const content_tables& loaded,
                       const std::map<std::string, std::pair<std::string, std::uint32_t>>& sold_at) {
  for (const auto* list : {&loaded.weapons, &loaded.armour}) {
    const auto power = [](const item_def& d) { return d.kind == item_kind::weapon ? d.damage : d.reduction; };
    int best = 0;
    for (const item_def& d : *list) {
      best = std::max(best, power(d));
    }
    for (const item_def& d : *list) {
      const auto sold = sold_at.find(d.key);
      if (sold != sold_at.end() && power(d) >= best) {
        const bool weapon = d.kind == item_kind::weapon;
        reader.fail_at_line(sold->second.first,
                            "\"" + d.key + "\" (" + (weapon ? "damage " : "reduction ") + std::to_string(power(d)) +
                                ") is as good as the best " + (weapon ? "weapon" : "armour") +
                                " there is; keep the best out of her stock so that found gear can be better "
                                "than any she sells",
                            sold->second.second);
      }
    }
  }
}

std::vector<gear_tier> load_tiers(const toml_reader& reader, const toml::table& root, const content_tables& loaded) {
  std::vector<gear_tier> out;
  if (!root.contains("tiers")) {
    return out;  // she sells no weapons or armour
  }
  const int top_level = loaded.progression.levels.empty() ? 1 : loaded.progression.levels.back().level;
  const toml::array& rows = reader.rows(root, "tiers");
  std::map<std::string, std::pair<std::string, std::uint32_t>> sold_at;  // key -> where it is named
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const toml::table& t = toml_reader::row(rows, i);
    const std::string path = toml_reader::row_path("tiers", i);
    reader.allow_only(t, path, {"depth", "level", "gear"});
    gear_tier tier;
    if (t.contains("depth")) {
      tier.depth = static_cast<int>(reader.integer(t, path, "depth", 0, max_depth_value));
    }
    if (t.contains("level")) {
      tier.level = static_cast<int>(reader.integer(t, path, "level", 1, max_stat));
      if (*tier.level > top_level) {
        reader.fail(path + ".level",
                    "levels.toml has no level " + std::to_string(*tier.level) + " (the highest is " +
                        std::to_string(top_level) + "), so nobody could buy this tier",
                    t.get("level"));
      }
    }
    if (!tier.depth && !tier.level) {
      reader.fail(path, "a tier needs a depth, a level or both: what opens it to a buyer", &t);
    }
    tier.gear = reader.texts(t, path, "gear", false);
    for (std::size_t k = 0; k < tier.gear.size(); ++k) {
      const std::string key = path + ".gear[" + std::to_string(k) + "]";
      const toml::node* near = toml_reader::element(t, "gear", k);
      const std::string& name = tier.gear[k];
      if (loaded.find_item(name) == nullptr) {
        reader.fail(key, "unknown weapon or armour \"" + name + "\"", near);
      }
      if (const auto before = sold_at.find(name); before != sold_at.end()) {
        reader.fail(key, "\"" + name + "\" is sold already (" + before->second.first + ")", near);
      }
      sold_at.emplace(name, std::pair{key, toml_reader::line_of(near)});
    }
    if (i > 0) {
      check_order(reader, t, path, tier, out.back(), toml_reader::row_path("tiers", i - 1));
    }
    out.push_back(std::move(tier));
  }
  check_best_unsold(reader, loaded, sold_at);
  return out;
}

}  // namespace

merchant_rules load_merchant(const table_source& source, const content_tables& loaded) {
  const toml_reader reader(source, "merchant.toml");
  const toml::table root = reader.parse();
  reader.allow_only(root, "", {"board", "buying", "supplies", "tiers"});
  const toml::table& board = reader.table(root, "", "board");
  reader.allow_only(board, "board", {"lines"});
  merchant_rules rules;
  rules.board_lines = static_cast<int>(reader.integer(board, "board", "lines", 1, 1000));
  const toml::table& buying = reader.table(root, "", "buying");
  reader.allow_only(buying, "buying", {"scroll_factor", "gear_factor", "identify_price"});
  rules.scroll_factor = reader.number(buying, "buying", "scroll_factor", 0.0, false, 10.0);
  rules.gear_factor = reader.number(buying, "buying", "gear_factor", 0.0, false, 10.0);
  rules.identify_price = static_cast<int>(reader.integer(buying, "buying", "identify_price", 1, max_stat));
  const toml::array& rows = reader.rows(root, "supplies");
  std::set<std::string> keys;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const toml::table& t = toml_reader::row(rows, i);
    const std::string path = toml_reader::row_path("supplies", i);
    reader.allow_only(t, path, {"key", "name", "description", "use", "heal", "price", "pounds"});
    supply_def s;
    s.key = reader.identifier(t, path, "key");
    s.name = reader.text(t, path, "name");
    s.description = reader.text(t, path, "description");
    s.use = parse_use(reader, t, path);
    s.heal = static_cast<int>(reader.integer(t, path, "heal", 0, max_stat));
    s.price = static_cast<int>(reader.integer(t, path, "price", 1, max_stat));
    s.pounds = t.contains("pounds") ? reader.number(t, path, "pounds", 0.0, true, 1000.0) : 0.0;
    if (s.use != supply_use::carry && s.heal == 0) {
      reader.fail(path + ".heal", "a supply that is used up must heal (> 0)", t.get("heal"));
    }
    if (!keys.insert(s.key).second || loaded.find_item(s.key) != nullptr) {
      reader.fail(path + ".key", "\"" + s.key + "\" appears twice (or is a weapon's or armour's key)", t.get("key"));
    }
    rules.supplies.push_back(std::move(s));
  }
  rules.tiers = load_tiers(reader, root, loaded);
  return rules;
}

std::vector<scroll_effect> load_scroll_effects(const table_source& source) {
  const toml_reader reader(source, "scroll_effects.toml");
  const toml::table root = reader.parse();
  reader.allow_only(root, "", {"effects"});
  const toml::array& rows = reader.rows(root, "effects");
  std::vector<scroll_effect> out;
  std::set<std::string> keys;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const toml::table& t = toml_reader::row(rows, i);
    const std::string path = toml_reader::row_path("effects", i);
    reader.allow_only(t, path, {"key", "name", "weight", "multiplier", "amount", "rounds"});
    scroll_effect e;
    e.key = reader.identifier(t, path, "key");
    if (std::find(std::begin(scroll_effect_keys), std::end(scroll_effect_keys), e.key) == std::end(scroll_effect_keys)) {
      reader.fail(path + ".key", "\"" + e.key + "\" is not one of ward, map, return, heal", t.get("key"));
    }
    if (!keys.insert(e.key).second) {
      reader.fail(path + ".key", "\"" + e.key + "\" appears twice", t.get("key"));
    }
    e.name = reader.text(t, path, "name");
    e.weight = static_cast<int>(reader.integer(t, path, "weight", 1, max_stat));
    e.multiplier = reader.number(t, path, "multiplier", 0.0, false, 100.0);
    e.amount = static_cast<int>(reader.integer(t, path, "amount", 0, max_stat));
    e.rounds = static_cast<int>(reader.integer(t, path, "rounds", 0, max_stat));
    if ((e.key == "ward" || e.key == "heal") && e.amount == 0) {
      reader.fail(path + ".amount", "a " + e.key + " scroll needs an amount > 0", t.get("amount"));
    }
    if (e.key == "ward" && e.rounds == 0) {
      reader.fail(path + ".rounds", "a ward needs rounds > 0", t.get("rounds"));
    }
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace dw::content
