#pragma once

// Internal to content/: the small languages inside interiors.toml (conditions such as "water >= 0.3" and
// {placeholders} in names and sentences), shared by the loader that checks them and the describer that uses them.

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "content/interior_tables.hpp"
#include "mapgen/features.hpp"

namespace dw::content {

/// The names conditions and placeholders use, in interior_feature order.
inline constexpr std::array<std::string_view, 11> interior_feature_names = {
    "width", "height", "open", "chambers", "pillars", "water", "alcoves", "corridor", "areas", "roots", "rubble"};

/// The feature called `name`, or nullopt.
std::optional<interior_feature> interior_feature_named(std::string_view name);

/// "water >= 0.3, chambers > 1" → its tests; an empty text holds always. On a mistake, nullopt and `why`.
std::optional<std::vector<feature_test>> parse_conditions(std::string_view text, std::string& why);

/// The first {placeholder} in `text` that is neither a feature nor "material" nor "place", or "" when all
/// are known (an unclosed brace is returned as "{").
std::string unknown_placeholder(std::string_view text);

/// The feature's measured value in `f` (shares 0..1, the rest counts and sizes).
double feature_value(const mapgen::interior_features& f, interior_feature which);

/// Whether every test holds for `f` (no tests: always).
bool conditions_hold(const std::vector<feature_test>& tests, const mapgen::interior_features& f);

/// "{water}" when `text` says "{water} percent" (or "{open} percent"): shares read as words ("a third"),
/// so such a sentence would say "a third percent". "" when there is none.
std::string share_as_percent(std::string_view text);

}  // namespace dw::content
