#include "content/artefact_registry.hpp"

#include <algorithm>
#include <cmath>

#include "content/tape.hpp"

namespace dw::content {

const std::string& artefact_draft::word(std::string_view name) const {
  static const std::string none;
  const auto it = words.find(name);
  return it == words.end() ? none : it->second;
}

bool artefact_registry::register_type(std::string name, blueprint_maker maker, artefact_instantiator instantiator) {
  if (name.empty() || !maker || !instantiator || find(name) != nullptr) {
    return false;
  }
  entries_.push_back({std::move(name), std::move(maker), std::move(instantiator), {}, {}, {}});
  return true;
}

bool artefact_registry::register_assembled_type(std::string name, artefact_finisher finish) {
  if (name.empty() || !finish || find(name) != nullptr) {
    return false;
  }
  entries_.push_back({std::move(name), {}, {}, std::move(finish), {}, {}});
  return true;
}

bool artefact_registry::register_part(std::string_view type, std::string role, part_maker make, part_reader read) {
  entry* e = find(type);
  if (e == nullptr || !e->finish || role.empty() || !make || !read ||
      std::any_of(e->parts.begin(), e->parts.end(), [&role](const part_entry& p) { return p.role == role; })) {
    return false;
  }
  e->parts.push_back({std::move(role), std::move(make), std::move(read)});
  return true;
}

bool artefact_registry::register_rule(std::string_view type, std::vector<std::string> roles, parts_reader read) {
  entry* e = find(type);
  if (e == nullptr || !e->finish || roles.empty() || !read) {
    return false;
  }
  for (const std::string& role : roles) {
    if (std::none_of(e->parts.begin(), e->parts.end(), [&role](const part_entry& p) { return p.role == role; })) {
      return false;
    }
  }
  e->rules.push_back({std::move(roles), std::move(read)});
  return true;
}

std::vector<std::string> artefact_registry::parts_of(std::string_view type) const {
  std::vector<std::string> out;
  if (const entry* e = find(type)) {
    for (const part_entry& p : e->parts) {
      out.push_back(p.role);
    }
  }
  return out;
}

const artefact_registry::entry* artefact_registry::find(std::string_view type) const {
  auto it = std::find_if(entries_.begin(), entries_.end(), [type](const entry& e) { return e.name == type; });
  return it == entries_.end() ? nullptr : &*it;
}

artefact_registry::entry* artefact_registry::find(std::string_view type) {
  auto it = std::find_if(entries_.begin(), entries_.end(), [type](const entry& e) { return e.name == type; });
  return it == entries_.end() ? nullptr : &*it;
}

bool artefact_registry::has_type(std::string_view type) const { return find(type) != nullptr; }

std::vector<std::string> artefact_registry::types() const {
  std::vector<std::string> out;
  out.reserve(entries_.size());
  for (const entry& e : entries_) {
    out.push_back(e.name);
  }
  return out;
}

blueprint artefact_registry::assemble_blueprint(const entry& e, const content_tables& tables, std::uint64_t seed) {
  blueprint print;
  print.type = e.name;
  print.seed = seed;
  print.parts.reserve(e.parts.size());
  const tape parent(seed);  // seed chaining: the i-th part's seed is the i-th draw of the artefact's own
  for (std::size_t i = 0; i < e.parts.size(); ++i) {
    blueprint_part part = e.parts[i].make(tables, parent.bits(i));
    part.role = e.parts[i].role;
    print.parts.push_back(std::move(part));
  }
  return print;
}

std::optional<artefact> artefact_registry::assemble(const entry& e, const content_tables& tables,
                                                    const blueprint& print) {
  if (print.type != e.name) {
    return std::nullopt;
  }
  artefact_draft draft;
  draft.made.type = print.type;
  draft.made.seed = print.seed;
  for (const part_entry& p : e.parts) {
    const blueprint_part* part = print.part(p.role);
    if (part == nullptr || !p.read(tables, *part, draft)) {
      return std::nullopt;
    }
  }
  std::vector<const blueprint_part*> tuple;
  for (const rule_entry& rule : e.rules) {
    tuple.clear();
    for (const std::string& role : rule.roles) {
      tuple.push_back(print.part(role));  // (every role is a registered part, read above: never nullptr)
    }
    if (!rule.read(tables, tuple, draft)) {
      return std::nullopt;
    }
  }
  if (!e.finish(tables, draft)) {
    return std::nullopt;
  }
  artefact a = std::move(draft.made);
  for (const std::string& detail : draft.details) {
    a.appearance += ' ';
    a.appearance += detail;
  }
  double factor = 1.0;
  for (const artefact_attribute& attribute : a.attributes) {
    factor *= attribute.multiplier;
  }
  // The effect's multiplier comes last, so the craft's product is what it was before effects.
  a.price = std::max<std::int64_t>(1, std::llround(a.base_price * factor * a.effect_multiplier));
  return a;
}

std::optional<blueprint> artefact_registry::make_blueprint(const content_tables& tables, std::string_view type,
                                                           std::uint64_t seed) const {
  const entry* e = find(type);
  if (e == nullptr) {
    return std::nullopt;
  }
  return e->finish ? assemble_blueprint(*e, tables, seed) : e->maker(tables, seed);
}

std::optional<artefact> artefact_registry::instantiate(const content_tables& tables, const blueprint& print) const {
  const entry* e = find(print.type);
  if (e == nullptr) {
    return std::nullopt;
  }
  return e->finish ? assemble(*e, tables, print) : e->instantiator(tables, print);
}

std::optional<artefact> artefact_registry::generate(const content_tables& tables, std::string_view type,
                                                    std::uint64_t seed) const {
  const auto print = make_blueprint(tables, type, seed);
  return print ? instantiate(tables, *print) : std::nullopt;
}

}  // namespace dw::content
