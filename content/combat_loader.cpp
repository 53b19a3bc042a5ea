// fights.toml's sections about fight choices, health words, odds and silver (content_tables::combat).
#include <algorithm>
#include <array>

#include "content/behaviour_loader.hpp"
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

/// A sentence with placeholders: each of `needed` must appear, and nothing else in braces.
std::string sentence(const toml_reader& reader, const toml::table& t, std::string_view path, std::string_view key,
                     std::initializer_list<std::string_view> needed) {
  std::string text = reader.text(t, path, key);
  const std::string where = std::string(path) + "." + std::string(key);
  for (std::string_view name : needed) {
    if (text.find(name) == std::string::npos) {
      reader.fail(where, "must say " + std::string(name), t.get(key));
    }
  }
  for (std::size_t open = text.find('{'); open != std::string::npos; open = text.find('{', open + 1)) {
    const std::size_t close = text.find('}', open);
    const std::string_view placeholder =
        close == std::string::npos ? std::string_view(text).substr(open)
                                   : std::string_view(text).substr(open, close - open + 1);
    if (std::find(needed.begin(), needed.end(), placeholder) == needed.end()) {
      reader.fail(where, "has " + std::string(placeholder) + ", which this sentence cannot fill", t.get(key));
    }
  }
  return text;
}

void load_consider(const toml_reader& reader, const toml::table& root, combat_tables& c) {
  static constexpr std::array<std::string_view, odds_count> verdicts{"easy", "likely_win", "even", "likely_fall",
                                                                     "hopeless"};
  const toml::table& t = reader.table(root, "", "consider");
  reader.allow_only(t, "consider",
                    {"runs", "most_rounds", "easy", "likely_win", "even", "likely_fall", "hopeless", "rounds"});
  consider_rules& r = c.consider;
  r.runs = static_cast<int>(reader.integer(t, "consider", "runs", 1, 10000));
  r.most_rounds = static_cast<int>(reader.integer(t, "consider", "most_rounds", 1, 10000));
  double above = 1.0;
  for (std::size_t i = 0; i < odds_count; ++i) {
    const std::string path = "consider." + std::string(verdicts[i]);
    const toml::table& v = reader.table(t, "consider", verdicts[i]);
    const bool last = i + 1 == odds_count;
    if (last) {
      reader.allow_only(v, path, {"words"});
    } else {
      // Each share must be below the one before: the verdicts go from the best odds to the worst.
      reader.allow_only(v, path, {"at_least", "words"});
      const double share = reader.number(v, path, "at_least", 0.0, false, above);
      if (i > 0 && share >= above) {
        reader.fail(path + ".at_least", "must be below the verdict before", v.get("at_least"));
      }
      r.at_least[i] = share;
      above = share;
    }
    r.words[i] = reader.text(v, path, "words");
  }
  const toml::table& rounds = reader.table(t, "consider", "rounds");
  reader.allow_only(rounds, "consider.rounds", {"both", "safe", "cannot_finish", "stalemate"});
  r.both = sentence(reader, rounds, "consider.rounds", "both", {"{win}", "{lose}"});
  r.safe = sentence(reader, rounds, "consider.rounds", "safe", {"{win}"});
  r.cannot_finish = sentence(reader, rounds, "consider.rounds", "cannot_finish", {"{lose}"});
  r.stalemate = sentence(reader, rounds, "consider.rounds", "stalemate", {});
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
  c.behaviours = load_behaviour_rules(reader, root);
  return c;
}

}  // namespace dw::content
