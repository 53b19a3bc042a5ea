#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace dw::store {

class database;

/// One step of the schema's history: running `sql` takes a database from `version - 1` to `version`.
struct migration {
  std::int32_t version;
  std::string_view sql;
};

/// Deepwell's schema history, oldest first. Released entries are never edited; changes are new entries.
std::span<const migration> migrations();

/// The version the newest migration produces.
std::int32_t latest_schema_version();

/// Applies every migration in `list` newer than the database's version, each in its own
/// transaction that also records the new version and stamps the application id. Safe when another
/// connection migrates the same file at the same time (the version is re-read under the write lock).
/// Throws store_error if the database is newer than the last migration in `list`.
void migrate(database& db, std::span<const migration> list);

}  // namespace dw::store
