#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace dw::store {

/// One backup file the server named, in a backup folder.
struct backup_file {
  std::string path;  ///< folder/name
  std::string name;  ///< "deepwell-20261127-195300Z.db"
  std::int64_t bytes = 0;
  std::int64_t taken_at = 0;  ///< unix seconds, from the name
};

/// How one backup ended. A failed one leaves no file behind (its temporary file is removed).
struct backup_outcome {
  bool ok = false;
  std::string path;  ///< the finished file (when ok)
  std::int64_t bytes = 0;
  std::chrono::milliseconds took{0};
  std::string error;                 ///< why it failed (when not ok)
  std::vector<std::string> removed;  ///< older backups deleted afterwards to keep `keep`
};

/// The file name of a backup of `database_path` begun at unix second `at`: the database file's stem, the
/// UTC time, ".db" ("deepwell-20261127-195300Z.db"). Only names of this shape are listed and pruned.
std::string backup_name(const std::string& database_path, std::int64_t at);

/// When `name` is a backup name for `database_path` (a "-2" before ".db" marks a second one in the same
/// second), the unix second it was begun; nullopt for any other file.
std::optional<std::int64_t> backup_time(const std::string& database_path, const std::string& name);

/// The backups of `database_path` in `folder`, oldest first (empty when the folder does not exist).
/// Throws std::filesystem::filesystem_error when the folder cannot be read.
std::vector<backup_file> list_backups(const std::string& folder, const std::string& database_path);

/// Deletes the oldest backups of `database_path` in `folder` beyond the newest `keep`, and any temporary
/// file a backup cut short left (a crash, a hot reboot); returns the names deleted. Files the server did
/// not name are never touched. Never throws: a file that cannot be deleted is left.
std::vector<std::string> prune_backups(const std::string& folder, const std::string& database_path, std::size_t keep);

/// What take_backup needs besides the paths.
struct backup_options {
  std::int64_t at = 0;          ///< unix seconds the backup begins (its name)
  std::size_t keep = 0;         ///< prune to this many afterwards (0: no pruning)
  int pages_per_step = 256;     ///< pages copied between two calls of `go_on`
  std::function<bool()> go_on;  ///< asked between steps; false abandons the backup (shutdown)
};

/// Copies the database at `database_path` into `folder` (created if missing) while other connections
/// go on writing: its own read-only connection holds one read transaction for the whole copy, so in WAL
/// mode the copy is the snapshot of the last commit before it began, and the writer never waits for it
/// (SQLite's online backup API, copying pages in steps). The copy is written under a temporary name
/// ("<name>.partial"), turned into a rollback-journal file (no -wal needed beside it), checked with
/// `PRAGMA quick_check`, synced, and only then renamed to its final name. Never throws.
backup_outcome take_backup(const std::string& database_path, const std::string& folder, const backup_options& options);

}  // namespace dw::store
