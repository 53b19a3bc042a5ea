#include "mapgen/rule_parser.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>
#include <set>
#include <utility>

namespace dw::mapgen::detail {

namespace {

// A number as Marahel writes them: optional minus, digits, optional fraction ("3", "-1", "0.45").
bool parse_number(std::string_view text, double& out) {
  if (text.empty() || !(text.front() == '-' || text.front() == '.' || (text.front() >= '0' && text.front() <= '9'))) {
    return false;
  }
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc{} && ptr == end && std::isfinite(out);
}

constexpr std::uint16_t max_index = std::numeric_limits<std::uint16_t>::max();

}  // namespace

std::vector<std::string_view> split_outside_parentheses(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  int depth = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '(') {
      ++depth;
    } else if (text[i] == ')') {
      if (--depth < 0) {
        throw text_error("a ')' without its '(' in " + quote(text));
      }
    } else if (text[i] == separator && depth == 0) {
      parts.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  }
  if (depth != 0) {
    throw text_error("a '(' without its ')' in " + quote(text));
  }
  parts.push_back(text.substr(start));
  return parts;
}

rule_parser::rule_parser(script& target, std::vector<std::string> hood_names)
    : target_(target), hood_names_(std::move(hood_names)) {}

std::uint16_t rule_parser::neighbourhood(std::string_view name) const {
  for (std::size_t i = 0; i < hood_names_.size(); ++i) {
    if (hood_names_[i] == name) {
      return static_cast<std::uint16_t>(i);
    }
  }
  throw text_error("no neighbourhood called " + quote(name));
}

entity_id rule_parser::entity(std::string_view name) const {
  for (std::size_t i = 0; i < target_.entities.size(); ++i) {
    if (target_.entities[i] == name) {
      return static_cast<entity_id>(i);
    }
  }
  if (name == "unknown") {
    return unknown;
  }
  throw text_error("no entity called " + quote(name));
}

entity_id rule_parser::parse_out(std::string_view text) const {
  const std::string_view name = trim(text);
  return name == "out" ? out_value : entity(name);
}

std::vector<std::pair<std::string_view, int>> rule_parser::list_items(std::string_view text) const {
  std::vector<std::pair<std::string_view, int>> items;
  std::size_t start = 0;
  for (;;) {
    const std::size_t bar = text.find('|', start);
    std::string_view item = trim(text.substr(start, bar == std::string_view::npos ? std::string_view::npos : bar - start));
    int weight = 1;
    if (const std::size_t colon = item.find(':'); colon != std::string_view::npos) {
      const std::string_view digits = trim(item.substr(colon + 1));
      const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), weight);
      if (digits.empty() || ec != std::errc{} || ptr != digits.data() + digits.size() || weight < 1 || weight > max_weight) {
        throw text_error("the weight in " + quote(item) + " must be a whole number from 1 to " + std::to_string(max_weight));
      }
      item = trim(item.substr(0, colon));
    }
    if (item.empty()) {
      throw text_error("an empty name in the entity list " + quote(text));
    }
    items.emplace_back(item, weight);
    if (static_cast<int>(items.size()) > max_list_items) {
      throw text_error("more than " + std::to_string(max_list_items) + " names in the entity list " + quote(text));
    }
    if (bar == std::string_view::npos) {
      return items;
    }
    start = bar + 1;
  }
}

std::uint16_t rule_parser::parse_set(std::string_view text) {
  // A weight per slot: a tile matching an entity that the list names twice (or as name:2) counts twice,
  // as in Marahel. `any` is every entity and unknown, `entity` every entity, `out` outside the region.
  std::vector<std::int32_t> weights(target_.entities.size() + 2, 0);
  for (const auto& [name, weight] : list_items(text)) {
    if (name == "any" || name == "entity") {
      for (std::size_t s = slot(name == "any" ? unknown : 0); s < weights.size(); ++s) {
        weights[s] += weight;
      }
    } else if (name == "out") {
      weights[slot(out_value)] += weight;
    } else {
      weights[slot(entity(name))] += weight;
    }
  }
  return store_set(std::move(weights));
}

std::uint16_t rule_parser::outside_reads_as(std::uint16_t set, entity_id as) {
  std::vector<std::int32_t> weights = target_.sets[set];
  weights[slot(out_value)] += weights[slot(as)];
  return store_set(std::move(weights));
}

std::uint16_t rule_parser::store_set(std::vector<std::int32_t> weights) {
  if (const auto it = set_index_.find(weights); it != set_index_.end()) {
    return it->second;
  }
  if (target_.sets.size() >= max_index) {
    throw text_error("too many different entity lists");
  }
  const auto index = static_cast<std::uint16_t>(target_.sets.size());
  target_.sets.push_back(weights);
  set_index_.emplace(std::move(weights), index);
  return index;
}

estimator rule_parser::parse_estimator(std::string_view raw) {
  const std::string_view text = trim(raw);
  estimator e;
  if (text.empty()) {
    throw text_error("an estimator is missing");
  }
  if (const std::size_t open = text.find('('); open != std::string_view::npos) {
    const std::string_view name = trim(text.substr(0, open));
    if (text.back() != ')') {
      throw text_error("text after ')' in " + quote(text));
    }
    const std::string_view inside = text.substr(open + 1, text.size() - open - 2);
    if (inside.find_first_of("()") != std::string_view::npos) {
      throw text_error("parentheses inside " + quote(text));
    }
    if (name == "dist") {
      if (inside.find(',') != std::string_view::npos) {
        throw text_error("dist takes one entity list, e.g. dist(empty|water), not " + quote(text));
      }
      e.kind = estimator_kind::distance;
    } else {
      e.hood = neighbourhood(name);
      const std::vector<point>& cells = target_.neighbourhoods[e.hood];
      e.kind = cells.size() == 1 && cells.front() == point{0, 0} ? estimator_kind::centre : estimator_kind::neighbourhood;
    }
    e.set = parse_set(inside);
    return e;
  }
  if (parse_number(text, e.number)) {
    e.kind = estimator_kind::number;
    return e;
  }
  if (text.starts_with("noise") && text.size() > 5) {
    // noise<N>: Marahel's noise with its scale, features N times as wide (number holds N).
    const std::optional<int> scale = read_whole(text.substr(5));
    if (!scale || *scale < 1 || *scale > max_noise_scale) {
      throw text_error(quote(text) + ": noise takes a scale from 1 to " + std::to_string(max_noise_scale) +
                       " written after it, e.g. noise2");
    }
    e.kind = estimator_kind::noise;
    e.number = *scale;
    return e;
  }
  if (text == "out") {
    e.kind = estimator_kind::number;  // Marahel's count of `out` in the region: none is ever inside
    return e;
  }
  static constexpr std::pair<std::string_view, estimator_kind> words[] = {
      {"random", estimator_kind::random},     {"noise", estimator_kind::noise},
      {"percent", estimator_kind::percent},   {"cpercent", estimator_kind::cpercent},
      {"rpercent", estimator_kind::rpercent},
  };
  for (const auto& [word, kind] : words) {
    if (text == word) {
      e.kind = kind;
      e.number = kind == estimator_kind::noise ? 1 : 0;  // noise: scale 1
      return e;
    }
  }
  if (!valid_name(text)) {
    throw text_error(quote(text) + " is not an estimator (a number, random, noise, percent, cpercent, rpercent, "
                                    "an entity, dist(entities) or neighbourhood(entities))");
  }
  e.kind = estimator_kind::count;
  e.entity = entity(text);
  return e;
}

condition rule_parser::parse_condition(std::string_view text) {
  // The comparison is found outside parentheses, so that entity lists never hide one.
  int depth = 0;
  std::size_t at = std::string_view::npos;
  std::size_t length = 0;
  comparison op = comparison::greater;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '(') {
      ++depth;
      continue;
    }
    if (c == ')') {
      --depth;
      continue;
    }
    if (depth != 0 || (c != '<' && c != '>' && c != '=' && c != '!')) {
      continue;
    }
    if (at != std::string_view::npos) {
      throw text_error("more than one comparison in the condition " + quote(text));
    }
    const bool equals_next = i + 1 < text.size() && text[i + 1] == '=';
    at = i;
    length = equals_next ? 2 : 1;
    switch (c) {
      case '<':
        op = equals_next ? comparison::less_equal : comparison::less;
        break;
      case '>':
        op = equals_next ? comparison::greater_equal : comparison::greater;
        break;
      default:
        if (!equals_next) {
          throw text_error(std::string("'") + c + "' is not a comparison in " + quote(text) +
                           " (use >, <, >=, <=, == or !=)");
        }
        op = c == '=' ? comparison::equal : comparison::not_equal;
    }
    i += length - 1;
  }
  condition result;
  if (at == std::string_view::npos) {
    // A lone estimator holds when it is above zero, except a lone neighbourhood(entities): as in Marahel
    // (Condition.ts), it holds above the number of cells it checks less one, i.e. when every checked
    // cell matches (for a list that names each entity once; a weight or repeat lowers the bar).
    result.left = parse_estimator(text);
    result.right.kind = estimator_kind::number;
    if (result.left.kind == estimator_kind::neighbourhood || result.left.kind == estimator_kind::centre) {
      result.right.number = static_cast<double>(target_.neighbourhoods[result.left.hood].size()) - 1;
    }
    return result;
  }
  result.left = parse_estimator(text.substr(0, at));
  result.op = op;
  result.right = parse_estimator(text.substr(at + length));
  return result;
}

executer rule_parser::parse_executer(std::string_view raw) {
  const std::string_view text = trim(raw);
  const std::size_t open = text.find('(');
  if (open == std::string_view::npos || text.back() != ')') {
    throw text_error("an executer is neighbourhood(entities), e.g. self(solid:2|empty), not " + quote(text));
  }
  executer x;
  x.hood = neighbourhood(trim(text.substr(0, open)));
  const std::string_view inside = text.substr(open + 1, text.size() - open - 2);
  if (inside.find_first_of("()") != std::string_view::npos) {
    throw text_error("parentheses inside " + quote(text));
  }
  choice_list choices;
  auto add = [&](entity_id e, int weight) {
    choices.total += static_cast<std::uint32_t>(weight);
    choices.cumulative.emplace_back(e, choices.total);
  };
  for (const auto& [name, weight] : list_items(inside)) {
    if (name == "out") {
      throw text_error("an executer cannot write out (it is what lies outside the region)");
    }
    if (name == "any" || name == "entity") {
      if (name == "any") {
        add(unknown, weight);
      }
      for (std::size_t i = 0; i < target_.entities.size(); ++i) {
        add(static_cast<entity_id>(i), weight);
      }
    } else {
      add(entity(name), weight);
    }
  }
  if (target_.choices.size() >= max_index) {
    throw text_error("too many executers");
  }
  x.choice = static_cast<std::uint16_t>(target_.choices.size());
  target_.choices.push_back(std::move(choices));
  return x;
}

rule rule_parser::parse_rule(std::string_view text) {
  if (static_cast<int>(text.size()) > max_rule_length) {
    throw text_error("a rule longer than " + std::to_string(max_rule_length) + " characters");
  }
  const std::size_t arrow = text.find("->");
  if (arrow == std::string_view::npos || text.find("->", arrow + 2) != std::string_view::npos) {
    throw text_error("a rule is \"conditions -> executers\" with one arrow, not " + quote(text));
  }
  rule r;
  r.first_condition = static_cast<std::uint32_t>(target_.conditions.size());
  r.first_executer = static_cast<std::uint32_t>(target_.executers.size());
  const std::string_view left = trim(text.substr(0, arrow));
  if (!left.empty()) {  // no condition at all holds everywhere (Marahel reads it as self(any))
    const auto parts = split_outside_parentheses(left, ',');
    if (static_cast<int>(parts.size()) > max_rule_parts) {
      throw text_error("more than " + std::to_string(max_rule_parts) + " conditions in a rule");
    }
    for (std::string_view part : parts) {
      if (trim(part).empty()) {
        throw text_error("an empty condition in " + quote(left));
      }
      target_.conditions.push_back(parse_condition(part));
    }
  }
  const std::string_view right = trim(text.substr(arrow + 2));
  if (right.empty()) {
    throw text_error("a rule needs an executer after \"->\", e.g. self(solid)");
  }
  const auto parts = split_outside_parentheses(right, ',');
  if (static_cast<int>(parts.size()) > max_rule_parts) {
    throw text_error("more than " + std::to_string(max_rule_parts) + " executers in a rule");
  }
  for (std::string_view part : parts) {
    target_.executers.push_back(parse_executer(part));
  }
  r.condition_count = static_cast<std::uint32_t>(target_.conditions.size()) - r.first_condition;
  r.executer_count = static_cast<std::uint32_t>(target_.executers.size()) - r.first_executer;
  return r;
}

std::vector<estimator> rule_parser::parse_estimators(std::string_view text) {
  if (static_cast<int>(text.size()) > max_rule_length) {
    throw text_error("longer than " + std::to_string(max_rule_length) + " characters");
  }
  const auto parts = split_outside_parentheses(text, ',');
  if (static_cast<int>(parts.size()) > max_rule_parts) {
    throw text_error("more than " + std::to_string(max_rule_parts) + " estimators");
  }
  std::vector<estimator> result;
  for (std::string_view part : parts) {
    result.push_back(parse_estimator(part));
  }
  return result;
}

std::uint64_t rule_parser::cost(const estimator& e) const {
  const bool reads_cells = e.kind == estimator_kind::neighbourhood || e.kind == estimator_kind::centre;
  return reads_cells ? 1 + target_.neighbourhoods[e.hood].size() : 1;
}

void share_reads(script& s, const explorer& x) {
  // Count the rules of x reading each (neighbourhood, set) on a condition's left; those read by more
  // than one rule get a slot, up to max_memo_slots.
  std::map<std::pair<std::uint16_t, std::uint16_t>, int> rules_reading;
  for (std::uint32_t r = 0; r < x.rule_count; ++r) {
    const rule& ru = s.rules[x.first_rule + r];
    std::set<std::pair<std::uint16_t, std::uint16_t>> here;
    for (std::uint32_t c = 0; c < ru.condition_count; ++c) {
      const estimator& left = s.conditions[ru.first_condition + c].left;
      if (left.kind == estimator_kind::neighbourhood) {
        here.insert({left.hood, left.set});
      }
    }
    for (const auto& key : here) {
      ++rules_reading[key];
    }
  }
  std::map<std::pair<std::uint16_t, std::uint16_t>, std::int8_t> slots;
  for (const auto& [key, rules] : rules_reading) {
    if (rules > 1 && static_cast<int>(slots.size()) < max_memo_slots) {
      slots.emplace(key, static_cast<std::int8_t>(slots.size()));
    }
  }
  for (std::uint32_t r = 0; r < x.rule_count; ++r) {
    const rule& ru = s.rules[x.first_rule + r];
    for (std::uint32_t c = 0; c < ru.condition_count; ++c) {
      condition& cond = s.conditions[ru.first_condition + c];
      if (cond.left.kind != estimator_kind::neighbourhood) {
        continue;
      }
      const auto it = slots.find({cond.left.hood, cond.left.set});
      cond.memo = it == slots.end() ? std::int8_t{-1} : it->second;
    }
  }
}

std::uint64_t rule_parser::cost(const rule& r) const {
  std::uint64_t total = 0;
  for (std::uint32_t i = 0; i < r.condition_count; ++i) {
    const condition& c = target_.conditions[r.first_condition + i];
    total += cost(c.left) + cost(c.right);
  }
  for (std::uint32_t i = 0; i < r.executer_count; ++i) {
    total += 1 + target_.neighbourhoods[target_.executers[r.first_executer + i].hood].size();
  }
  return total;
}

void decide_first_conditions(const script& s, explorer& x) {
  const std::size_t slots = s.entities.size() + 2;
  x.rules_at.assign(slots, 0);
  x.first_decided = 0;
  for (std::uint32_t r = 0; r < x.rule_count; ++r) {
    const rule& ru = s.rules[x.first_rule + r];
    const std::uint64_t bit = std::uint64_t{1} << r;
    // A test of the tile alone against a number reads nothing else and draws nothing: its outcome for
    // each value is known now. (Rules with no condition, or opening otherwise, are always tried.)
    const condition* first = ru.condition_count > 0 ? &s.conditions[ru.first_condition] : nullptr;
    if (first == nullptr || first->left.kind != estimator_kind::centre || first->right.kind != estimator_kind::number) {
      for (std::uint64_t& rules : x.rules_at) {
        rules |= bit;
      }
      continue;
    }
    x.first_decided |= bit;
    const std::vector<std::int32_t>& weights = s.sets[first->left.set];
    for (std::size_t v = 0; v < slots; ++v) {
      if (compare(first->op, static_cast<double>(weights[v]), first->right.number)) {
        x.rules_at[v] |= bit;
      }
    }
  }
}

}  // namespace dw::mapgen::detail
