// load_script: the JSON text to a checked script (metadata, entities, neighbourhoods, regions here;
// explorers in explorer_loader.cpp; rule text in rule_parser.cpp).
#include <algorithm>
#include <array>
#include <memory>
#include <utility>

#include "mapgen/json.hpp"
#include "mapgen/neighbourhood.hpp"
#include "mapgen/rule_parser.hpp"
#include "mapgen/script.hpp"
#include "mapgen/script_model.hpp"
#include "mapgen/script_reader.hpp"

namespace dw::mapgen {

namespace {

std::string what_of(const std::string& file, const std::string& path, const std::string& message) {
  // A JSON syntax error carries its line and column at the front of the message: "file:3:7: ...".
  return path.empty() ? file + ":" + message : file + ": " + path + ": " + message;
}

}  // namespace

script_error::script_error(std::string file_name, std::string json_path, const std::string& message)
    : std::runtime_error(what_of(file_name, json_path, message)), file(std::move(file_name)), path(std::move(json_path)) {}

namespace detail {
namespace {

// Words the rule language gives a meaning of its own; an entity or neighbourhood may not take them.
constexpr std::array<std::string_view, 10> reserved_words = {"unknown", "out",      "any",      "entity",   "random",
                                                             "noise",   "percent", "cpercent", "rpercent", "dist"};

// An entity's or a neighbourhood's name (`what`): name-shaped and not a word of the rule language.
void check_name(const script_reader& in, const json::value& where, std::string_view name, std::string_view what) {
  if (!valid_name(name)) {
    in.fail(where, quote(name) + " is not a valid " + std::string(what) + " name (a letter or '_', then letters, digits, '_' or '-')");
  }
  const bool noise_scale = name.starts_with("noise") && name.size() > 5 &&
                           std::all_of(name.begin() + 5, name.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (noise_scale || std::find(reserved_words.begin(), reserved_words.end(), name) != reserved_words.end()) {
    in.fail(where, quote(name) + " is a reserved word of the rule language");
  }
}

void load_metadata(const script_reader& in, const json::value& root, script& s) {
  const json::value& meta = in.required(root, "metadata");
  in.expect(meta, json::kind::object);
  in.only_keys(meta, {"min", "max"}, "metadata");
  s.min_size = in.size(in.required(meta, "min"), 1, max_side);
  s.max_size = in.size(in.required(meta, "max"), 1, max_side);
  if (s.min_size.first > s.max_size.first || s.min_size.second > s.max_size.second) {
    in.fail(*meta.find("max"), "must be at least min on each side");
  }
}

void add_entity(const script_reader& in, const json::value& where, std::string name, script& s) {
  check_name(in, where, name, "entity");
  if (std::find(s.entities.begin(), s.entities.end(), name) != s.entities.end()) {
    in.fail(where, "the entity " + quote(name) + " is listed twice");
  }
  if (static_cast<int>(s.entities.size()) >= max_entities) {
    in.fail(where, "more than " + std::to_string(max_entities) + " entities");
  }
  s.entities.push_back(std::move(name));
  s.min_count.push_back(-1);
  s.max_count.push_back(-1);
}

void load_entities(const script_reader& in, const json::value& root, script& s) {
  const json::value& list = in.required(root, "entities");
  if (list.is(json::kind::array)) {
    for (std::size_t i = 0; i < list.size(); ++i) {
      in.expect(list[i], json::kind::string);
      add_entity(in, list[i], list[i].text(), s);
    }
  } else if (list.is(json::kind::object)) {
    // Marahel's object form: {"solid": {"color": "0x000000", "min": 1, "max": 20}, ...}.
    for (std::size_t i = 0; i < list.size(); ++i) {
      const json::value& e = list[i];
      add_entity(in, e, e.key(), s);
      in.expect(e, json::kind::object);
      in.only_keys(e, {"color", "min", "max"}, "an entity");
      const int area = max_side * max_side;
      if (const json::value* color = e.find("color")) {
        (void)in.scalar(*color);  // shown by Marahel's editor; no meaning here
      }
      if (const json::value* min = e.find("min")) {
        s.min_count.back() = in.whole(*min, 0, area);
      }
      if (const json::value* max = e.find("max")) {
        s.max_count.back() = in.whole(*max, 0, area);
        if (s.max_count.back() < s.min_count.back()) {
          in.fail(*max, "must be at least min");
        }
      }
    }
  } else {
    in.fail(list, "must be an array of names or an object of entities, not " + std::string(json::describe(list.kind())));
  }
  if (s.entities.empty()) {
    in.fail(list, "a script needs at least one entity");
  }
}

// The predefined neighbourhoods first; the script's own replace one of the same name (as in Marahel).
std::vector<std::string> load_neighbourhoods(const script_reader& in, const json::value& root, script& s) {
  std::vector<std::string> names;
  for (const predefined_neighbourhood& p : predefined_neighbourhoods()) {
    names.emplace_back(p.name);
    s.neighbourhoods.push_back(parse_neighbourhood(p.matrix, max_neighbourhood_side));
  }
  const json::value* hoods = root.find("neighborhoods");
  if (hoods == nullptr) {
    return names;
  }
  in.expect(*hoods, json::kind::object);
  if (static_cast<int>(hoods->size()) > max_neighbourhoods) {
    in.fail(*hoods, "more than " + std::to_string(max_neighbourhoods) + " neighbourhoods");
  }
  for (std::size_t i = 0; i < hoods->size(); ++i) {
    const json::value& h = (*hoods)[i];
    check_name(in, h, h.key(), "neighbourhood");
    in.expect(h, json::kind::string);
    std::vector<point> offsets;
    try {
      offsets = parse_neighbourhood(h.text(), max_neighbourhood_side);
    } catch (const text_error& e) {
      in.fail(h, e.what());
    }
    const auto same = std::find(names.begin(), names.end(), h.key());
    if (same != names.end()) {
      s.neighbourhoods[static_cast<std::size_t>(same - names.begin())] = std::move(offsets);
    } else {
      names.push_back(h.key());
      s.neighbourhoods.push_back(std::move(offsets));
    }
  }
  return names;
}

void load_regions(const script_reader& in, const json::value& root, script& s) {
  const json::value* regions = root.find("regions");
  if (regions == nullptr) {
    return;
  }
  in.expect(*regions, json::kind::object);
  in.only_keys(*regions, {"type", "number", "parameters"}, "regions");
  const json::value& type = in.required(*regions, "type");
  in.expect(type, json::kind::string);
  const std::string& t = type.text();
  divider& d = s.regions;
  if (t == "equal") {
    d.kind = divider_kind::equal;
  } else if (t == "bsp") {
    d.kind = divider_kind::bsp;
  } else if (t == "sampling" || t == "sample") {
    d.kind = divider_kind::sampling;
  } else {
    in.fail(type, "no region divider called " + quote(t) + " (equal, bsp or sampling)");
  }
  d.number = in.whole(in.required(*regions, "number"), 1, max_regions);
  const json::value& params = in.required(*regions, "parameters");
  in.expect(params, json::kind::object);
  // As an explorer's, a parameter the divider does not read is ignored (Marahel ignores it) with a warning.
  const bool sampling = d.kind == divider_kind::sampling;
  for (std::size_t i = 0; i < params.size(); ++i) {
    const json::value& p = params[i];
    if (p.key() != "min" && p.key() != "max" && !(sampling && p.key() == "trials")) {
      s.warnings.push_back(in.warning(p, "parameter " + quote(p.key()) + " is not used by the " + quote(t) +
                                             " divider and is ignored (it reads " + (sampling ? "min, max, trials" : "min, max") + ")"));
    }
  }
  if (const json::value* trials = sampling ? params.find("trials") : nullptr) {
    d.trials = in.whole(*trials, 1, max_trials);
  }
  // equal: min and max count divisions across and down; bsp and sampling: they bound region sizes.
  d.min = in.size(in.required(params, "min"), 1, max_side);
  d.max = in.size(in.required(params, "max"), 1, max_side);
  if (d.min.first > d.max.first || d.min.second > d.max.second) {
    in.fail(*params.find("max"), "must be at least min on each side");
  }
}

}  // namespace
}  // namespace detail

generator load_script(std::string_view json_text, std::string_view file) {
  const detail::script_reader in(file);
  json::document doc = [&] {
    try {
      return json::parse(json_text);
    } catch (const json::parse_error& e) {
      throw script_error(std::string(file), "", std::to_string(e.line) + ":" + std::to_string(e.column) + ": " + e.what());
    }
  }();
  const json::value& root = doc.root();
  in.expect(root, json::kind::object);
  in.only_keys(root, {"metadata", "regions", "entities", "neighborhoods", "explorers"}, "a script");
  auto s = std::make_unique<detail::script>();
  detail::load_metadata(in, root, *s);
  detail::load_entities(in, root, *s);
  std::vector<std::string> hood_names = detail::load_neighbourhoods(in, root, *s);
  detail::load_regions(in, root, *s);
  detail::rule_parser rules(*s, std::move(hood_names));
  const json::value& explorers = in.required(root, "explorers");
  detail::load_explorers(in, explorers, *s, rules);
  return generator(std::move(s));
}

}  // namespace dw::mapgen
