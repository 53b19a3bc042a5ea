#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
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

/// What the parts of an assembled artefact build up while it is instantiated: the artefact itself (parts
/// add attributes, pounds, an effect) and named phrases for the type's finisher ("tube", "subject", ...).
struct artefact_draft {
  artefact made;
  std::map<std::string, std::string, std::less<>> words;
  std::vector<std::string> details;  ///< sentences a part adds to the end of the appearance, in part order

  /// The phrase named `name`, or "" when no part gave it.
  const std::string& word(std::string_view name) const;
};

/// Makes one part of a blueprint from the part's own seed.
using part_maker = std::function<blueprint_part(const content_tables&, std::uint64_t seed)>;
/// Reads one part against its tables and adds what it contributes; false when the part does not fit them.
using part_reader = std::function<bool(const content_tables&, const blueprint_part&, artefact_draft&)>;
/// Reads a tuple of parts together (paper with writing), after every part has been read on its own.
using parts_reader =
    std::function<bool(const content_tables&, std::span<const blueprint_part* const>, artefact_draft&)>;
/// Turns the draft into the artefact: its name and descriptions from the parts' words. The price is then
/// base_price × every attribute's multiplier in part order × effect_multiplier (at least 1).
using artefact_finisher = std::function<bool(const content_tables&, artefact_draft&)>;

/// The one entry point for generated artefacts. Each type registers its own maker and instantiator
/// (scrolls from scroll_blueprint.cpp via register_scroll), so adding a type edits nothing here.
/// The tables are an argument rather than a member so that a content reload needs no new registry.
class artefact_registry {
 public:
  /// Adds a type; false (and no change) when the name is taken or a function is empty.
  bool register_type(std::string name, blueprint_maker maker, artefact_instantiator instantiator);

  /// Adds a type assembled from registered parts (register_part) and rules on tuples of parts
  /// (register_rule): its blueprint has one part per registered part, in registration order, the i-th
  /// made from the i-th seed chained from the artefact's seed (tape(seed).bits(i)); instantiating reads
  /// each part, then each rule, then `finish` names it. False when the name is taken or `finish` is empty.
  bool register_assembled_type(std::string name, artefact_finisher finish);
  /// Adds a part kind to an assembled type (appended: the seeds of the parts before it do not change).
  /// False when the type is not an assembled one, the role is taken, or a function is empty.
  bool register_part(std::string_view type, std::string role, part_maker make, part_reader read);
  /// Adds a rule read on a tuple of the type's parts, in the order given; false when the type is not an
  /// assembled one, a role is not one of its parts, or `read` is empty.
  bool register_rule(std::string_view type, std::vector<std::string> roles, parts_reader read);
  /// The roles of an assembled type's parts, in order (empty for other types).
  std::vector<std::string> parts_of(std::string_view type) const;

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
  struct part_entry {
    std::string role;
    part_maker make;
    part_reader read;
  };
  struct rule_entry {
    std::vector<std::string> roles;
    parts_reader read;
  };
  struct entry {
    std::string name;
    blueprint_maker maker;                ///< (types registered whole)
    artefact_instantiator instantiator;   ///< (types registered whole)
    artefact_finisher finish;             ///< (assembled types)
    std::vector<part_entry> parts;
    std::vector<rule_entry> rules;
  };
  const entry* find(std::string_view type) const;
  entry* find(std::string_view type);
  static blueprint assemble_blueprint(const entry& e, const content_tables& tables, std::uint64_t seed);
  static std::optional<artefact> assemble(const entry& e, const content_tables& tables, const blueprint& print);

  std::vector<entry> entries_;
};

}  // namespace dw::content
