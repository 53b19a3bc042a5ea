#include <algorithm>
#include <set>
#include <string_view>

#include "content/table_loaders.hpp"
#include "content/toml_reader.hpp"

namespace dw::content {

namespace {

/// A [[key]] table of words; `flagged` rows also carry good = true/false.
std::vector<word_row> load_words(const toml_reader& reader, const toml::table& root, std::string_view key,
                                 bool flagged) {
  const toml::array& rows = reader.rows(root, key);
  std::vector<word_row> out;
  out.reserve(rows.size());
  std::set<std::string> seen;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const toml::table& t = toml_reader::row(rows, i);
    const std::string path = toml_reader::row_path(key, i);
    if (flagged) {
      reader.allow_only(t, path, {"word", "multiplier", "weight", "good", "pounds"});
    } else {
      reader.allow_only(t, path, {"word", "multiplier", "weight", "pounds"});
    }
    word_row row;
    row.word = reader.text(t, path, "word");
    row.multiplier = reader.number(t, path, "multiplier", 0.0, false, 100.0);
    row.weight = static_cast<int>(reader.integer(t, path, "weight", 1, 1'000'000));
    row.good = flagged ? reader.flag(t, path, "good") : true;
    row.pounds = t.contains("pounds") ? reader.number(t, path, "pounds", 0.0, true, 1000.0) : 0.0;
    if (!seen.insert(row.word).second) {
      reader.fail(path + ".word", "\"" + row.word + "\" appears twice", t.get("word"));
    }
    out.push_back(std::move(row));
  }
  return out;
}

/// Texts may only use the placeholders the scroll fills in.
void check_placeholders(const toml_reader& reader, const toml::table& root, const std::vector<std::string>& texts) {
  for (std::size_t i = 0; i < texts.size(); ++i) {
    std::string_view rest = texts[i];
    while (true) {
      const auto open = rest.find('{');
      if (open == std::string_view::npos) {
        break;
      }
      const auto close = rest.find('}', open);
      const std::string_view name =
          close == std::string_view::npos ? rest.substr(open) : rest.substr(open, close - open + 1);
      if (name != "{name}" && name != "{place}") {
        reader.fail("texts[" + std::to_string(i) + "]",
                    "unknown placeholder " + std::string(name) + " (use {name} or {place})",
                    toml_reader::element(root, "texts", i));
      }
      rest = rest.substr(close + 1);
    }
  }
}

}  // namespace

scroll_tables load_scroll_tables(const table_source& source) {
  scroll_tables tables;
  {
    const toml_reader reader(source, "scroll_tubes.toml");
    const toml::table root = reader.parse();
    reader.allow_only(root, "", {"materials", "qualities"});
    tables.tube_materials = load_words(reader, root, "materials", false);
    tables.tube_qualities = load_words(reader, root, "qualities", false);
  }
  {
    const toml_reader reader(source, "scroll_paper.toml");
    const toml::table root = reader.parse();
    reader.allow_only(root, "", {"materials", "conditions"});
    tables.paper_materials = load_words(reader, root, "materials", false);
    tables.paper_conditions = load_words(reader, root, "conditions", true);
  }
  {
    const toml_reader reader(source, "scroll_writing.toml");
    const toml::table root = reader.parse();
    reader.allow_only(root, "", {"qualities", "details", "texts"});
    tables.writing_qualities = load_words(reader, root, "qualities", true);
    tables.writing_details = load_words(reader, root, "details", false);
    tables.texts = reader.texts(root, "", "texts", false);
    check_placeholders(reader, root, tables.texts);
  }
  return tables;
}

markov_names load_names(const table_source& source) {
  const toml_reader reader(source, "names.toml");
  const toml::table root = reader.parse();
  reader.allow_only(root, "", {"order", "words"});
  const auto order = static_cast<int>(reader.integer(root, "", "order", 2, 3));
  std::vector<std::string> words = reader.texts(root, "", "words", false);
  constexpr std::size_t min_words = 20;
  if (words.size() < min_words) {
    reader.fail("words", "needs at least " + std::to_string(min_words) + " words to learn from", root.get("words"));
  }
  std::set<std::string> seen;
  for (std::size_t i = 0; i < words.size(); ++i) {
    std::string& w = words[i];
    std::transform(w.begin(), w.end(), w.begin(),
                   [](char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; });
    const std::string key = "words[" + std::to_string(i) + "]";
    if (w.size() < markov_names::min_length || w.size() > markov_names::max_length) {
      reader.fail(key, "\"" + w + "\" must have 4 to 12 letters", toml_reader::element(root, "words", i));
    }
    if (!is_pronounceable(w)) {
      reader.fail(key, "\"" + w + "\" must be letters a-z with no three consonants or three vowels in a row",
                  toml_reader::element(root, "words", i));
    }
    if (!seen.insert(w).second) {
      reader.fail(key, "\"" + w + "\" appears twice", toml_reader::element(root, "words", i));
    }
  }
  return markov_names::train(words, order);
}

}  // namespace dw::content
