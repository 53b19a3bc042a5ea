// fights.toml's [behaviours.<key>]: each behaviour's numbers and words.
#include "content/behaviour_loader.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "content/fight_state.hpp"

namespace dw::content {

namespace {

/// Which fields a behaviour's table has (the others are refused).
struct behaviour_spec {
  double most_share = 0.0;  ///< share's upper bound; 0: no share
  bool below = false;
  bool rounds = false;
  bool most = false;
  bool words = false;       ///< `words`
  bool you_others = false;  ///< `you` and `others`
  bool again = false;       ///< `again_you` and `again_others`
};

constexpr std::array<behaviour_spec, behaviour_count> specs{{
    {1.0, false, false, false, false, true, false},   // armoured: share of each blow turned aside
    {0.0, false, false, true, true, false, false},    // pack: most kin per fight
    {1.0, false, false, false, true, false, false},   // regenerates: share of hp_each healed
    {1.0, false, true, false, true, true, false},     // wards: share of hp_each absorbed, for rounds
    {10.0, false, true, false, false, true, true},    // venomous: share of damage_each per round, for rounds
    {0.0, true, false, false, true, false, false},    // cowardly: flees below this share of hp
    {0.0, false, false, false, false, true, false},   // ambusher: a surprise blow in the first round
    {10.0, true, false, false, true, false, false},   // frenzied: below this share of hp, blows grow by share
}};

/// A sentence: may say {monster} and {amount} (`consider` only {monster}); {fighter} must appear when
/// `fighter` and may not otherwise; nothing else in braces.
std::string sentence(const toml_reader& reader, const toml::table& t, const std::string& path, std::string_view key,
                     bool fighter, bool amount = true) {
  std::string text = reader.text(t, path, key);
  const std::string where = path + "." + std::string(key);
  if (fighter && text.find("{fighter}") == std::string::npos) {
    reader.fail(where, "must say {fighter}", t.get(key));
  }
  for (std::size_t open = text.find('{'); open != std::string::npos; open = text.find('{', open + 1)) {
    const std::size_t close = text.find('}', open);
    const std::string_view placeholder = close == std::string::npos
                                             ? std::string_view(text).substr(open)
                                             : std::string_view(text).substr(open, close - open + 1);
    const bool ok = placeholder == "{monster}" || (amount && placeholder == "{amount}") ||
                    (fighter && placeholder == "{fighter}");
    if (!ok) {
      reader.fail(where, "has " + std::string(placeholder) + ", which this sentence cannot fill", t.get(key));
    }
  }
  return text;
}

behaviour_rule load_rule(const toml_reader& reader, const toml::table& t, const std::string& path,
                         const behaviour_spec& spec) {
  std::vector<std::string_view> allowed{"chance", "consider"};
  if (spec.most_share > 0.0) {
    allowed.push_back("share");
  }
  for (const auto& [on, name] : {std::pair{spec.below, "below"}, std::pair{spec.rounds, "rounds"},
                                 std::pair{spec.most, "most"}, std::pair{spec.words, "words"},
                                 std::pair{spec.you_others, "you"}, std::pair{spec.you_others, "others"},
                                 std::pair{spec.again, "again_you"}, std::pair{spec.again, "again_others"}}) {
    if (on) {
      allowed.emplace_back(name);
    }
  }
  for (const auto& [key, value] : t) {
    if (std::find(allowed.begin(), allowed.end(), key.str()) == allowed.end()) {
      reader.fail(path + "." + std::string(key.str()), "is not a field of this behaviour", &value);
    }
  }
  behaviour_rule r;
  r.defined = true;
  r.chance = reader.number(t, path, "chance", 0.0, false, 1.0);
  if (spec.most_share > 0.0) {
    r.share = reader.number(t, path, "share", 0.0, false, spec.most_share);
  }
  if (spec.below) {
    r.below = reader.number(t, path, "below", 0.0, false, 1.0);
  }
  if (spec.rounds) {
    r.rounds = static_cast<int>(reader.integer(t, path, "rounds", 1, fight_state::most_lasting));
  }
  if (spec.most) {
    r.most = static_cast<int>(reader.integer(t, path, "most", 1, static_cast<std::int64_t>(fight_state::most_monsters)));
  }
  if (spec.words) {
    r.words = sentence(reader, t, path, "words", false);
  }
  if (spec.you_others) {
    r.you = sentence(reader, t, path, "you", false);
    r.others = sentence(reader, t, path, "others", true);
  }
  if (spec.again) {
    r.again_you = sentence(reader, t, path, "again_you", false);
    r.again_others = sentence(reader, t, path, "again_others", true);
  }
  r.consider = sentence(reader, t, path, "consider", false, false);
  return r;
}

}  // namespace

behaviour_rules load_behaviour_rules(const toml_reader& reader, const toml::table& root) {
  behaviour_rules rules{};
  if (root.get("behaviours") == nullptr) {
    return rules;
  }
  const toml::table& all = reader.table(root, "", "behaviours");
  for (const auto& [key, value] : all) {
    const std::optional<behaviour> b = behaviour_from_key(key.str());
    const std::string path = "behaviours." + std::string(key.str());
    if (!b) {
      reader.fail(path, "unknown behaviour \"" + std::string(key.str()) + "\"", &value);
    }
    const toml::table& t = reader.table(all, "behaviours", key.str());
    rules[static_cast<std::size_t>(*b)] = load_rule(reader, t, path, specs[static_cast<std::size_t>(*b)]);
  }
  return rules;
}

behaviour_set read_behaviours(const toml_reader& reader, const toml::table& row, const std::string& path) {
  behaviour_set set;
  const std::vector<std::string> keys = reader.texts(row, path, "behaviours", true, true);
  for (std::size_t b = 0; b < keys.size(); ++b) {
    const std::optional<behaviour> known = behaviour_from_key(keys[b]);
    const std::string where = path + ".behaviours[" + std::to_string(b) + "]";
    if (!known) {
      reader.fail(where, "unknown behaviour \"" + keys[b] + "\"", toml_reader::element(row, "behaviours", b));
    }
    if (set.has(*known)) {
      reader.fail(where, "\"" + keys[b] + "\" appears twice", toml_reader::element(row, "behaviours", b));
    }
    set.add(*known);
  }
  return set;
}

}  // namespace dw::content
