#include "content/toml_reader.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

namespace dw::content {

namespace {

std::string format_number(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

}  // namespace

std::optional<std::string> read_source(const table_source& source, std::string_view name) {
  if (source.texts != nullptr) {
    const auto it = source.texts->find(name);
    return it == source.texts->end() ? std::nullopt : std::optional<std::string>(it->second);
  }
  const std::filesystem::path path = source.dir / name;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in && !in.eof()) {
    return std::nullopt;
  }
  return std::move(text).str();
}

toml_reader::toml_reader(const table_source& source, std::string_view name)
    : path_(source.dir / name), file_(path_.generic_string()), name_(name), texts_(source.texts) {}

toml::table toml_reader::parse() const {
  const std::string* text = nullptr;
  if (texts_ != nullptr) {
    const auto it = texts_->find(name_);
    if (it == texts_->end()) {
      throw content_load_failure{{file_, "", "file is missing", 0}};
    }
    text = &it->second;
  } else {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path_, ec)) {
      throw content_load_failure{{file_, "", "file is missing", 0}};
    }
  }
  try {
    // toml::parse_file reads the whole file and parses that text exactly as toml::parse does.
    return text != nullptr ? toml::parse(*text, path_.string()) : toml::parse_file(path_.string());
  } catch (const toml::parse_error& e) {
    throw content_load_failure{
        {file_, "", "not valid TOML: " + std::string(e.description()), static_cast<std::uint32_t>(e.source().begin.line)}};
  }
}

std::uint32_t toml_reader::line_of(const toml::node* node) {
  return node == nullptr ? 0U : static_cast<std::uint32_t>(node->source().begin.line);
}

void toml_reader::fail_at_line(std::string key, std::string reason, std::uint32_t line) const {
  throw content_load_failure{{file_, std::move(key), std::move(reason), line}};
}

void toml_reader::fail(std::string key, std::string reason, const toml::node* near) const {
  throw content_load_failure{{file_, std::move(key), std::move(reason), line_of(near)}};
}

std::string toml_reader::join(std::string_view path, std::string_view key) {
  std::string out(path);
  if (!out.empty()) {
    out += '.';
  }
  out += key;
  return out;
}

void toml_reader::allow_only(const toml::table& t, std::string_view path,
                             std::initializer_list<std::string_view> allowed) const {
  for (const auto& [key, node] : t) {
    if (std::find(allowed.begin(), allowed.end(), key.str()) == allowed.end()) {
      fail(join(path, key.str()), "unknown key", &node);
    }
  }
}

const toml::node& toml_reader::require(const toml::table& t, std::string_view path, std::string_view key) const {
  const toml::node* node = t.get(key);
  if (node == nullptr) {
    fail(join(path, key), "is missing", &t);
  }
  return *node;
}

const toml::table& toml_reader::table(const toml::table& parent, std::string_view path, std::string_view key) const {
  const toml::node& node = require(parent, path, key);
  const toml::table* t = node.as_table();
  if (t == nullptr) {
    fail(join(path, key), "must be a table", &node);
  }
  return *t;
}

const toml::array& toml_reader::rows(const toml::table& root, std::string_view key) const {
  const toml::node& node = require(root, "", key);
  const toml::array* a = node.as_array();
  if (a != nullptr && a->empty()) {
    fail(std::string(key), "must not be empty", &node);
  }
  if (a == nullptr || !a->is_array_of_tables()) {
    fail(std::string(key), "must be an array of tables ([[" + std::string(key) + "]])", &node);
  }
  return *a;
}

const toml::table& toml_reader::row(const toml::array& rows, std::size_t index) { return *rows[index].as_table(); }

const toml::node* toml_reader::element(const toml::table& t, std::string_view key, std::size_t index) {
  const toml::array* a = t.get_as<toml::array>(key);
  return a == nullptr ? nullptr : a->get(index);
}

std::string toml_reader::row_path(std::string_view key, std::size_t index) {
  return std::string(key) + "[" + std::to_string(index) + "]";
}

std::string toml_reader::text(const toml::table& t, std::string_view path, std::string_view key,
                              bool may_be_empty) const {
  const toml::node& node = require(t, path, key);
  const auto* s = node.as_string();
  if (s == nullptr) {
    fail(join(path, key), "must be a string", &node);
  }
  if (!may_be_empty && s->get().empty()) {
    fail(join(path, key), "must not be empty", &node);
  }
  return s->get();
}

std::string toml_reader::identifier(const toml::table& t, std::string_view path, std::string_view key) const {
  std::string id = text(t, path, key);
  const bool shaped = id.size() <= 24 && std::all_of(id.begin(), id.end(), [](char c) {
                        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
                      });
  if (!shaped) {
    fail(join(path, key), "must be 1 to 24 characters of a-z, 0-9 and _", t.get(key));
  }
  return id;
}

std::int64_t toml_reader::integer(const toml::table& t, std::string_view path, std::string_view key,
                                  std::int64_t min, std::int64_t max) const {
  const toml::node& node = require(t, path, key);
  const auto* i = node.as_integer();
  if (i == nullptr) {
    fail(join(path, key), "must be an integer", &node);
  }
  const std::int64_t v = i->get();
  if (v < min) {
    fail(join(path, key), min == 1 ? "must be > 0" : "must be >= " + std::to_string(min), &node);
  }
  if (v > max) {
    fail(join(path, key), "must be <= " + std::to_string(max), &node);
  }
  return v;
}

double toml_reader::number(const toml::table& t, std::string_view path, std::string_view key, double min,
                           bool inclusive, double max) const {
  const toml::node& node = require(t, path, key);
  double v = 0.0;
  if (const auto* f = node.as_floating_point()) {
    v = f->get();
  } else if (const auto* i = node.as_integer()) {
    v = static_cast<double>(i->get());
  } else {
    fail(join(path, key), "must be a number", &node);
  }
  if (!std::isfinite(v)) {
    fail(join(path, key), "must be a finite number", &node);
  }
  if (inclusive ? v < min : v <= min) {
    fail(join(path, key), std::string("must be ") + (inclusive ? ">= " : "> ") + format_number(min), &node);
  }
  if (v > max) {
    fail(join(path, key), "must be <= " + format_number(max), &node);
  }
  return v;
}

bool toml_reader::flag(const toml::table& t, std::string_view path, std::string_view key) const {
  const toml::node& node = require(t, path, key);
  const auto* b = node.as_boolean();
  if (b == nullptr) {
    fail(join(path, key), "must be true or false", &node);
  }
  return b->get();
}

std::vector<std::string> toml_reader::texts(const toml::table& t, std::string_view path, std::string_view key,
                                            bool may_be_empty_list, bool optional) const {
  if (optional && t.get(key) == nullptr) {
    return {};
  }
  const toml::node& node = require(t, path, key);
  const auto* a = node.as_array();
  if (a == nullptr) {
    fail(join(path, key), "must be a list of strings", &node);
  }
  if (!may_be_empty_list && a->empty()) {
    fail(join(path, key), "must not be empty", &node);
  }
  std::vector<std::string> out;
  out.reserve(a->size());
  for (std::size_t i = 0; i < a->size(); ++i) {
    const auto* s = (*a)[i].as_string();
    const std::string item_key = join(path, key) + "[" + std::to_string(i) + "]";
    if (s == nullptr) {
      fail(item_key, "must be a string", &(*a)[i]);
    }
    if (s->get().empty()) {
      fail(item_key, "must not be empty", &(*a)[i]);
    }
    out.push_back(s->get());
  }
  return out;
}

}  // namespace dw::content
