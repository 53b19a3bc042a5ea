#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "content/artefact.hpp"
#include "content/content_tables.hpp"

namespace dw::content {

/// Makes a blueprint from a seed (stage 1).
using blueprint_maker = std::function<blueprint(const content_tables&, std::uint64_t seed)>;
/// Turns a blueprint into the artefact a player sees (stage 2); nullopt when the blueprint does not fit.
using artefact_instantiator = std::function<std::optional<artefact>(const content_tables&, const blueprint&)>;

/// The one entry point for generated artefacts. Each type registers its own maker and instantiator
/// (scrolls from scroll_blueprint.cpp via register_scroll), so adding a type edits nothing here.
/// The tables are an argument rather than a member so that a content reload needs no new registry.
class artefact_registry {
 public:
  /// Adds a type; false (and no change) when the name is taken or a function is empty.
  bool register_type(std::string name, blueprint_maker maker, artefact_instantiator instantiator);

  /// True when `type` is registered.
  bool has_type(std::string_view type) const;

  /// The registered type names, in registration order.
  std::vector<std::string> types() const;

  /// Stage 1 only; nullopt for an unknown type.
  std::optional<blueprint> make_blueprint(const content_tables& tables, std::string_view type,
                                          std::uint64_t seed) const;

  /// Stage 2 only; nullopt for an unknown type or a blueprint that does not fit.
  std::optional<artefact> instantiate(const content_tables& tables, const blueprint& print) const;

  /// Both stages: the artefact of `type` with identity `seed`; nullopt for an unknown type.
  std::optional<artefact> generate(const content_tables& tables, std::string_view type, std::uint64_t seed) const;

 private:
  struct entry {
    std::string name;
    blueprint_maker maker;
    artefact_instantiator instantiator;
  };
  const entry* find(std::string_view type) const;

  std::vector<entry> entries_;
};

}  // namespace dw::content
