#pragma once

#include <cstdint>
#include <optional>

#include "server/store/records.hpp"

namespace dw::store {

class database;

/// Characters' experience (the game's progression part decides what it means).
namespace progress {

/// The account's experience, or nullopt when it has never gained any.
std::optional<progress_record> load(database& db, std::int64_t account_id);
/// Inserts or replaces the account's experience.
void save(database& db, const progress_record& r);

}  // namespace progress
}  // namespace dw::store
