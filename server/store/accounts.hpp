#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "server/store/records.hpp"

namespace dw::store {

class database;

/// Outcome of accounts::create: a taken name is an ordinary result, not an error.
struct create_account_result {
  std::int64_t id = 0;      ///< the new account's id, 0 when the name was taken
  bool name_taken = false;  ///< another account already has this name (compared case-insensitively)

  explicit operator bool() const { return !name_taken; }
};

/// Accounts. Names are unique case-insensitively (ASCII folding, as SQLite's NOCASE).
namespace accounts {

/// Creates an account; `name_taken` instead of an id when the name exists in any letter case.
create_account_result create(database& db, std::string_view name, std::string_view password_hash, role account_role,
                             std::int64_t created_at);
/// Looks a name up case-insensitively.
std::optional<account_record> find_by_name(database& db, std::string_view name);
std::optional<account_record> find_by_id(database& db, std::int64_t id);
std::int64_t count(database& db);
/// Returns false when no such account exists.
bool set_role(database& db, std::int64_t id, role account_role);
bool set_password_hash(database& db, std::int64_t id, std::string_view password_hash);
/// Records a login at `at` (unix seconds).
bool touch_login(database& db, std::int64_t id, std::int64_t at);
/// Every account, ordered by id.
std::vector<account_record> list(database& db);

}  // namespace accounts
}  // namespace dw::store
