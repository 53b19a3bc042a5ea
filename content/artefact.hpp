#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dw::content {

/// One part of a blueprint, made from its own seed (drawn from the parent's generator), so changing
/// one part's seed changes only that part.
struct blueprint_part {
  std::string role;                  ///< "tube", "paper", ...
  std::uint64_t seed = 0;            ///< the part's own seed
  std::vector<std::uint32_t> picks;  ///< chosen rows of the part's tables, in the part's order
  std::vector<std::string> words;    ///< generated words (names), if any

  bool operator==(const blueprint_part&) const = default;
};

/// Stage 1 of an artefact: its type, its seed (the artefact's identity) and its parts.
struct blueprint {
  std::string type;
  std::uint64_t seed = 0;
  std::vector<blueprint_part> parts;

  /// The part with this role, or nullptr.
  const blueprint_part* part(std::string_view role) const {
    for (const blueprint_part& p : parts) {
      if (p.role == role) {
        return &p;
      }
    }
    return nullptr;
  }

  bool operator==(const blueprint&) const = default;
};

/// A chosen attribute and what it does to the price.
struct artefact_attribute {
  std::string role;  ///< "tube material"
  std::string word;  ///< "golden"
  double multiplier = 1.0;

  bool operator==(const artefact_attribute&) const = default;
};

/// Stage 2: the artefact as a player meets it.
struct artefact {
  std::string type;
  std::uint64_t seed = 0;
  std::string name;               ///< "the Scroll of Vandoril"
  std::string short_description;  ///< "a very ornate golden scroll tube" (in room and inventory lists)
  std::string appearance;         ///< what examine shows
  std::string text;               ///< what read shows
  std::vector<artefact_attribute> attributes;
  double base_price = 0.0;
  std::string effect;              ///< what using it does ("ward"), if anything
  std::string effect_name;         ///< "a scroll of warding"
  double effect_multiplier = 1.0;  ///< of the price, besides the attributes'
  std::int64_t price = 0;  ///< round(base_price × every attribute's multiplier × effect_multiplier), at least 1
  double pounds = 0.0;     ///< what it weighs: the sum of its parts' pounds

  bool operator==(const artefact&) const = default;
};

/// The artefact as text, to store with an item so that it keeps the words and price it was made
/// with whatever the tables become ("field<TAB>value" lines; tabs, newlines and backslashes escaped).
std::string encode_artefact(const artefact& a);
/// The artefact encode_artefact wrote; nullopt for text that is not one (no type, name or price).
std::optional<artefact> decode_artefact(std::string_view text);

}  // namespace dw::content
