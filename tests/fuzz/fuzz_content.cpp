// libFuzzer target for the content tables an operator edits and reloads (@reload content): the loader
// in content/ through load_content_texts. Input: one selector byte, then the TOML text of the table it
// picks; the other tables (and the interior scripts they name) stay valid, so cross-table checks
// (drops, difficulty, scripts) run too. Selector from '0': the real tables from content/ fill in;
// from 'a': the small ones from tests/fuzz/content_small/, which load many times faster. Either way the
// character's distance from '0' or 'a' indexes the content/*.toml file names in name order
// (table_names): '0'/'a' armour.toml, '1'/'b' bounties.toml, and so on. (The scripts themselves are fuzzed by fuzz_mapgen_script.)
// A bad table must come back as a content_error naming a file and a line inside it; tables the loader
// accepts must keep the documented rules and work in the generators.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

#include "content/bounties.hpp"
#include "content/content_loader.hpp"
#include "content/markov_names.hpp"
#include "content/monster_group.hpp"
#include "content/room_description.hpp"
#include "content/room_interior.hpp"
#include "content/room_roll.hpp"
#include "content/scroll.hpp"
#include "content/tape.hpp"
#include "fuzz_support.hpp"

namespace {

using namespace dw::content;

/// content/*.toml in name order, which scripts/fuzz.sh relies on to make seeds of the real tables.
constexpr std::array<std::string_view, 18> table_names{
    "armour.toml",       "bounties.toml",       "fights.toml",       "help.toml",          "interiors.toml",
    "levels.toml",       "merchant.toml",       "monsters.toml",     "names.toml",         "puzzles.toml",
    "rooms.toml",        "scaling.toml",        "scroll_effects.toml", "scroll_paper.toml", "scroll_tubes.toml",
    "scroll_writing.toml", "wanderers.toml",    "weapons.toml"};

/// The label errors carry; load_content_texts only uses it for messages.
const std::filesystem::path label_dir = "content";

/// The real tables and the small ones, read once: each input replaces one entry and puts it back.
std::array<table_texts, 2>& companions() {
  static std::array<table_texts, 2> sets;
  return sets;
}

table_texts read_tables(const std::filesystem::path& dir) {
  // A table added to content/ must be added to table_names too, or it would never be fuzzed.
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() == ".toml") {
      ++files;
      FUZZ_CHECK(std::find(table_names.begin(), table_names.end(), entry.path().filename().string()) !=
                 table_names.end());
    }
  }
  FUZZ_CHECK(files == table_names.size());
  table_texts texts;
  for (const std::string_view name : table_names) {
    std::ifstream in(dir / name, std::ios::binary);
    FUZZ_CHECK(in.good());
    std::ostringstream text;
    text << in.rdbuf();
    texts.emplace(std::string(name), text.str());
  }
  // The interior scripts the bands name, as "interiors/<name>.json", and their themes as "themes/<name>.toml".
  for (const auto& [folder, extension] : {std::pair{"interiors", ".json"}, std::pair{"themes", ".toml"}}) {
    if (!std::filesystem::is_directory(dir / folder)) {
      continue;  // (the small tables keep their bands' words in rooms.toml)
    }
    for (const auto& entry : std::filesystem::directory_iterator(dir / folder)) {
      if (entry.path().extension() == extension) {
        std::ifstream in(entry.path(), std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        texts.emplace(std::string(folder) + "/" + entry.path().filename().string(), text.str());
      }
    }
  }
  // They must load, or every input would only reach the error path.
  FUZZ_CHECK(std::holds_alternative<content_tables>(load_content_texts(label_dir, texts)));
  return texts;
}

std::size_t line_count(std::string_view text) {
  return 1 + static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

void check_error(const content_error& e, const table_texts& texts) {
  FUZZ_CHECK(!e.reason.empty());
  bool known_file = false;
  for (const auto& [name, text] : texts) {
    if (e.file == (label_dir / name).generic_string()) {
      known_file = true;
      FUZZ_CHECK(e.line <= line_count(text));
    }
  }
  // (a rooms.toml that names a script reports at its own key; the scripts here are all valid, and a theme
  // file reports its own mistakes, such as a key interiors.toml no longer has)
  FUZZ_CHECK(known_file);
}

bool is_identifier(const std::string& key) {
  return !key.empty() && key.size() <= 24 && std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
}

/// The rules content_tables and the data files document, which the loader must have enforced.
void check_rules(const content_tables& tables) {
  FUZZ_CHECK(!tables.monsters.empty() && !tables.sizes.empty());
  std::set<std::string> keys;
  bool shallow = false;
  for (const monster_def& m : tables.monsters) {
    FUZZ_CHECK(is_identifier(m.key) && keys.insert(m.key).second);
    FUZZ_CHECK(!m.name.empty() && !m.plural.empty() && !m.description.empty());
    FUZZ_CHECK(m.hp >= 1 && m.damage >= 1 && m.weight >= 1 && m.min_depth >= 0);
    for (const std::string& drop : m.drops) {
      FUZZ_CHECK(tables.find_item(drop) != nullptr);
    }
    shallow = shallow || m.min_depth == 0;
  }
  FUZZ_CHECK(shallow);
  keys.clear();
  for (const size_class& s : tables.sizes) {
    FUZZ_CHECK(is_identifier(s.key) && keys.insert(s.key).second);
    FUZZ_CHECK(s.weight >= 1 && s.min_count >= 1 && s.min_count <= s.max_count && s.max_count <= 100);
    FUZZ_CHECK(s.hp > 0.0 && s.damage > 0.0);
  }
  keys.clear();
  for (const auto* items : {&tables.weapons, &tables.armour}) {
    shallow = false;
    for (const item_def& item : *items) {
      FUZZ_CHECK(is_identifier(item.key) && keys.insert(item.key).second);  // unique across both kinds
      FUZZ_CHECK(item.weight >= 1 && item.min_depth >= 0 && (item.damage >= 1 || item.reduction >= 1));
      shallow = shallow || item.min_depth == 0;
    }
    FUZZ_CHECK(shallow);
  }
  // The merchant's tiers: each opens somehow, to nobody the tier before is closed to, selling known gear
  // once each, and never the best weapon or armour.
  keys.clear();
  int best_weapon = 0;
  int best_armour = 0;
  for (const item_def& w : tables.weapons) {
    best_weapon = std::max(best_weapon, w.damage);
  }
  for (const item_def& a : tables.armour) {
    best_armour = std::max(best_armour, a.reduction);
  }
  const gear_tier* before = nullptr;
  for (const gear_tier& tier : tables.merchant.tiers) {
    FUZZ_CHECK((tier.depth || tier.level) && !tier.gear.empty());
    FUZZ_CHECK(!tier.level || *tier.level <= tables.progression.levels.back().level);
    FUZZ_CHECK(before == nullptr || !tier.depth || before->open_to(*tier.depth, 1));
    FUZZ_CHECK(before == nullptr || !tier.level || before->open_to(0, *tier.level));
    for (const std::string& key : tier.gear) {
      const item_def* item = tables.find_item(key);
      FUZZ_CHECK(item != nullptr && keys.insert(key).second && tables.merchant.tier_of(key) == &tier);
      FUZZ_CHECK(item->kind == item_kind::weapon ? item->damage < best_weapon : item->reduction < best_armour);
    }
    before = &tier;
  }
  const auto& bands = tables.scaling.bands;
  FUZZ_CHECK(!bands.empty() && bands.front().min_depth == 0);
  FUZZ_CHECK(tables.scaling.max_count >= 1 && tables.scaling.max_count <= 100);
  for (std::size_t i = 1; i < bands.size(); ++i) {
    FUZZ_CHECK(bands[i].min_depth > bands[i - 1].min_depth);
    FUZZ_CHECK(bands[i].multipliers.hp >= bands[i - 1].multipliers.hp);
    FUZZ_CHECK(bands[i].multipliers.damage >= bands[i - 1].multipliers.damage);
    FUZZ_CHECK(bands[i].multipliers.count >= bands[i - 1].multipliers.count);
    FUZZ_CHECK(bands[i].multipliers.reward >= bands[i - 1].multipliers.reward);
  }
  const scaling_multipliers& growth = tables.scaling.darkness_growth;
  FUZZ_CHECK(growth.hp >= 0.0 && growth.damage >= 0.0 && growth.count >= 0.0 && growth.reward >= 0.0);
  FUZZ_CHECK(!tables.rooms.empty() && tables.rooms.front().min_depth == 0);
  for (std::size_t i = 0; i < tables.rooms.size(); ++i) {
    FUZZ_CHECK(i == 0 || tables.rooms[i].min_depth > tables.rooms[i - 1].min_depth);
    FUZZ_CHECK(!tables.rooms[i].name.empty() && !tables.rooms[i].variants.empty());
    FUZZ_CHECK(!tables.rooms[i].material.empty() && !tables.rooms[i].interiors.empty());
    for (const band_interior& used : tables.rooms[i].interiors) {
      FUZZ_CHECK(used.script < tables.interiors.scripts.size() && used.weight >= 1);
    }
  }
  FUZZ_CHECK(!tables.interiors.shapes.empty() && tables.interiors.shapes.back().when.empty());
  // Help topics: each word finds one topic; texts are laid out, bounded and free of control characters.
  std::set<std::string> words;
  for (const help_topic& t : tables.help.topics) {
    FUZZ_CHECK(words.insert(t.name).second && !t.title.empty() && !t.text.empty() && t.text.back() == '\n');
    FUZZ_CHECK(t.text.size() <= max_help_text_bytes && help_text_layout(t.text) == t.text);
    FUZZ_CHECK(std::none_of(t.text.begin(), t.text.end(), [](char c) {
      return (static_cast<unsigned char>(c) < 0x20U && c != '\n') || c == 0x7F;
    }));
    FUZZ_CHECK(tables.help.find(t.name) == &t);
    for (const std::string& k : t.keywords) {
      FUZZ_CHECK(k == t.name || words.insert(k).second);
      FUZZ_CHECK(tables.help.find(k) == &t);
    }
  }
  // Scroll texts use only the placeholders a scroll fills in.
  for (const std::string& text : tables.scrolls.texts) {
    for (std::size_t open = text.find('{'); open != std::string::npos; open = text.find('{', open + 1)) {
      FUZZ_CHECK(text.compare(open, 6, "{name}") == 0 || text.compare(open, 7, "{place}") == 0);
    }
  }
}

/// What the server does with freshly loaded tables: roll rooms, describe them, make scrolls and names.
void check_tables_work(const content_tables& tables, std::uint64_t seed) {
  FUZZ_CHECK(!tables.monsters.empty() && !tables.sizes.empty() && !tables.rooms.empty());
  const artefact_registry registry = [] {
    artefact_registry r;
    register_scroll(r);
    return r;
  }();
  for (const int depth : {0, 1, 3, 9, 40, 1000, 1'000'000}) {
    // Several rooms per depth, so that every kind of event turns up.
    for (std::int64_t x = 0; x < 8; ++x) {
      const tape room_tape{tape_seed(seed, 1, x, depth)};
      const room_contents room = roll_room(tables, room_tape, depth, carrier{x % 2 == 1, x % 4 >= 2});
      if (room.monsters) {
        const monster_group& group = *room.monsters;
        FUZZ_CHECK(group.count >= 1 && group.hp_each >= 1 && group.damage_each >= 1);
        FUZZ_CHECK(group.hp_each <= monster_stat_cap && group.damage_each <= monster_stat_cap);
        // A monster or an item is met only at its min_depth or deeper.
        const monster_def* monster = tables.find_monster(group.monster_key);
        FUZZ_CHECK(monster != nullptr && monster->min_depth <= depth);
        FUZZ_CHECK(!describe_monster_group(tables, group).empty());
      }
      if (room.find_key) {
        const item_def* item = tables.find_item(*room.find_key);
        FUZZ_CHECK(item != nullptr && item->min_depth <= depth);
      }
    }
    const room_description description = describe_room(tables, depth, seed + static_cast<std::uint64_t>(depth));
    FUZZ_CHECK(!description.name.empty() && !description.description.empty());
    // A room's interior: named and described from its shape, every placeholder filled in.
    const auto inside = make_interior(tables, depth, seed * 31 + static_cast<std::uint64_t>(depth), 15U);
    FUZZ_CHECK(inside.has_value() && !inside->name.empty() && !inside->description.empty());
    FUZZ_CHECK(inside->name.find('{') == std::string::npos && inside->description.find('{') == std::string::npos);

    const std::uint64_t scroll_seed = scroll_seed_for_depth(tables, seed, depth);
    const auto print = registry.make_blueprint(tables, scroll_type, scroll_seed);
    FUZZ_CHECK(print.has_value());
    const auto scroll = registry.instantiate(tables, *print);
    FUZZ_CHECK(scroll.has_value() && scroll->price >= 1 && !scroll->name.empty());

    // The bounty board of a day: as many tasks as the table says, each one the tables can name and pay.
    const std::vector<bounty_task> board = board_of_day(tables, seed, depth);
    FUZZ_CHECK(board.size() == static_cast<std::size_t>(tables.bounties.open));
    for (const bounty_task& task : board) {
      FUZZ_CHECK(task.count >= 1 && task.depth >= 0 && task.silver >= 0 && task.xp >= 0);
      FUZZ_CHECK(task.kind != bounty_kind::defeat || tables.find_monster(task.target) != nullptr);
      FUZZ_CHECK(!describe_bounty(tables, task).empty());
    }

    const std::string name = tables.names.generate(seed ^ static_cast<std::uint64_t>(depth));
    FUZZ_CHECK(name.size() >= markov_names::min_length && name.size() <= markov_names::max_length);
    std::string lower = name;
    lower[0] = static_cast<char>(lower[0] - 'A' + 'a');
    FUZZ_CHECK(name[0] >= 'A' && name[0] <= 'Z' && is_pronounceable(lower));
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
  companions()[0] = read_tables(DW_CONTENT_DIR);
  companions()[1] = read_tables(DW_FUZZ_SMALL_CONTENT_DIR);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) {
    return 0;
  }
  const bool small = data[0] >= 'a' && data[0] < 'a' + static_cast<int>(table_names.size());
  const std::size_t index = small ? data[0] - 'a' : static_cast<std::uint8_t>(data[0] - '0') % table_names.size();
  table_texts& texts = companions()[small ? 1 : 0];
  std::string& slot = texts.find(table_names[index])->second;
  std::string real(dw::fuzz::as_text(data + 1, size - 1));
  slot.swap(real);
  const auto loaded = load_content_texts(label_dir, texts);
  if (const auto* error = std::get_if<content_error>(&loaded)) {
    check_error(*error, texts);
  } else {
    const content_tables& tables = std::get<content_tables>(loaded);
    check_rules(tables);
    check_tables_work(tables, size);
  }
  slot.swap(real);
  return 0;
}
