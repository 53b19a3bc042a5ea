// help.toml: the help topics (split from content_loader.cpp to keep files short).
#include <algorithm>
#include <map>

#include "content/table_loaders.hpp"
#include "content/toml_reader.hpp"

namespace dw::content {

namespace {

constexpr std::size_t max_topics = 200;
constexpr std::size_t max_keywords = 30;
constexpr std::size_t max_title_bytes = 80;

/// A word a player types to find a topic: 1..24 of a-z and 0-9.
bool topic_word(std::string_view w) {
  return !w.empty() && w.size() <= 24 &&
         std::all_of(w.begin(), w.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); });
}

/// The line inside the file of byte `at` of a string whose node starts on `node_line` (a multi-line
/// string starts on the line after its opening quotes).
std::uint32_t line_in(const toml::node* node, std::string_view text, std::size_t at) {
  const std::uint32_t start = toml_reader::line_of(node);
  if (start == 0) {
    return 0;
  }
  const auto lines_before = static_cast<std::uint32_t>(std::count(text.begin(), text.begin() + at, '\n'));
  return start + lines_before + (text.find('\n') != std::string_view::npos ? 1U : 0U);
}

}  // namespace

help_topics load_help(const table_source& source) {
  const toml_reader reader(source, "help.toml");
  const toml::table root = reader.parse();
  reader.allow_only(root, "", {"topics"});
  const toml::array& rows = reader.rows(root, "topics");
  if (rows.size() > max_topics) {
    reader.fail("topics", "at most " + std::to_string(max_topics) + " topics", root.get("topics"));
  }
  help_topics out;
  std::map<std::string, std::string, std::less<>> words;  // every name and keyword, and whose it is
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const toml::table& t = toml_reader::row(rows, i);
    const std::string path = toml_reader::row_path("topics", i);
    reader.allow_only(t, path, {"name", "title", "keywords", "text"});
    help_topic topic;
    topic.name = reader.text(t, path, "name");
    if (!topic_word(topic.name)) {
      reader.fail(path + ".name", "must be 1 to 24 characters of a-z and 0-9 (a word players type)", t.get("name"));
    }
    topic.title = reader.text(t, path, "title");
    if (topic.title.size() > max_title_bytes ||
        std::any_of(topic.title.begin(), topic.title.end(),
                    [](char c) { return static_cast<unsigned char>(c) < 0x20U || c == 0x7F; })) {
      reader.fail(path + ".title", "must be one line of at most " + std::to_string(max_title_bytes) + " bytes",
                  t.get("title"));
    }
    topic.keywords = reader.texts(t, path, "keywords", true, true);
    if (topic.keywords.size() > max_keywords) {
      reader.fail(path + ".keywords", "at most " + std::to_string(max_keywords) + " keywords", t.get("keywords"));
    }
    const std::string written = reader.text(t, path, "text");
    const toml::node* text_node = t.get("text");
    for (std::size_t at = 0; at < written.size(); ++at) {
      const auto c = static_cast<unsigned char>(written[at]);
      const bool line_end = c == '\n' || (c == '\r' && at + 1 < written.size() && written[at + 1] == '\n');
      if ((c < 0x20U && !line_end) || c == 0x7FU) {
        reader.fail_at_line(path + ".text",
                            c == '\t' ? std::string("holds a tab: indent with spaces")
                                      : "holds control character " + std::to_string(c),
                            line_in(text_node, written, at));
      }
    }
    topic.text = help_text_layout(written);
    if (topic.text.empty()) {
      reader.fail(path + ".text", "has no words", text_node);
    }
    if (topic.text.size() > max_help_text_bytes) {
      reader.fail(path + ".text", "is longer than " + std::to_string(max_help_text_bytes) + " bytes", text_node);
    }
    // Every word finds one topic only.
    const auto claim = [&](const std::string& word, const std::string& key, const toml::node* near) {
      if (const auto [it, fresh] = words.emplace(word, topic.name); !fresh) {
        reader.fail(key, "\"" + word + "\" already finds the topic \"" + it->second + "\"", near);
      }
    };
    claim(topic.name, path + ".name", t.get("name"));
    for (std::size_t k = 0; k < topic.keywords.size(); ++k) {
      const std::string key = path + ".keywords[" + std::to_string(k) + "]";
      const toml::node* near = toml_reader::element(t, "keywords", k);
      if (!topic_word(topic.keywords[k])) {
        reader.fail(key, "must be 1 to 24 characters of a-z and 0-9 (a word players type)", near);
      }
      if (topic.keywords[k] != topic.name) {
        claim(topic.keywords[k], key, near);
      }
    }
    out.topics.push_back(std::move(topic));
  }
  return out;
}

}  // namespace dw::content
