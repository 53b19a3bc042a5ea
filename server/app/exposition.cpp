#include "server/app/exposition.hpp"

#include <charconv>
#include <cmath>
#include <vector>

#include "server/game/latency_histogram.hpp"

namespace dw::app {
namespace {

/// A label value: backslash, double quote and line feed escaped.
void append_label_value(std::string& out, std::string_view v) {
  for (const char c : v) {
    if (c == '\\' || c == '"') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
}

/// A HELP text: backslash and line feed escaped.
void append_help(std::string& out, std::string_view v) {
  for (const char c : v) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
}

}  // namespace

std::string metric_number(double value) {
  if (std::isnan(value)) {
    return "NaN";
  }
  if (std::isinf(value)) {
    return value > 0 ? "+Inf" : "-Inf";
  }
  char buffer[64];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return ec == std::errc{} ? std::string(buffer, end) : std::string("NaN");
}

void exposition::family(std::string_view name, std::string_view type, std::string_view help) {
  out_ += "# HELP ";
  out_ += name;
  out_ += ' ';
  append_help(out_, help);
  out_ += "\n# TYPE ";
  out_ += name;
  out_ += ' ';
  out_ += type;
  out_ += '\n';
}

void exposition::begin_sample(std::string_view name, std::span<const metric_label> labels, std::string_view extra_name,
                              std::string_view extra_value) {
  out_ += name;
  bool first = true;
  const auto label = [&](std::string_view n, std::string_view v) {
    out_ += first ? '{' : ',';
    first = false;
    out_ += n;
    out_ += "=\"";
    append_label_value(out_, v);
    out_ += '"';
  };
  for (const auto& [n, v] : labels) {
    label(n, v);
  }
  if (!extra_name.empty()) {
    label(extra_name, extra_value);
  }
  if (!first) {
    out_ += '}';
  }
  out_ += ' ';
}

void exposition::sample(std::string_view name, std::initializer_list<metric_label> labels, std::uint64_t value) {
  begin_sample(name, std::span(labels.begin(), labels.size()));
  out_ += std::to_string(value);
  out_ += '\n';
}

void exposition::sample(std::string_view name, std::initializer_list<metric_label> labels, double value) {
  begin_sample(name, std::span(labels.begin(), labels.size()));
  out_ += metric_number(value);
  out_ += '\n';
}

void exposition::histogram(std::string_view name, metric_label label, const game::latency_histogram& h) {
  const std::span<const metric_label> labels(&label, label.first.empty() ? 0 : 1);
  const std::string bucket = std::string(name) + "_bucket";
  std::uint64_t cumulative = 0;
  const std::vector<std::uint64_t>& counts = h.counts();
  for (std::size_t i = 0; i < counts.size(); ++i) {
    cumulative += counts[i];
    const bool last = i == h.upper_bounds().size();
    const std::string le = last ? "+Inf" : metric_number(static_cast<double>(h.upper_bounds()[i]) / 1e9);
    begin_sample(bucket, labels, "le", le);
    out_ += std::to_string(cumulative);
    out_ += '\n';
  }
  begin_sample(std::string(name) + "_sum", labels);
  out_ += metric_number(static_cast<double>(h.sum_ns()) / 1e9);
  out_ += '\n';
  begin_sample(std::string(name) + "_count", labels);
  out_ += std::to_string(h.count());
  out_ += '\n';
}

}  // namespace dw::app
