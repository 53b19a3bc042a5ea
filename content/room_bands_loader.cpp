// rooms.toml: the depth bands (where each starts, its scripts, whether it is dark) and their words, which
// come from the band's theme file (themes/<theme>.toml) or, for a band that names no theme, from its own keys.
#include <algorithm>
#include <charconv>
#include <initializer_list>

#include "content/interior_loader.hpp"
#include "content/toml_reader.hpp"

namespace dw::content {
namespace {

constexpr std::int64_t max_depth_value = 1'000'000;

/// The keys that hold a band's words, in a theme file or in a band that names no theme.
const std::initializer_list<std::string_view> word_keys = {"name",   "material", "variants", "places", "sounds",
                                                           "smells", "names",    "details",  "looks"};

/// "flooded, pillared, ...": the keys a theme may use, for a message.
template <typename Row, typename Key>
std::string known(const std::vector<Row>& rows, Key key_of) {
  std::vector<std::string> keys;
  std::string out;
  for (const Row& row : rows) {
    const std::string& key = key_of(row);
    if (!key.empty() && std::find(keys.begin(), keys.end(), key) == keys.end()) {
      keys.push_back(key);
      out += (out.empty() ? "" : ", ") + key;
    }
  }
  return out.empty() ? "none" : out;
}

/// A theme's [names], [details] or [looks]: for each key, the list it gives the rows of interiors.toml
/// with that key (looks: with that entity), in a list parallel to those rows.
template <typename Row, typename Key>
std::vector<std::vector<std::string>> words_by_key(const toml_reader& reader, const toml::table& words,
                                                   const std::string& path, std::string_view table_key,
                                                   const std::vector<Row>& rows, Key key_of, std::string_view what) {
  std::vector<std::vector<std::string>> out(rows.size());
  const toml::node* node = words.get(table_key);
  if (node == nullptr) {
    return out;
  }
  const std::string table_path = path.empty() ? std::string(table_key) : path + "." + std::string(table_key);
  const toml::table* t = node->as_table();
  if (t == nullptr) {
    reader.fail(
        table_path,
        "must be a table of lists (e.g. [" + std::string(table_key) + "] with a key per " + std::string(what) + ")",
        node);
  }
  for (const auto& [key, value] : *t) {
    bool found = false;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      if (!key_of(rows[i]).empty() && key_of(rows[i]) == key.str()) {
        out[i] = checked_phrases(reader, *t, table_path, key.str());
        found = true;
      }
    }
    if (!found) {
      reader.fail(table_path + "." + std::string(key.str()),
                  "no " + std::string(what) + " in interiors.toml is called \"" + std::string(key.str()) +
                      "\" (known: " + known(rows, key_of) + ")",
                  &value);
    }
  }
  return out;
}

/// Whether any of the texts says {place}.
bool says_place(const std::vector<std::string>& texts) {
  return std::any_of(texts.begin(), texts.end(),
                     [](const std::string& s) { return s.find("{place}") != std::string::npos; });
}

/// The band's words from `words` (the theme file's root, or the band's own row, at `path`).
void read_words(const toml_reader& reader, const toml::table& words, const std::string& path,
                const interior_tables& interiors, room_band& band) {
  band.name = reader.text(words, path, "name");
  band.material = reader.text(words, path, "material");
  band.variants = reader.texts(words, path, "variants", false);
  band.places = reader.texts(words, path, "places", false, true);
  band.sounds = checked_phrases(reader, words, path, "sounds", true);
  band.smells = checked_phrases(reader, words, path, "smells", true);
  const auto shape_key = [](const interior_shape& s) -> const std::string& { return s.key; };
  const auto detail_key = [](const interior_detail& d) -> const std::string& { return d.key; };
  const auto look_key = [](const interior_look& l) -> const std::string& { return l.entity; };
  band.shape_names = words_by_key(reader, words, path, "names", interiors.shapes, shape_key, "shape");
  band.detail_sentences = words_by_key(reader, words, path, "details", interiors.details, detail_key, "detail");
  band.look_texts = words_by_key(reader, words, path, "looks", interiors.looks, look_key, "look");
  if (!band.places.empty()) {
    return;
  }
  // {place} needs places: look through every text this band's rooms may use.
  bool place = says_place(band.sounds) || says_place(band.smells);
  for (std::size_t i = 0; i < interiors.shapes.size(); ++i) {
    place = place || says_place(band.shape_names[i].empty() ? interiors.shapes[i].names : band.shape_names[i]);
  }
  for (std::size_t i = 0; i < interiors.details.size(); ++i) {
    place = place ||
            says_place(band.detail_sentences[i].empty() ? interiors.details[i].sentences : band.detail_sentences[i]);
  }
  for (std::size_t i = 0; i < interiors.looks.size(); ++i) {
    place = place || says_place(band.look_texts[i].empty() ? interiors.looks[i].texts : band.look_texts[i]);
  }
  if (place) {
    reader.fail(path.empty() ? "places" : path + ".places",
                "is missing: the words of these rooms say {place} (here or in interiors.toml)", &words);
  }
}

}  // namespace

std::vector<room_band> load_rooms(const table_source& source, interior_tables& interiors) {
  const toml_reader reader(source, "rooms.toml");
  const toml::table root = reader.parse();
  reader.allow_only(root, "", {"bands"});
  const toml::array& rows = reader.rows(root, "bands");
  std::vector<room_band> out;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const toml::table& t = toml_reader::row(rows, i);
    const std::string path = toml_reader::row_path("bands", i);
    room_band band;
    band.min_depth = static_cast<int>(reader.integer(t, path, "min_depth", 0, max_depth_value));
    band.dark = reader.flag(t, path, "dark");
    // "flooded_tunnels:3": the script interiors/flooded_tunnels.json, three times as often as a weight of 1.
    const std::vector<std::string> scripts = reader.texts(t, path, "interiors", false);
    for (std::size_t k = 0; k < scripts.size(); ++k) {
      const std::string key = path + ".interiors[" + std::to_string(k) + "]";
      const toml::node* near = toml_reader::element(t, "interiors", k);
      std::string_view name = scripts[k];
      int weight = 1;
      if (const std::size_t colon = name.find(':'); colon != std::string_view::npos) {
        const std::string_view digits = name.substr(colon + 1);
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), weight);
        if (ec != std::errc{} || end != digits.data() + digits.size() || weight < 1 || weight > 1000) {
          reader.fail(key, "a weight after ':' is a whole number from 1 to 1000", near);
        }
        name = name.substr(0, colon);
      }
      band.interiors.push_back({require_script(source, interiors, name, reader, key, near), weight});
    }
    reader.allow_only(t, path,
                      {"min_depth", "dark", "interiors", "theme", "name", "material", "variants", "places", "sounds",
                       "smells", "names", "details", "looks"});
    if (t.get("theme") == nullptr) {
      read_words(reader, t, path, interiors, band);
    } else {
      band.theme = reader.identifier(t, path, "theme");
      const std::string file = "themes/" + band.theme + ".toml";
      for (std::string_view key : word_keys) {
        if (const toml::node* own = t.get(key)) {
          reader.fail(path + "." + std::string(key), "the band names a theme: its words are in " + file, own);
        }
      }
      if (!read_source(source, file)) {
        reader.fail(
            path + ".theme",
            "names the theme \"" + band.theme + "\", but " + (source.dir / file).generic_string() + " is missing",
            t.get("theme"));
      }
      const toml_reader theme(source, file);
      const toml::table words = theme.parse();
      theme.allow_only(words, "", word_keys);
      read_words(theme, words, "", interiors, band);
    }
    if (i == 0 && band.min_depth != 0) {
      reader.fail(path + ".min_depth", "the first band must start at depth 0", t.get("min_depth"));
    }
    if (i > 0 && band.min_depth <= out.back().min_depth) {
      reader.fail(path + ".min_depth", "bands must be in ascending min_depth order", t.get("min_depth"));
    }
    out.push_back(std::move(band));
  }
  return out;
}

}  // namespace dw::content
