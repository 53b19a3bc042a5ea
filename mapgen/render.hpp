#pragma once

#include <string>
#include <utility>
#include <vector>

#include "mapgen/tile_map.hpp"

// A tile map as text, one glyph per entity: what `deepwell-mapgen` prints and what a content author
// reads while tuning a script. The interior vocabulary has fixed glyphs (# . ~ o % " +); any other
// name shows its first letter, `?` is a tile no explorer wrote.
namespace dw::mapgen {

/// The glyph of each entity of a script, by entity index.
class glyph_set {
 public:
  glyph_set(std::vector<std::string> names, std::vector<char> glyphs)
      : names_(std::move(names)), glyphs_(std::move(glyphs)) {}

  /// The glyph of a tile value; `?` for `unknown` and for an index the script does not have.
  [[nodiscard]] char glyph(entity_id e) const noexcept {
    if (e < 0 || static_cast<std::size_t>(e) >= glyphs_.size()) {
      return unknown_glyph;
    }
    return glyphs_[static_cast<std::size_t>(e)];
  }
  [[nodiscard]] const std::vector<std::string>& names() const noexcept { return names_; }
  [[nodiscard]] const std::vector<char>& glyphs() const noexcept { return glyphs_; }

  static constexpr char unknown_glyph = '?';

 private:
  std::vector<std::string> names_;
  std::vector<char> glyphs_;
};

/// A glyph per entity name: `overrides` (name, glyph) first, then the fixed glyphs, then the first
/// letter, or when that is taken another letter of the name, its capital, or a digit, so no two
/// entities share a glyph unless an override says so. Overrides of names the script lacks are ignored.
[[nodiscard]] glyph_set make_glyphs(const std::vector<std::string>& entity_names,
                                    const std::vector<std::pair<std::string, char>>& overrides = {});

/// The map as lines of text, top row first.
[[nodiscard]] std::vector<std::string> render(const tile_map& map, const glyph_set& glyphs);

/// The glyphs the map uses with their names, in entity order, e.g. `# solid  . empty  ~ water`;
/// `? unknown` last when a tile was never written.
[[nodiscard]] std::string render_legend(const tile_map& map, const glyph_set& glyphs);

}  // namespace dw::mapgen
