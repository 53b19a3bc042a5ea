#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/store/records.hpp"

namespace dw::store {
class database;
}

namespace dw::game {

/// The game's calls into the store, gathered in one place. Each runs on a worker or the writer
/// thread (inside a closure handed to `services`), never on the world thread.

struct login_lookup {
  std::optional<store::account_record> account;
  std::optional<store::character_record> character;
  std::vector<store::item_record> items;  ///< carried
};
/// Reads an account and its character by name (case-insensitive).
login_lookup read_login(store::database& db, const std::string& name);
login_lookup read_login_by_id(store::database& db, std::int64_t account_id);

}  // namespace dw::game
