#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/store/records.hpp"

namespace dw::store {

class database;

/// Live setting overrides made by administrators (validated by the config layer before they get here).
namespace settings {

/// Every stored setting, ordered by key.
std::vector<setting_record> get_all(database& db);
std::optional<std::string> get(database& db, std::string_view key);
/// Inserts or replaces the value of `key`.
void set(database& db, std::string_view key, std::string_view value);
/// Returns false when the key was not stored.
bool remove(database& db, std::string_view key);

}  // namespace settings
}  // namespace dw::store
