#pragma once

#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <utility>

namespace dw::game {
class latency_histogram;
}

// Prometheus's text exposition format, version 0.0.4: what GET /metrics answers. Standard library only.
namespace dw::app {

/// A label of a sample: name and value (the value is escaped as the format asks).
using metric_label = std::pair<std::string_view, std::string_view>;

/// Builds the text of one scrape: each family's # HELP and # TYPE lines, then its samples.
class exposition {
 public:
  /// Begins a family: `type` is "counter", "gauge" or "histogram"; `help` one line.
  void family(std::string_view name, std::string_view type, std::string_view help);
  /// One sample line: `name{labels} value`.
  void sample(std::string_view name, std::initializer_list<metric_label> labels, std::uint64_t value);
  void sample(std::string_view name, std::initializer_list<metric_label> labels, double value);
  /// A histogram's samples (`name_bucket` with `le`, cumulative, then `name_sum` in seconds and `name_count`)
  /// for durations counted in nanoseconds; `label` (when its name is not empty) goes on each.
  void histogram(std::string_view name, metric_label label, const game::latency_histogram& h);

  const std::string& text() const { return out_; }
  std::string take() { return std::move(out_); }

 private:
  void begin_sample(std::string_view name, std::span<const metric_label> labels, std::string_view extra_name = {},
                    std::string_view extra_value = {});

  std::string out_;
};

/// `value` as the format writes a number: shortest round-trip form, "+Inf", "-Inf" or "NaN".
std::string metric_number(double value);

}  // namespace dw::app
