#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "mapgen/neighbourhood.hpp"
#include "mapgen/script_model.hpp"
#include "mapgen/text_values.hpp"

// Rules, estimators and entity lists from their text to the plain structs of script_model.hpp, once,
// at load. Errors are text_error with a message that names the bad part; the loader adds the path.
namespace dw::mapgen::detail {

class rule_parser {
 public:
  /// `target` receives the compiled pieces; `hood_names[i]` names target.neighbourhoods[i].
  rule_parser(script& target, std::vector<std::string> hood_names);

  /// "conditions -> executers", e.g. "self(solid),all(empty)>5 -> self(empty)".
  rule parse_rule(std::string_view text);
  /// Comma-separated estimators, e.g. "dist(empty),random".
  std::vector<estimator> parse_estimators(std::string_view text);
  /// An entity set as conditions read it ("solid|water", "any"); returns its index in target.sets.
  std::uint16_t parse_set(std::string_view text);
  /// Set `set` as an explorer whose `out` parameter is `as` reads it: a cell outside the region weighs
  /// what `out` weighs (Marahel counts `out` as the cells outside, whatever they read as) plus what `as`
  /// weighs (they read as `as`). Returns its index in target.sets (equal sets stored once).
  std::uint16_t outside_reads_as(std::uint16_t set, entity_id as);
  /// A neighbourhood by name; returns its index in target.neighbourhoods.
  std::uint16_t neighbourhood(std::string_view name) const;
  /// One entity name, `unknown` or `out` (an explorer's `out` parameter).
  entity_id parse_out(std::string_view text) const;
  /// Work units one visit of a tile may cost with these rules (cells read and written).
  std::uint64_t cost(const rule& r) const;
  /// Work units one evaluation of `e` may cost (the cells of its neighbourhood, if it reads one).
  std::uint64_t cost(const estimator& e) const;

 private:
  estimator parse_estimator(std::string_view text);
  condition parse_condition(std::string_view text);
  executer parse_executer(std::string_view text);
  /// The entity called `name` (script entities and `unknown`), or throws.
  entity_id entity(std::string_view name) const;
  std::vector<std::pair<std::string_view, int>> list_items(std::string_view text) const;
  std::uint16_t store_set(std::vector<std::int32_t> weights);

  script& target_;
  std::vector<std::string> hood_names_;
  std::map<std::vector<std::int32_t>, std::uint16_t> set_index_;  // equal sets are stored once
};

/// Gives the conditions of x's rules their memo slots (condition::memo): a neighbourhood sum read by
/// several of its rules is read once per tile. Call once x's rules are parsed.
void share_reads(script& s, const explorer& x);

/// Fills x.rules_at and x.first_decided from the first condition of each of x's rules. Call once x's
/// rules are parsed.
void decide_first_conditions(const script& s, explorer& x);

/// `text` cut at each `separator` outside parentheses; throws text_error on unbalanced parentheses.
std::vector<std::string_view> split_outside_parentheses(std::string_view text, char separator);

}  // namespace dw::mapgen::detail
