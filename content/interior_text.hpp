#pragma once

// Internal to content/: the small languages inside interiors.toml (conditions such as "water >= 0.3" and
// {placeholders} in names and sentences), shared by the loader that checks them and the describer that uses them.

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "content/interior_tables.hpp"

namespace dw::content {

/// The names conditions and placeholders use, in interior_feature order.
inline constexpr std::array<std::string_view, 11> interior_feature_names = {
    "width", "height", "open", "chambers", "pillars", "water", "alcoves", "corridor", "areas", "roots", "rubble"};

/// The feature called `name`, or nullopt.
std::optional<interior_feature> interior_feature_named(std::string_view name);

/// "water >= 0.3, chambers > 1" → its tests; an empty text holds always. On a mistake, nullopt and `why`.
std::optional<std::vector<feature_test>> parse_conditions(std::string_view text, std::string& why);

/// The first {placeholder} in `text` that is neither a feature nor "material", or "" when all are known
/// (an unclosed brace is returned as "{").
std::string unknown_placeholder(std::string_view text);

}  // namespace dw::content
