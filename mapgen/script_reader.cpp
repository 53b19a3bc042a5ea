#include "mapgen/script_reader.hpp"

#include <algorithm>
#include <optional>

namespace dw::mapgen::detail {

void script_reader::fail(const json::value& where, const std::string& message) const {
  std::string path = where.path();
  if (path.empty()) {
    throw script_error(file_, "", std::to_string(where.line()) + ":" + std::to_string(where.column()) + ": " + message);
  }
  throw script_error(file_, std::move(path), message);
}

void script_reader::fail_at(std::string path, const std::string& message) const {
  throw script_error(file_, std::move(path), message);
}

std::string script_reader::warning(const json::value& where, const std::string& message) const {
  return script_error(file_, where.path(), message).what();
}

void script_reader::expect(const json::value& v, json::kind k) const {
  if (!v.is(k)) {
    fail(v, "must be " + std::string(json::describe(k)) + ", not " + std::string(json::describe(v.kind())));
  }
}

void script_reader::only_keys(const json::value& v, std::initializer_list<std::string_view> known, std::string_view what) const {
  for (std::size_t i = 0; i < v.size(); ++i) {
    const json::value& member = v[i];
    if (std::find(known.begin(), known.end(), member.key()) == known.end()) {
      fail(member, "unknown key " + quote(member.key()) + " (" + std::string(what) + " takes " + joined(known) + ")");
    }
  }
}

const json::value& script_reader::required(const json::value& v, std::string_view key) const {
  const json::value* member = v.find(key);
  if (member == nullptr) {
    fail(v, "needs " + quote(key));
  }
  return *member;
}

std::string script_reader::scalar(const json::value& v) const {
  if (!v.is(json::kind::string) && !v.is(json::kind::number)) {
    fail(v, "must be a string or a number, not " + std::string(json::describe(v.kind())));
  }
  return v.text();
}

int script_reader::whole(const json::value& v, int lo, int hi) const {
  const std::string text = scalar(v);
  const std::optional<int> value = read_whole(text);
  if (!value || *value < lo || *value > hi) {
    fail(v, "must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) + ", not " + quote(text));
  }
  return *value;
}

double script_reader::real(const json::value& v, double lo, double hi) const {
  const std::string text = scalar(v);
  const std::optional<double> value = read_real(text);
  if (!value || *value < lo || *value > hi) {
    fail(v, "must be a number from " + shown(lo) + " to " + shown(hi) + ", not " + quote(text));
  }
  return *value;
}

std::pair<int, int> script_reader::size(const json::value& v, int lo, int hi) const {
  const std::string text = scalar(v);
  const auto value = read_size(text);
  if (!value || value->first < lo || value->first > hi || value->second < lo || value->second > hi) {
    fail(v, "must be a size WxH with each side from " + std::to_string(lo) + " to " + std::to_string(hi) + ", not " +
                quote(text));
  }
  return *value;
}

}  // namespace dw::mapgen::detail
