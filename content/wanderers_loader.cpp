// Internal to content/: wanderers.toml (how many monsters roam a branch, how big, how often they stay).

#include "content/table_loaders.hpp"
#include "content/toml_reader.hpp"

namespace dw::content {

wander_rules load_wander_rules(const table_source& source) {
  const toml_reader reader(source, "wanderers.toml");
  const toml::table root = reader.parse();
  reader.allow_only(root, "", {"wanderers"});
  const toml::table& t = reader.table(root, "", "wanderers");
  const std::string path = "wanderers";
  reader.allow_only(t, path,
                    {"min_rooms", "rooms_per_wanderer", "max_per_branch", "max_group", "stay_chance", "verb_one",
                     "verb_many"});
  wander_rules rules;
  rules.min_rooms = static_cast<int>(reader.integer(t, path, "min_rooms", 1, 1'000'000));
  rules.rooms_per_wanderer = static_cast<int>(reader.integer(t, path, "rooms_per_wanderer", 1, 1'000'000));
  rules.max_per_branch = static_cast<int>(reader.integer(t, path, "max_per_branch", 0, 64));
  rules.max_group = static_cast<int>(reader.integer(t, path, "max_group", 1, 100));
  rules.stay_chance = reader.number(t, path, "stay_chance", 0.0, true, 0.95);
  rules.verb_one = reader.text(t, path, "verb_one");
  rules.verb_many = reader.text(t, path, "verb_many");
  return rules;
}

}  // namespace dw::content
