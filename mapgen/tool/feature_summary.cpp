#include "mapgen/tool/feature_summary.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace dw::mapgen {

void run_summary::add(const tile_map& map, const interior_features& features) {
  const std::vector<feature_value> values = feature_values(features);
  if (names_.empty()) {
    for (const feature_value& v : values) {
      names_.push_back(v.name);
    }
  }
  for (const feature_value& v : values) {
    values_.push_back(v.value);
  }
  ++maps_;
  std::vector<entity_id> key;
  key.reserve(map.tiles().size() + 2);
  key.push_back(static_cast<entity_id>(map.width()));
  key.push_back(static_cast<entity_id>(map.height()));
  key.insert(key.end(), map.tiles().begin(), map.tiles().end());
  distinct_.insert(std::move(key));
}

std::vector<feature_spread> run_summary::spreads() const {
  std::vector<feature_spread> out;
  if (maps_ == 0) {
    return out;
  }
  std::vector<double> column(maps_);
  for (std::size_t f = 0; f < names_.size(); ++f) {
    for (std::size_t m = 0; m < maps_; ++m) {
      column[m] = values_[m * names_.size() + f];
    }
    std::sort(column.begin(), column.end());
    const std::size_t mid = column.size() / 2;
    const double median = column.size() % 2 == 1 ? column[mid] : (column[mid - 1] + column[mid]) / 2;
    out.push_back({names_[f], column.front(), median, column.back()});
  }
  return out;
}

std::string format_value(double value) {
  char text[32];
  if (value == std::floor(value) && std::fabs(value) < 1e9) {
    std::snprintf(text, sizeof text, "%.0f", value);
  } else {
    std::snprintf(text, sizeof text, "%.2f", value);
  }
  return text;
}

std::vector<std::string> features_lines(const interior_features& features, std::size_t width) {
  std::vector<std::string> lines{""};
  for (const feature_value& v : feature_values(features)) {
    const std::string pair = std::string(v.name) + " " + format_value(v.value);
    if (!lines.back().empty() && lines.back().size() + 2 + pair.size() > width) {
      lines.emplace_back();
    }
    if (!lines.back().empty()) {
      lines.back() += "  ";
    }
    lines.back() += pair;
  }
  return lines;
}

std::vector<std::string> summary_table(const run_summary& run) {
  std::vector<std::string> lines;
  char text[128];
  std::snprintf(text, sizeof text, "%-18s %8s %8s %8s", "feature", "min", "median", "max");
  lines.emplace_back(text);
  for (const feature_spread& s : run.spreads()) {
    std::snprintf(text, sizeof text, "%-18.*s %8s %8s %8s", static_cast<int>(s.name.size()), s.name.data(),
                  format_value(s.min).c_str(), format_value(s.median).c_str(), format_value(s.max).c_str());
    lines.emplace_back(text);
  }
  // Rounded down, so 100% means no map repeats (998 of 1000 shows 99%, not 100%).
  const std::size_t percent = run.maps() == 0 ? 0 : run.distinct() * 100 / run.maps();
  std::snprintf(text, sizeof text, "distinct maps: %zu of %zu (%zu%%)", run.distinct(), run.maps(), percent);
  lines.emplace_back(text);
  return lines;
}

}  // namespace dw::mapgen
