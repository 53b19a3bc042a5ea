#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "server/game/storage/records.hpp"

namespace dw::game {

/// The board by the well: the greatest depths reached by any character (online or not), read at
/// start-up and kept up to date as characters go deeper. World thread only.
class hall_of_fame {
 public:
  /// Starts from what storage holds.
  void reset(std::vector<storage::depth_record> rows);
  /// `name` reached `depth` at `at` (deeper than ever before for it).
  void reached(std::string_view name, std::int32_t depth, std::int64_t at);
  /// Takes a `reached` back: `name` is again at `depth` since `at` (0: never went down).
  void undo(std::string_view name, std::int32_t depth, std::int64_t at);
  /// The first `n` rows, deepest first and the earliest first among equals.
  std::vector<storage::depth_record> top(std::size_t n) const;

 private:
  std::vector<storage::depth_record> rows_;
};

}  // namespace dw::game
