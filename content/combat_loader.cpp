// fights.toml's sections about fight choices, health words, odds and silver (content_tables::combat).
#include "content/table_loaders.hpp"
#include "content/toml_reader.hpp"

namespace dw::content {

namespace {

void load_defend(const toml_reader& reader, const toml::table& root, combat_tables& c) {
  const toml::table& t = reader.table(root, "", "defend");
  reader.allow_only(t, "defend", {"taken", "dealt"});
  c.defend_taken = reader.number(t, "defend", "taken", 0.0, true, 1.0);
  c.defend_dealt = reader.number(t, "defend", "dealt", 0.0, true, 1.0);
}

void load_health(const toml_reader& reader, const toml::table& root, combat_tables& c) {
  const toml::table& t = reader.table(root, "", "health");
  reader.allow_only(t, "health", {"unhurt", "scratched", "wounded", "badly_wounded"});
  c.unhurt = reader.number(t, "health", "unhurt", 0.0, false, 1.0);
  c.scratched = reader.number(t, "health", "scratched", 0.0, false, c.unhurt);
  c.wounded = reader.number(t, "health", "wounded", 0.0, false, c.scratched);
  c.badly_wounded = reader.number(t, "health", "badly_wounded", 0.0, false, c.wounded);
}

void load_consider(const toml_reader& reader, const toml::table& root, combat_tables& c) {
  const toml::table& t = reader.table(root, "", "consider");
  reader.allow_only(t, "consider", {"win_easily", "even"});
  c.win_easily = reader.number(t, "consider", "win_easily", 0.0, false, 1000.0);
  c.even = reader.number(t, "consider", "even", 0.0, false, c.win_easily);
}

void load_flee(const toml_reader& reader, const toml::table& root, combat_tables& c) {
  const toml::table& t = reader.table(root, "", "flee");
  reader.allow_only(t, "flee", {"chance", "per_depth", "min_chance"});
  c.flee_chance = reader.number(t, "flee", "chance", 0.0, true, 1.0);
  c.flee_per_depth = reader.number(t, "flee", "per_depth", 0.0, true, 1.0);
  c.flee_min = reader.number(t, "flee", "min_chance", 0.0, true, c.flee_chance);
}

void load_aggression(const toml_reader& reader, const toml::table& root, combat_tables& c) {
  const toml::table& t = reader.table(root, "", "aggression");
  reader.allow_only(t, "aggression", {"from_depth", "chance", "per_depth", "max_chance"});
  c.aggression_from_depth = static_cast<int>(reader.integer(t, "aggression", "from_depth", 0, 1000000));
  c.aggression_chance = reader.number(t, "aggression", "chance", 0.0, true, 1.0);
  c.aggression_per_depth = reader.number(t, "aggression", "per_depth", 0.0, true, 1.0);
  c.aggression_max = reader.number(t, "aggression", "max_chance", c.aggression_chance, true, 1.0);
}

}  // namespace

combat_tables load_combat(const table_source& source) {
  const toml_reader reader(source, "fights.toml");
  const toml::table root = reader.parse();
  combat_tables c;
  load_defend(reader, root, c);
  load_health(reader, root, c);
  load_consider(reader, root, c);
  load_flee(reader, root, c);
  load_aggression(reader, root, c);
  const toml::table& silver = reader.table(root, "", "silver");
  reader.allow_only(silver, "silver", {"per_monster"});
  c.silver_per_monster = static_cast<int>(reader.integer(silver, "silver", "per_monster", 0, 1000000));
  return c;
}

}  // namespace dw::content
