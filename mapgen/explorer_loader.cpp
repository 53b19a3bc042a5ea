// The `explorers` section: Marahel's explorer types (with their aliases) and named steps, each with its
// region choice, parameters and rules checked and compiled here.
#include <algorithm>
#include <array>
#include <utility>

#include "mapgen/script_reader.hpp"
#include "mapgen/step.hpp"

namespace dw::mapgen::detail {

namespace {

struct type_name {
  std::string_view name;
  explorer_kind kind;
};

// Every name the language document gives a type (and Marahel's own "turlte_connect" misspelling is not
// copied: a script with it is refused with the list of names).
constexpr std::array<type_name, 27> type_names{{
    {"narrow_horz", explorer_kind::horizontal}, {"narrow", explorer_kind::horizontal},
    {"horz", explorer_kind::horizontal},        {"horizontal", explorer_kind::horizontal},
    {"narrow_vert", explorer_kind::vertical},   {"vert", explorer_kind::vertical},
    {"vertical", explorer_kind::vertical},      {"narrow_rand", explorer_kind::scatter},
    {"random", explorer_kind::scatter},         {"rand", explorer_kind::scatter},
    {"turtle_drunk", explorer_kind::drunk},     {"turtle", explorer_kind::drunk},
    {"drunk", explorer_kind::drunk},            {"digger", explorer_kind::drunk},
    {"turtle_heur", explorer_kind::greedy},     {"agent", explorer_kind::greedy},
    {"greedy", explorer_kind::greedy},          {"turtle_connect", explorer_kind::connect},
    {"connect", explorer_kind::connect},        {"wide_heur", explorer_kind::ordered},
    {"wide", explorer_kind::ordered},           {"heuristic", explorer_kind::ordered},
    {"order", explorer_kind::ordered},          {"wide_rand", explorer_kind::shuffled},
    {"rorder", explorer_kind::shuffled},        {"rand_order", explorer_kind::shuffled},
    {"narrow_rnd", explorer_kind::scatter},  // the document's spelling in its overview
}};

const type_name* find_type(std::string_view name) {
  const auto it = std::find_if(type_names.begin(), type_names.end(), [&](const type_name& t) { return t.name == name; });
  return it == type_names.end() ? nullptr : &*it;
}

// Limits over the whole script, so the compiled tables stay small whatever the text.
constexpr int max_total_rules = 512;

// region: "map", "all", or region numbers, comma separated (Marahel also lets them mix).
std::vector<int> parse_regions(const script_reader& in, const json::value& v, const script& s) {
  const std::string text = in.scalar(v);
  std::vector<int> items;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = text.find(',', start);
    const std::string_view item = trim(std::string_view(text).substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (item == "map") {
      items.push_back(whole_map);
    } else if (item == "all") {
      items.push_back(s.regions.kind == divider_kind::none ? whole_map : every_region);
    } else {
      const int index = read_whole(item).value_or(-1);
      if (index < 0) {
        in.fail(v, "must be map, all or region numbers separated by commas, not " + quote(text));
      }
      if (s.regions.kind == divider_kind::none) {
        in.fail(v, "names region " + std::to_string(index) + ", but the script has no regions section");
      }
      if (index >= s.regions.number) {
        in.fail(v, "names region " + std::to_string(index) + ", but the regions section makes " +
                       std::to_string(s.regions.number) + " (numbered from 0)");
      }
      items.push_back(index);
    }
    if (static_cast<int>(items.size()) > max_regions + 2) {
      in.fail(v, "names too many regions");
    }
    if (comma == std::string::npos) {
      return items;
    }
    start = comma + 1;
  }
}

// The parameters each type reads (Marahel's code reads the same, plus the language document's `change`
// for the drunk turtle's `dirprob` and `neighborhood` for the connector, from the document's example).
std::vector<std::string_view> parameters_of(explorer_kind kind) {
  std::vector<std::string_view> keys{"replace", "out", "repeats", "tiles", "changes"};
  switch (kind) {
    case explorer_kind::drunk:
      keys.insert(keys.end(), {"directions", "change", "dirprob"});
      break;
    case explorer_kind::greedy:
      keys.insert(keys.end(), {"directions", "heuristics"});
      break;
    case explorer_kind::connect:
      keys.insert(keys.end(), {"directions", "neighborhood", "entities"});
      break;
    case explorer_kind::ordered:
      keys.emplace_back("heuristics");
      break;
    default:
      break;
  }
  return keys;
}

bool has_move(const std::vector<point>& offsets) {
  return std::any_of(offsets.begin(), offsets.end(), [](const point& o) { return o.x != 0 || o.y != 0; });
}

// `params` may be null (no parameters object): every parameter then takes its default. `type` is the
// explorer's type as the script writes it (for warnings).
void load_parameters(const script_reader& in, const json::value& e, const json::value* params, std::string_view type,
                     explorer& x, script& s, rule_parser& rules) {
  // A parameter this type does not read is ignored, as Marahel ignores it (scripts written for Marahel
  // carry parameters of other explorer types), but not silently: a warning names it, once per load.
  const std::vector<std::string_view> known = parameters_of(x.kind);
  const std::size_t count = params != nullptr ? params->size() : 0;
  for (std::size_t i = 0; i < count; ++i) {
    const json::value& p = (*params)[i];
    if (std::find(known.begin(), known.end(), p.key()) == known.end()) {
      s.warnings.push_back(in.warning(p, "parameter " + quote(p.key()) + " is not used by a " + quote(type) +
                                             " explorer and is ignored (it reads " + joined(known) + ")"));
    }
  }
  // Only what this type reads is read (and checked): an ignored parameter may hold anything.
  auto find = [&](std::string_view key) -> const json::value* {
    const bool reads = std::find(known.begin(), known.end(), key) != known.end();
    return params != nullptr && reads ? params->find(key) : nullptr;
  };
  // Rule text problems become errors at the parameter that holds the text.
  auto text_at = [&](const json::value& v, auto&& parse) {
    try {
      return parse(in.scalar(v));
    } catch (const text_error& e) {
      in.fail(v, e.what());
    }
  };
  if (const json::value* v = find("replace")) {
    const std::string r = std::string(trim(in.scalar(*v)));
    if (r != "same" && r != "buffer") {
      in.fail(*v, "must be same or buffer, not " + quote(r));
    }
    x.buffer = r == "buffer";
  }
  if (const json::value* v = find("out")) {
    x.out = text_at(*v, [&](const std::string& t) { return rules.parse_out(t); });
  }
  if (const json::value* v = find("repeats")) {
    x.repeats = in.whole(*v, 1, max_repeats);
  }
  if (const json::value* v = find("tiles")) {
    x.tiles = in.whole(*v, 1, max_tiles);
  }
  if (const json::value* v = find("changes")) {
    x.changes = in.whole(*v, 1, max_tiles);
  }
  // The drunk turtle's chance to turn: `change` in the language document, `dirprob` in Marahel's code.
  const json::value* change = find("change");
  const json::value* dirprob = find("dirprob");
  if (change != nullptr && dirprob != nullptr) {
    in.fail(*dirprob, "gives the chance to turn a second time (change and dirprob are one parameter; keep one)");
  }
  if (const json::value* v = change != nullptr ? change : dirprob) {
    x.change = in.real(*v, 0, 1);
  }
  x.directions = rules.neighbourhood("plus");
  if (const json::value* v = find("directions")) {
    x.directions = text_at(*v, [&](const std::string& t) { return rules.neighbourhood(trim(t)); });
    if (!has_move(s.neighbourhoods[x.directions])) {
      in.fail(*v, "the neighbourhood " + quote(in.scalar(*v)) + " has no cell other than the centre to move to");
    }
  }
  // turtle_connect's areas are joined by its directions, as Marahel groups them, unless `neighborhood` says.
  x.connectivity = x.directions;
  if (const json::value* v = find("neighborhood")) {
    x.connectivity = text_at(*v, [&](const std::string& t) { return rules.neighbourhood(trim(t)); });
    if (!has_move(s.neighbourhoods[x.connectivity])) {
      in.fail(*v, "the neighbourhood " + quote(in.scalar(*v)) + " joins no tile to another");
    }
  }
  if (x.kind == explorer_kind::connect) {
    x.connect_set = rules.parse_set("entity");  // every entity, as in Marahel, unless `entities` says
    if (const json::value* v = find("entities")) {
      x.connect_set = text_at(*v, [&](const std::string& t) { return rules.parse_set(t); });
    }
  }
  if (x.kind == explorer_kind::greedy || x.kind == explorer_kind::ordered) {
    const json::value* v = find("heuristics");
    if (v == nullptr) {
      in.fail(params != nullptr ? *params : e, "this explorer needs \"heuristics\" (estimators separated by commas, e.g. \"dist(empty),random\")");
    }
    x.heuristics = text_at(*v, [&](const std::string& t) { return rules.parse_estimators(t); });
  }
}

void load_rules(const script_reader& in, const json::value& list, explorer& x, script& s, rule_parser& rules) {
  in.expect(list, json::kind::array);
  if (list.size() == 0) {
    in.fail(list, "an explorer needs at least one rule");
  }
  if (static_cast<int>(list.size()) > max_rules) {
    in.fail(list, "more than " + std::to_string(max_rules) + " rules in one explorer");
  }
  if (static_cast<int>(s.rules.size() + list.size()) > max_total_rules) {
    in.fail(list, "more than " + std::to_string(max_total_rules) + " rules in the script");
  }
  x.first_rule = static_cast<std::uint32_t>(s.rules.size());
  x.tile_cost = 1;
  for (std::size_t i = 0; i < list.size(); ++i) {
    in.expect(list[i], json::kind::string);
    try {
      s.rules.push_back(rules.parse_rule(list[i].text()));
    } catch (const text_error& e) {
      in.fail(list[i], e.what());
    }
    x.tile_cost += rules.cost(s.rules.back());
  }
  for (const estimator& e : x.heuristics) {
    x.tile_cost += rules.cost(e);
  }
  x.rule_count = static_cast<std::uint32_t>(list.size());
  // The `out` parameter, applied here once: every neighbourhood count this explorer reads weighs a cell
  // outside the region as `out` and as the entity named (generation always reads outside cells as out).
  if (x.out != out_value) {
    auto apply_out = [&](estimator& e) {
      if (e.kind == estimator_kind::neighbourhood || e.kind == estimator_kind::centre) {
        try {
          e.set = rules.outside_reads_as(e.set, x.out);
        } catch (const text_error& error) {
          in.fail(list, error.what());
        }
      }
    };
    for (std::uint32_t r = 0; r < x.rule_count; ++r) {
      const rule& ru = s.rules[x.first_rule + r];
      for (std::uint32_t c = 0; c < ru.condition_count; ++c) {
        apply_out(s.conditions[ru.first_condition + c].left);
        apply_out(s.conditions[ru.first_condition + c].right);
      }
    }
    for (estimator& e : x.heuristics) {
      apply_out(e);
    }
  }
  share_reads(s, x);
  decide_first_conditions(s, x);
}

// A named step: made now, so that its parameters are checked at load like everything else.
void load_step(const script_reader& in, const json::value& e, const step_kind& kind, explorer& x, const script& s) {
  std::vector<std::pair<std::string, std::string>> values;
  const json::value* params = e.find("parameters");
  if (params != nullptr) {
    for (std::size_t i = 0; i < params->size(); ++i) {
      values.emplace_back((*params)[i].key(), in.scalar((*params)[i]));
    }
  }
  if (const json::value* r = e.find("rules"); r != nullptr && !(r->is(json::kind::array) && r->size() == 0)) {
    in.fail(*r, "a named step has no rules");
  }
  try {
    x.named = kind.make(param_reader(std::move(values), s.entities));
  } catch (const param_error& error) {
    const json::value* at = params != nullptr ? params->find(error.key) : nullptr;
    if (at != nullptr) {
      in.fail(*at, error.what());
    }
    in.fail_at(e.path() + ".parameters." + error.key, error.what());
  }
  if (x.named == nullptr) {
    in.fail(e, "the step " + quote(kind.name) + " could not be made");
  }
}

}  // namespace

void load_explorers(const script_reader& in, const json::value& explorers, script& s, rule_parser& rules) {
  in.expect(explorers, json::kind::array);
  if (explorers.size() == 0) {
    in.fail(explorers, "a script needs at least one explorer");
  }
  if (static_cast<int>(explorers.size()) > max_explorers) {
    in.fail(explorers, "more than " + std::to_string(max_explorers) + " explorers");
  }
  for (std::size_t i = 0; i < explorers.size(); ++i) {
    const json::value& e = explorers[i];
    in.expect(e, json::kind::object);
    in.only_keys(e, {"type", "region", "parameters", "rules"}, "an explorer");
    explorer x;
    // Marahel's defaults: a horizontal explorer over the whole map.
    std::string type = "horizontal";
    if (const json::value* t = e.find("type")) {
      in.expect(*t, json::kind::string);
      type = std::string(trim(t->text()));
    }
    const type_name* marahel = find_type(type);
    const step_kind* named = marahel == nullptr ? find_step(type) : nullptr;
    if (marahel == nullptr && named == nullptr) {
      in.fail(*e.find("type"), "no explorer or step called " + quote(type));
    }
    x.regions = {whole_map};
    if (const json::value* r = e.find("region")) {
      x.regions = parse_regions(in, *r, s);
    }
    const json::value* params = e.find("parameters");
    if (params != nullptr) {
      in.expect(*params, json::kind::object);
    }
    if (named != nullptr) {
      x.kind = explorer_kind::step;
      load_step(in, e, *named, x, s);
    } else {
      x.kind = marahel->kind;
      load_parameters(in, e, params, type, x, s, rules);
      load_rules(in, in.required(e, "rules"), x, s, rules);
    }
    s.explorers.push_back(std::move(x));
  }
}

}  // namespace dw::mapgen::detail
