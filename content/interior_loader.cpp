// interiors.toml (how rooms are named and described from their shapes, what `look` says of their tiles)
// and the generator scripts in interiors/ that rooms.toml's bands name.
#include <algorithm>

#include "content/interior_loader.hpp"
#include "content/interior_text.hpp"
#include "content/toml_reader.hpp"
#include "mapgen/script.hpp"

namespace dw::content {
namespace {

/// The largest interior a room may have: it must fit a screen (and `survey`) with room to spare.
constexpr int max_interior_width = 21;
constexpr int max_interior_height = 11;
constexpr std::size_t max_script_bytes = 256 * 1024;

std::vector<feature_test> conditions(const toml_reader& reader, const toml::table& t, const std::string& path) {
  if (t.get("when") == nullptr) {
    return {};
  }
  const std::string text = reader.text(t, path, "when");
  std::string why;
  auto tests = parse_conditions(text, why);
  if (!tests) {
    reader.fail(path + ".when", why, t.get("when"));
  }
  return std::move(*tests);
}

/// An optional key for a shape or detail: an identifier, once in its list.
std::string row_key(const toml_reader& reader, const toml::table& t, const std::string& path,
                    std::vector<std::string>& seen) {
  if (t.get("key") == nullptr) {
    return {};
  }
  std::string key = reader.identifier(t, path, "key");
  if (std::find(seen.begin(), seen.end(), key) != seen.end()) {
    reader.fail(path + ".key", "\"" + key + "\" appears twice", t.get("key"));
  }
  seen.push_back(key);
  return key;
}

}  // namespace

std::vector<std::string> checked_phrases(const toml_reader& reader, const toml::table& t, const std::string& path,
                                         std::string_view key, bool optional) {
  std::vector<std::string> out = reader.texts(t, path, key, false, optional);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const std::string at = path + "." + std::string(key) + "[" + std::to_string(i) + "]";
    if (const std::string bad = unknown_placeholder(out[i]); !bad.empty()) {
      reader.fail(at,
                  bad == "{" ? "has a { without its }"
                             : bad + " is not a placeholder (use {material}, {place} or a feature such as {pillars})",
                  toml_reader::element(t, key, i));
    }
    if (const std::string share = share_as_percent(out[i]); !share.empty()) {
      reader.fail(at, share + " reads as words (\"a third\"): write \"" + share + " of the floor\", not \"" + share +
                          " percent\"", toml_reader::element(t, key, i));
    }
  }
  return out;
}

interior_tables load_interiors(const table_source& source) {
  const toml_reader reader(source, "interiors.toml");
  const toml::table root = reader.parse();
  reader.allow_only(root, "", {"max_details", "shapes", "details", "looks"});
  interior_tables out;
  out.max_details = static_cast<int>(reader.integer(root, "", "max_details", 0, 8));
  std::vector<std::string> shape_keys;
  std::vector<std::string> detail_keys;
  const toml::array& shapes = reader.rows(root, "shapes");
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    const toml::table& t = toml_reader::row(shapes, i);
    const std::string path = toml_reader::row_path("shapes", i);
    reader.allow_only(t, path, {"key", "when", "names"});
    interior_shape shape;
    shape.key = row_key(reader, t, path, shape_keys);
    shape.when = conditions(reader, t, path);
    shape.names = checked_phrases(reader, t, path, "names");
    if (i + 1 == shapes.size() && !shape.when.empty()) {
      reader.fail(path + ".when", "the last shape names every room no other shape fits: it takes no conditions",
                  t.get("when"));
    }
    out.shapes.push_back(std::move(shape));
  }
  const toml::array& details = reader.rows(root, "details");
  for (std::size_t i = 0; i < details.size(); ++i) {
    const toml::table& t = toml_reader::row(details, i);
    const std::string path = toml_reader::row_path("details", i);
    reader.allow_only(t, path, {"key", "when", "sentences"});
    interior_detail detail;
    detail.key = row_key(reader, t, path, detail_keys);
    detail.when = conditions(reader, t, path);
    detail.sentences = checked_phrases(reader, t, path, "sentences");
    out.details.push_back(std::move(detail));
  }
  const toml::array& looks = reader.rows(root, "looks");
  for (std::size_t i = 0; i < looks.size(); ++i) {
    const toml::table& t = toml_reader::row(looks, i);
    const std::string path = toml_reader::row_path("looks", i);
    reader.allow_only(t, path, {"entity", "words", "texts"});
    interior_look look;
    look.entity = reader.text(t, path, "entity");
    look.words = reader.texts(t, path, "words", false);
    look.texts = checked_phrases(reader, t, path, "texts");
    out.looks.push_back(std::move(look));
  }
  return out;
}

std::size_t require_script(const table_source& source, interior_tables& tables, std::string_view name,
                           const toml_reader& referrer, const std::string& key, const toml::node* near) {
  const auto known = std::find_if(tables.scripts.begin(), tables.scripts.end(),
                                  [&](const interior_script& s) { return s.name == name; });
  if (known != tables.scripts.end()) {
    return static_cast<std::size_t>(known - tables.scripts.begin());
  }
  const bool plain = !name.empty() && name.size() <= 48 && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
  if (!plain) {
    referrer.fail(key, "a script's name is 1 to 48 of a-z, 0-9 and _ (its file is interiors/<name>.json)", near);
  }
  const std::string file = "interiors/" + std::string(name) + ".json";
  const std::string label = (source.dir / file).generic_string();
  const std::optional<std::string> text = read_source(source, file);
  if (!text) {
    referrer.fail(key, "names the script \"" + std::string(name) + "\", but " + label + " is missing", near);
  }
  if (text->size() > max_script_bytes) {
    throw content_load_failure{{label, "", "is larger than 256 KB", 0}};
  }
  try {
    auto script = std::make_shared<const mapgen::generator>(mapgen::load_script(*text, label));
    for (std::string_view needed : {"solid", "empty"}) {
      if (!script->entity(needed)) {
        throw content_load_failure{
            {label, "entities", "an interior script needs the entities solid (rock) and empty (floor); \"" +
                                    std::string(needed) + "\" is missing", 0}};
      }
    }
    const auto [max_w, max_h] = script->max_size();
    const auto [min_w, min_h] = script->min_size();
    if (max_w > max_interior_width || max_h > max_interior_height || min_w < 5 || min_h < 5) {
      throw content_load_failure{{label, "metadata", "a room interior is from 5x5 to 21x11 tiles", 0}};
    }
    tables.scripts.push_back({std::string(name), std::move(script), *text});
  } catch (const mapgen::script_error& e) {
    // what() repeats the file and the JSON path that content_error keeps apart ("f: path: why"; a JSON
    // syntax error is "f:line:column: why", kept as "line:column: why").
    std::string why = e.what();
    const std::string prefix = e.file + (e.path.empty() ? ":" : ": " + e.path + ": ");
    if (why.starts_with(prefix)) {
      why.erase(0, prefix.size());
    }
    throw content_load_failure{{e.file, e.path, why, 0}};
  }
  return tables.scripts.size() - 1;
}

}  // namespace dw::content
