// Internal to content/: monsters.toml [[leaders]] (named leaders met around milestone depths, with
// drop tables of their own), after the ordinary monsters and the weapons and armour they name.
#include <cmath>
#include <set>

#include "content/leaders_loader.hpp"

namespace dw::content {

namespace {

constexpr std::int64_t max_depth_value = 1'000'000;
constexpr std::int64_t max_stat = 1'000'000;

std::vector<leader_drop> load_drops(const toml_reader& reader, const toml::table& t, const std::string& path,
                                    const content_tables& loaded) {
  const toml::node* node = t.get("drops");
  if (node == nullptr) {
    return {};
  }
  const toml::array* list = node->as_array();
  if (list == nullptr) {
    reader.fail(path + ".drops", "must be a list of { item = \"...\", chance = ... } tables", node);
  }
  std::vector<leader_drop> out;
  double total = 0.0;
  for (std::size_t i = 0; i < list->size(); ++i) {
    const std::string at = path + ".drops[" + std::to_string(i) + "]";
    const toml::table* row = (*list)[i].as_table();
    if (row == nullptr) {
      reader.fail(at, "must be a { item = \"...\", chance = ... } table", &(*list)[i]);
    }
    reader.allow_only(*row, at, {"item", "chance"});
    leader_drop drop;
    drop.item = reader.text(*row, at, "item");
    if (loaded.find_item(drop.item) == nullptr) {
      reader.fail(at + ".item", "unknown weapon or armour \"" + drop.item + "\"", row->get("item"));
    }
    drop.chance = reader.number(*row, at, "chance", 0.0, false, 1.0);
    total += drop.chance;
    if (total > 1.0 + 1e-9) {
      reader.fail(at + ".chance", "the drop table's chances add up to more than 1", row->get("chance"));
    }
    out.push_back(std::move(drop));
  }
  return out;
}

}  // namespace

std::vector<leader_def> load_leaders(const toml_reader& reader, const toml::table& root, const content_tables& loaded) {
  std::vector<leader_def> out;
  if (root.get("leaders") == nullptr) {
    return out;  // (a world may have none)
  }
  const toml::array& rows = reader.rows(root, "leaders");
  std::set<std::string> keys;
  for (const monster_def& m : loaded.monsters) {
    keys.insert(m.key);
  }
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const toml::table& t = toml_reader::row(rows, i);
    const std::string path = toml_reader::row_path("leaders", i);
    reader.allow_only(t, path,
                      {"key", "name", "title", "description", "arrival", "hp", "damage", "depth", "reach", "chance",
                       "drops", "silver", "scrolls"});
    leader_def l;
    l.kind.key = reader.identifier(t, path, "key");
    if (!keys.insert(l.kind.key).second) {
      reader.fail(path + ".key", "\"" + l.kind.key + "\" is already a monster's or a leader's key", t.get("key"));
    }
    l.kind.name = reader.text(t, path, "name");
    l.kind.plural = l.kind.name;
    l.title = reader.text(t, path, "title");
    l.kind.description = reader.text(t, path, "description");
    l.arrival = reader.text(t, path, "arrival");
    l.kind.hp = static_cast<int>(reader.integer(t, path, "hp", 1, max_stat));
    l.kind.damage = static_cast<int>(reader.integer(t, path, "damage", 1, max_stat));
    l.depth = static_cast<int>(reader.integer(t, path, "depth", 0, max_depth_value));
    l.reach = static_cast<int>(reader.integer(t, path, "reach", 0, l.depth));
    l.kind.min_depth = l.depth - l.reach;
    l.kind.weight = 1;
    l.chance = reader.number(t, path, "chance", 0.0, false, 0.5);
    l.drops = load_drops(reader, t, path, loaded);
    l.silver = static_cast<int>(reader.integer(t, path, "silver", 0, max_stat));
    l.scrolls = static_cast<int>(reader.integer(t, path, "scrolls", 0, 100));
    if (!out.empty() && l.kind.min_depth <= out.back().depth + out.back().reach) {
      // One leader per depth, so the which-monster roll's top slice names one.
      reader.fail(path + ".depth",
                  "must come after the leader before it, whose depths it overlaps (" + out.back().kind.key + ")",
                  t.get("depth"));
    }
    out.push_back(std::move(l));
  }
  return out;
}

}  // namespace dw::content
