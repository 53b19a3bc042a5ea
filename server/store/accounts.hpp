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
/// Counts a wrong password at `at`; once `lock_after` have failed in a row the account is locked for
/// `lock_seconds` (and again after each further failure). Returns locked_until (0: not locked).
std::int64_t record_failed_login(database& db, std::int64_t id, std::int64_t at, std::int64_t lock_after,
                                 std::int64_t lock_seconds);
/// A successful login at `at`: last_login is set and the failure counts and any lock are cleared.
void record_login(database& db, std::int64_t id, std::int64_t at);
/// Lifts a lock-out (the owner is still told about the failures at the next login). False: no such account.
bool unlock(database& db, std::int64_t id);
/// Every account, ordered by id.
std::vector<account_record> list(database& db);

}  // namespace accounts
}  // namespace dw::store
