#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

namespace dw::content {

/// Picks a row by die roll `v` in [0,1) over the rows' integer `weight`s, among rows `eligible` accepts.
/// Integer weights keep the choice exact and identical on every platform. nullopt when no row qualifies.
template <class Row, class Eligible>
std::optional<std::size_t> pick_weighted(std::span<const Row> rows, double v, Eligible eligible) {
  std::int64_t total = 0;
  for (const Row& row : rows) {
    if (eligible(row)) {
      total += row.weight;
    }
  }
  if (total <= 0) {
    return std::nullopt;
  }
  auto target = static_cast<std::int64_t>(v * static_cast<double>(total));
  if (target >= total) {
    target = total - 1;  // only reachable if a caller passes v == 1.0
  }
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (!eligible(rows[i])) {
      continue;
    }
    if (target < rows[i].weight) {
      return i;
    }
    target -= rows[i].weight;
  }
  return std::nullopt;
}

/// pick_weighted over every row; the tables guarantee at least one row, so this always has an answer.
template <class Row>
std::size_t pick_weighted_any(std::span<const Row> rows, double v) {
  return pick_weighted(rows, v, [](const Row&) { return true; }).value_or(0);
}

}  // namespace dw::content
