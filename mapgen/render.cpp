#include "mapgen/render.hpp"

#include <algorithm>
#include <cctype>
#include <span>
#include <string_view>

#include "mapgen/features.hpp"

namespace dw::mapgen {

namespace {

bool printable(char c) { return std::isgraph(static_cast<unsigned char>(c)) != 0; }

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }
char upper(char c) { return static_cast<char>(std::toupper(static_cast<unsigned char>(c))); }

// The candidates for a name without a fixed glyph, best first: its letters (the first one first),
// their capitals, then digits. Deterministic, so a script always renders the same way.
std::vector<char> candidates(std::string_view name) {
  std::vector<char> out;
  for (const char c : name) {
    if (printable(c)) {
      out.push_back(lower(c));
    }
  }
  for (const char c : name) {
    if (printable(c)) {
      out.push_back(upper(c));
    }
  }
  for (char d = '0'; d <= '9'; ++d) {
    out.push_back(d);
  }
  return out;
}

}  // namespace

glyph_set make_glyphs(const std::vector<std::string>& entity_names,
                      const std::vector<std::pair<std::string, char>>& overrides) {
  constexpr char unset = '\0';
  std::vector<char> glyphs(entity_names.size(), unset);
  std::vector<char> taken{glyph_set::unknown_glyph};
  const auto claim = [&](std::size_t i, char g) {
    glyphs[i] = g;
    taken.push_back(g);
  };
  const auto is_taken = [&](char g) { return std::find(taken.begin(), taken.end(), g) != taken.end(); };
  const std::span<const vocabulary_entry> fixed = interior_vocabulary();  // the words with glyphs of their own

  // Three passes so that an entity's glyph never depends on the names listed before it, except
  // where two names compete for one letter (then the earlier entity wins).
  for (std::size_t i = 0; i < entity_names.size(); ++i) {
    const auto o = std::find_if(overrides.begin(), overrides.end(), [&](const auto& p) { return p.first == entity_names[i]; });
    if (o != overrides.end()) {
      claim(i, o->second);
    }
  }
  for (std::size_t i = 0; i < entity_names.size(); ++i) {
    const auto f = std::find_if(fixed.begin(), fixed.end(), [&](const vocabulary_entry& v) { return v.name == entity_names[i]; });
    if (glyphs[i] == unset && f != fixed.end() && !is_taken(f->glyph)) {
      claim(i, f->glyph);
    }
  }
  for (std::size_t i = 0; i < entity_names.size(); ++i) {
    if (glyphs[i] != unset) {
      continue;
    }
    const std::vector<char> options = candidates(entity_names[i]);
    const auto free = std::find_if(options.begin(), options.end(), [&](char g) { return !is_taken(g); });
    // Past ten digits and every letter of the name, collisions are the author's to resolve with an override.
    claim(i, free != options.end() ? *free : '*');
  }
  return glyph_set(entity_names, std::move(glyphs));
}

std::vector<std::string> render(const tile_map& map, const glyph_set& glyphs) {
  std::vector<std::string> lines;
  lines.reserve(static_cast<std::size_t>(map.height()));
  for (int y = 0; y < map.height(); ++y) {
    std::string line(static_cast<std::size_t>(map.width()), ' ');
    for (int x = 0; x < map.width(); ++x) {
      line[static_cast<std::size_t>(x)] = glyphs.glyph(map.at({x, y}));
    }
    lines.push_back(std::move(line));
  }
  return lines;
}

std::string render_legend(const tile_map& map, const glyph_set& glyphs) {
  const std::size_t n = glyphs.glyphs().size();
  std::vector<bool> used(n, false);
  bool unknown_used = false;
  for (const entity_id e : map.tiles()) {
    if (e >= 0 && static_cast<std::size_t>(e) < n) {
      used[static_cast<std::size_t>(e)] = true;
    } else {
      unknown_used = true;
    }
  }
  std::string out;
  const auto add = [&](char g, std::string_view name) {
    if (!out.empty()) {
      out += "  ";
    }
    out += g;
    out += ' ';
    out += name;
  };
  for (std::size_t i = 0; i < n; ++i) {
    if (used[i]) {
      add(glyphs.glyphs()[i], glyphs.names()[i]);
    }
  }
  if (unknown_used) {
    add(glyph_set::unknown_glyph, "unknown");
  }
  return out;
}

}  // namespace dw::mapgen
