#include "mapgen/script_reader.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace dw::mapgen::detail {

namespace {

// Whole numbers and reals as the messages print them: "0.5", not "0.500000".
std::string shown(double v) {
  char buffer[32];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
  return ec == std::errc{} ? std::string(buffer, end) : std::string("?");
}

}  // namespace

bool valid_name(std::string_view name) noexcept {
  auto start = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  auto rest = [&](char c) { return start(c) || (c >= '0' && c <= '9') || c == '-'; };
  return !name.empty() && name.size() <= 64 && start(name.front()) && std::all_of(name.begin(), name.end(), rest);
}

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

void script_reader::expect(const json::value& v, json::kind k) const {
  if (!v.is(k)) {
    fail(v, "must be " + std::string(json::describe(k)) + ", not " + std::string(json::describe(v.kind())));
  }
}

void script_reader::only_keys(const json::value& v, std::initializer_list<std::string_view> known, std::string_view what) const {
  for (std::size_t i = 0; i < v.size(); ++i) {
    const json::value& member = v[i];
    if (std::find(known.begin(), known.end(), member.key()) == known.end()) {
      std::string list;
      for (std::string_view k : known) {
        list += list.empty() ? "" : ", ";
        list += k;
      }
      fail(member, "unknown key " + quote(member.key()) + " (" + std::string(what) + " takes " + list + ")");
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
  const std::string_view t = trim(text);
  int value = 0;
  const auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), value);
  if (t.empty() || ec != std::errc{} || ptr != t.data() + t.size() || value < lo || value > hi) {
    fail(v, "must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) + ", not " + quote(text));
  }
  return value;
}

double script_reader::real(const json::value& v, double lo, double hi) const {
  const std::string text = scalar(v);
  const std::string_view t = trim(text);
  double value = 0;
  const auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), value);
  if (t.empty() || ec != std::errc{} || ptr != t.data() + t.size() || !std::isfinite(value) || value < lo || value > hi) {
    fail(v, "must be a number from " + shown(lo) + " to " + shown(hi) + ", not " + quote(text));
  }
  return value;
}

std::pair<int, int> script_reader::size(const json::value& v, int lo, int hi) const {
  const std::string text = scalar(v);
  const std::string_view t = trim(text);
  const std::size_t x = t.find('x');
  int w = 0;
  int h = 0;
  auto whole_part = [](std::string_view part, int& out) {
    const auto [ptr, ec] = std::from_chars(part.data(), part.data() + part.size(), out);
    return !part.empty() && ec == std::errc{} && ptr == part.data() + part.size();
  };
  if (x == std::string_view::npos || !whole_part(t.substr(0, x), w) || !whole_part(t.substr(x + 1), h) || w < lo ||
      w > hi || h < lo || h > hi) {
    fail(v, "must be a size WxH with each side from " + std::to_string(lo) + " to " + std::to_string(hi) + ", not " +
                quote(text));
  }
  return {w, h};
}

}  // namespace dw::mapgen::detail
