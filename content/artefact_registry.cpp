#include "content/artefact_registry.hpp"

#include <algorithm>

namespace dw::content {

bool artefact_registry::register_type(std::string name, blueprint_maker maker, artefact_instantiator instantiator) {
  if (name.empty() || !maker || !instantiator || find(name) != nullptr) {
    return false;
  }
  entries_.push_back({std::move(name), std::move(maker), std::move(instantiator)});
  return true;
}

const artefact_registry::entry* artefact_registry::find(std::string_view type) const {
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

std::optional<blueprint> artefact_registry::make_blueprint(const content_tables& tables, std::string_view type,
                                                           std::uint64_t seed) const {
  const entry* e = find(type);
  if (e == nullptr) {
    return std::nullopt;
  }
  return e->maker(tables, seed);
}

std::optional<artefact> artefact_registry::instantiate(const content_tables& tables, const blueprint& print) const {
  const entry* e = find(print.type);
  if (e == nullptr) {
    return std::nullopt;
  }
  return e->instantiator(tables, print);
}

std::optional<artefact> artefact_registry::generate(const content_tables& tables, std::string_view type,
                                                    std::uint64_t seed) const {
  const entry* e = find(type);
  if (e == nullptr) {
    return std::nullopt;
  }
  return e->instantiator(tables, e->maker(tables, seed));
}

}  // namespace dw::content
