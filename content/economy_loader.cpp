// merchant.toml and scroll_effects.toml (split from content_loader.cpp to keep files short).
#include <algorithm>
#include <set>

#include "content/table_loaders.hpp"
#include "content/toml_reader.hpp"

namespace dw::content {

namespace {

constexpr std::int64_t max_stat = 1'000'000;

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

}  // namespace

merchant_rules load_merchant(const table_source& source, const std::set<std::string>& taken_keys) {
  const toml_reader reader(source, "merchant.toml");
  const toml::table root = reader.parse();
  reader.allow_only(root, "", {"board", "buying", "supplies"});
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
    reader.allow_only(t, path, {"key", "name", "description", "use", "heal", "price"});
    supply_def s;
    s.key = reader.identifier(t, path, "key");
    s.name = reader.text(t, path, "name");
    s.description = reader.text(t, path, "description");
    s.use = parse_use(reader, t, path);
    s.heal = static_cast<int>(reader.integer(t, path, "heal", 0, max_stat));
    s.price = static_cast<int>(reader.integer(t, path, "price", 1, max_stat));
    if (s.use != supply_use::carry && s.heal == 0) {
      reader.fail(path + ".heal", "a supply that is used up must heal (> 0)", t.get("heal"));
    }
    if (!keys.insert(s.key).second || taken_keys.contains(s.key)) {
      reader.fail(path + ".key", "\"" + s.key + "\" appears twice (or is a weapon's or armour's key)", t.get("key"));
    }
    rules.supplies.push_back(std::move(s));
  }
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
