#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace dw::store {

class database;

/// Named integer counters the game must never reuse (room ids, branch numbers), kept across
/// restarts and collapses.
namespace counters {
std::optional<std::int64_t> get(database& db, std::string_view name);
void set(database& db, std::string_view name, std::int64_t value);
}  // namespace counters

}  // namespace dw::store
