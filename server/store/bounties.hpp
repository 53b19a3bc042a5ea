#pragma once

#include <cstdint>
#include <optional>

#include "server/store/records.hpp"

namespace dw::store {

class database;

/// Characters' bounties (the game's bounties part decides what they mean).
namespace bounties {

/// The account's bounties, or nullopt when it has never held one.
std::optional<bounty_book_record> load(database& db, std::int64_t account_id);
/// Replaces everything stored of the account's bounties with `book`.
void save(database& db, const bounty_book_record& book);

}  // namespace bounties
}  // namespace dw::store
