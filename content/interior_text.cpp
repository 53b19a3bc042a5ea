#include "content/interior_text.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace dw::content {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
    s.remove_prefix(1);
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) {
    s.remove_suffix(1);
  }
  return s;
}

}  // namespace

std::optional<interior_feature> interior_feature_named(std::string_view name) {
  for (std::size_t i = 0; i < interior_feature_names.size(); ++i) {
    if (interior_feature_names[i] == name) {
      return static_cast<interior_feature>(i);
    }
  }
  return std::nullopt;
}

double feature_value(const mapgen::interior_features& f, interior_feature which) {
  switch (which) {
    case interior_feature::width:
      return f.width;
    case interior_feature::height:
      return f.height;
    case interior_feature::open:
      return f.open_share;
    case interior_feature::chambers:
      return f.chambers;
    case interior_feature::pillars:
      return f.pillars;
    case interior_feature::water:
      return f.water_share;
    case interior_feature::alcoves:
      return f.dead_ends;
    case interior_feature::corridor:
      return f.longest_corridor;
    case interior_feature::areas:
      return f.areas;
    case interior_feature::roots:
      return f.roots;
    case interior_feature::rubble:
      return f.rubble;
  }
  return 0;
}

bool conditions_hold(const std::vector<feature_test>& tests, const mapgen::interior_features& f) {
  return std::all_of(tests.begin(), tests.end(), [&](const feature_test& t) {
    const double v = feature_value(f, t.feature);
    switch (t.compare) {
      case feature_test::op::lt:
        return v < t.value;
      case feature_test::op::le:
        return v <= t.value;
      case feature_test::op::gt:
        return v > t.value;
      case feature_test::op::ge:
        return v >= t.value;
      case feature_test::op::eq:
        return v == t.value;
      case feature_test::op::ne:
        return v != t.value;
    }
    return false;
  });
}

std::optional<std::vector<feature_test>> parse_conditions(std::string_view text, std::string& why) {
  std::vector<feature_test> out;
  if (trim(text).empty()) {
    return out;
  }
  static constexpr std::array<std::pair<std::string_view, feature_test::op>, 6> ops = {{
      {">=", feature_test::op::ge},
      {"<=", feature_test::op::le},
      {"==", feature_test::op::eq},
      {"!=", feature_test::op::ne},
      {">", feature_test::op::gt},
      {"<", feature_test::op::lt},
  }};
  while (true) {
    const std::size_t comma = text.find(',');
    const std::string_view one = trim(text.substr(0, comma));
    feature_test test;
    std::size_t at = std::string_view::npos;
    std::size_t op_length = 0;
    for (const auto& [symbol, op] : ops) {
      if (const std::size_t found = one.find(symbol); found != std::string_view::npos) {
        at = found;
        op_length = symbol.size();
        test.compare = op;
        break;
      }
    }
    if (at == std::string_view::npos) {
      why = std::string("\"").append(one) + "\" is not a condition such as \"water >= 0.3\"";
      return std::nullopt;
    }
    const std::string_view name = trim(one.substr(0, at));
    const std::string_view number = trim(one.substr(at + op_length));
    const auto feature = interior_feature_named(name);
    if (!feature) {
      why = std::string("\"").append(name) +
            "\" is not a feature (known: width, height, open, chambers, pillars, water, "
            "alcoves, corridor, areas, roots, rubble)";
      return std::nullopt;
    }
    test.feature = *feature;
    const char* end = number.data() + number.size();
    const auto [ptr, ec] = std::from_chars(number.data(), end, test.value);
    if (number.empty() || ec != std::errc{} || ptr != end || !std::isfinite(test.value)) {
      why = std::string("\"").append(number) + "\" is not a number";
      return std::nullopt;
    }
    out.push_back(test);
    if (comma == std::string_view::npos) {
      return out;
    }
    text.remove_prefix(comma + 1);
  }
}

std::string unknown_placeholder(std::string_view text) {
  for (std::size_t open = text.find('{'); open != std::string_view::npos; open = text.find('{', open + 1)) {
    const std::size_t close = text.find('}', open);
    if (close == std::string_view::npos) {
      return "{";
    }
    const std::string_view name = text.substr(open + 1, close - open - 1);
    if (name != "material" && name != "place" && !interior_feature_named(name)) {
      return std::string("{").append(name) + "}";
    }
  }
  return {};
}

std::string share_as_percent(std::string_view text) {
  for (std::string_view share : {"{open}", "{water}"}) {
    for (std::size_t at = text.find(share); at != std::string_view::npos; at = text.find(share, at + 1)) {
      std::string_view after = text.substr(at + share.size());
      while (!after.empty() && after.front() == ' ') {
        after.remove_prefix(1);
      }
      if (after.starts_with("percent") || after.starts_with("per cent") || after.starts_with("%")) {
        return std::string(share);
      }
    }
  }
  return {};
}

}  // namespace dw::content
