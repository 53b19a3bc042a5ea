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

struct create_outcome {
  bool name_taken = false;
  store::account_record account;
  store::character_record character;
};
/// Creates an account and its character in the village square. The first account on a fresh
/// database becomes an administrator. Runs inside the writer's transaction, so the check and the
/// insert are atomic.
void create_account(store::database& db, create_outcome& out, const std::string& name, const std::string& hash,
                    std::int64_t now, std::int32_t max_hp);

void save_character(store::database& db, const store::character_record& rec);
void touch_login(store::database& db, std::int64_t account_id, std::int64_t now);

}  // namespace dw::game
