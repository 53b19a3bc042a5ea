#include "mapgen/step.hpp"

#include <algorithm>
#include <optional>

#include "mapgen/text_values.hpp"

// Parameters are read as the script loader reads its own numbers and sizes (text_values.hpp), so a
// value means the same in a named step's `parameters` as anywhere else in a script.
namespace dw::mapgen {

using detail::joined;
using detail::quote;
using detail::read_real;
using detail::read_size;
using detail::read_whole;
using detail::shown;
using detail::trim;

const std::string* param_reader::find(std::string_view key) const {
  for (const auto& [name, value] : params_) {
    if (name == key) {
      return &value;
    }
  }
  return nullptr;
}

int param_reader::integer(std::string_view key, int fallback, int lo, int hi) const {
  const std::string* raw = find(key);
  if (raw == nullptr) {
    return fallback;
  }
  const std::optional<int> value = read_whole(*raw);
  if (!value || *value < lo || *value > hi) {
    throw param_error(std::string(key), "must be a whole number from " + std::to_string(lo) + " to " +
                                            std::to_string(hi) + ", not " + quote(*raw));
  }
  return *value;
}

double param_reader::real(std::string_view key, double fallback, double lo, double hi) const {
  const std::string* raw = find(key);
  if (raw == nullptr) {
    return fallback;
  }
  const std::optional<double> value = read_real(*raw);
  if (!value || *value < lo || *value > hi) {
    throw param_error(std::string(key), "must be a number from " + shown(lo) + " to " + shown(hi) + ", not " + quote(*raw));
  }
  return *value;
}

entity_id param_reader::entity(std::string_view key, std::string_view fallback) const {
  const std::string* raw = find(key);
  const std::string_view name = raw == nullptr ? fallback : trim(*raw);
  const auto it = std::find(entities_.begin(), entities_.end(), name);
  if (it == entities_.end()) {
    throw param_error(std::string(key), quote(name) + " is not one of the script's entities");
  }
  return static_cast<entity_id>(it - entities_.begin());
}

std::pair<int, int> param_reader::size(std::string_view key, std::pair<int, int> fallback, int lo, int hi) const {
  const std::string* raw = find(key);
  if (raw == nullptr) {
    return fallback;
  }
  const auto value = read_size(*raw);
  if (!value || value->first < lo || value->first > hi || value->second < lo || value->second > hi) {
    throw param_error(std::string(key), "must be a size WxH with each side from " + std::to_string(lo) + " to " +
                                            std::to_string(hi) + ", not " + quote(*raw));
  }
  return *value;
}

void param_reader::only(std::initializer_list<std::string_view> known) const {
  for (const auto& [name, value] : params_) {
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      throw param_error(name, "is not a parameter of this step (it takes " +
                                  (known.size() == 0 ? std::string("none") : joined(known)) + ")");
    }
  }
}

}  // namespace dw::mapgen
