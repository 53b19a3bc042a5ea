#include "server/store/backup.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <system_error>
#include <tuple>

#include "server/store/database.hpp"

namespace dw::store {
namespace fs = std::filesystem;

namespace {

constexpr std::string_view partial_suffix = ".partial";
constexpr int busy_timeout_ms = 5000;
constexpr int busy_retry_ms = 5;

std::string stem_of(const std::string& database_path) {
  std::string stem = fs::path(database_path).stem().string();
  return stem.empty() ? std::string("deepwell") : stem;
}

bool all_digits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

/// The time and the same-second number of a backup name ("<stem>-YYYYMMDD-HHMMSSZ[-N].db").
struct name_parts {
  std::int64_t at = 0;
  int number = 1;
};

std::optional<name_parts> parse_name(const std::string& database_path, std::string_view name) {
  const std::string prefix = stem_of(database_path) + "-";
  if (!name.starts_with(prefix) || !name.ends_with(".db")) {
    return std::nullopt;
  }
  name.remove_prefix(prefix.size());
  name.remove_suffix(3);
  // "YYYYMMDD-HHMMSSZ" then perhaps "-N"
  if (name.size() < 16 || name[8] != '-' || name[15] != 'Z' || !all_digits(name.substr(0, 8)) ||
      !all_digits(name.substr(9, 6))) {
    return std::nullopt;
  }
  name_parts parts;
  const std::string_view rest = name.substr(16);
  if (!rest.empty()) {
    if (rest.front() != '-' || !all_digits(rest.substr(1)) || rest.size() > 4) {
      return std::nullopt;
    }
    parts.number = std::stoi(std::string(rest.substr(1)));
  }
  std::tm t{};
  t.tm_year = std::stoi(std::string(name.substr(0, 4))) - 1900;
  t.tm_mon = std::stoi(std::string(name.substr(4, 2))) - 1;
  t.tm_mday = std::stoi(std::string(name.substr(6, 2)));
  t.tm_hour = std::stoi(std::string(name.substr(9, 2)));
  t.tm_min = std::stoi(std::string(name.substr(11, 2)));
  t.tm_sec = std::stoi(std::string(name.substr(13, 2)));
  parts.at = static_cast<std::int64_t>(::timegm(&t));
  return parts;
}

struct connection_closer {
  void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
using connection = std::unique_ptr<sqlite3, connection_closer>;

connection open_raw(const std::string& path, int flags, const std::string& what) {
  sqlite3* raw = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &raw, flags | SQLITE_OPEN_NOMUTEX, nullptr);
  connection db(raw);
  if (rc != SQLITE_OK) {
    throw std::runtime_error(what + " " + path + ": " + (raw != nullptr ? sqlite3_errmsg(raw) : sqlite3_errstr(rc)));
  }
  sqlite3_extended_result_codes(raw, 1);
  sqlite3_busy_timeout(raw, busy_timeout_ms);
  return db;
}

void exec(sqlite3* db, const char* sql, const std::string& what) {
  char* error = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &error) != SQLITE_OK) {
    std::string message = what + ": " + (error != nullptr ? error : sqlite3_errmsg(db));
    sqlite3_free(error);
    throw std::runtime_error(message);
  }
}

/// The first column of each row of `sql`, as text.
std::vector<std::string> rows_of(sqlite3* db, const char* sql, const std::string& what) {
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db, sql, -1, &raw, nullptr) != SQLITE_OK) {
    throw std::runtime_error(what + ": " + sqlite3_errmsg(db));
  }
  std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> st(raw, sqlite3_finalize);
  std::vector<std::string> rows;
  int rc = SQLITE_ROW;
  while ((rc = sqlite3_step(st.get())) == SQLITE_ROW) {
    const unsigned char* text = sqlite3_column_text(st.get(), 0);
    rows.emplace_back(text == nullptr ? "" : reinterpret_cast<const char*>(text));
  }
  if (rc != SQLITE_DONE) {
    throw std::runtime_error(what + ": " + sqlite3_errmsg(db));
  }
  return rows;
}

/// Writes a file's (or a folder's) data to the disk, so a rename that follows never names a file whose
/// pages are still only in memory.
void sync_path(const fs::path& path, bool folder) {
  const int fd = ::open(path.c_str(), (folder ? O_DIRECTORY : 0) | O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    throw std::system_error(errno, std::generic_category(), "cannot open " + path.string() + " to sync it");
  }
  const int rc = ::fsync(fd);
  const int saved = errno;
  ::close(fd);
  if (rc != 0) {
    throw std::system_error(saved, std::generic_category(), "cannot sync " + path.string());
  }
}

/// Copies `source` into the empty database `dest` from one read snapshot, `pages` at a time.
void copy_pages(sqlite3* source, sqlite3* dest, const backup_options& options) {
  sqlite3_backup* backup = sqlite3_backup_init(dest, "main", source, "main");
  if (backup == nullptr) {
    throw std::runtime_error(std::string("cannot start the copy: ") + sqlite3_errmsg(dest));
  }
  int rc = SQLITE_OK;
  bool abandoned = false;
  while (true) {
    rc = sqlite3_backup_step(backup, std::max(1, options.pages_per_step));
    if (rc == SQLITE_DONE) {
      break;
    }
    if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) {
      sqlite3_sleep(busy_retry_ms);  // (the source's read lock is held: only a checkpoint's instant can do this)
    } else if (rc != SQLITE_OK) {
      break;
    }
    if (options.go_on && !options.go_on()) {
      abandoned = true;
      break;
    }
  }
  sqlite3_backup_finish(backup);
  if (abandoned) {
    throw std::runtime_error("abandoned: the server is stopping");
  }
  if (rc != SQLITE_DONE) {
    throw std::runtime_error(
        std::string("the copy failed: ") + sqlite3_errstr(rc) +
        (sqlite3_errcode(dest) != SQLITE_OK ? std::string(" (") + sqlite3_errmsg(dest) + ")" : ""));
  }
}

/// Makes the finished copy a rollback-journal file (it was copied with the source's WAL mark, and a
/// backup should be one self-contained file) and checks it.
void settle_copy(const std::string& path) {
  connection db = open_raw(path, SQLITE_OPEN_READWRITE, "cannot reopen the copy");
  const std::vector<std::string> mode = rows_of(db.get(), "PRAGMA journal_mode = DELETE", "cannot settle the copy");
  if (mode.empty() || mode.front() != "delete") {
    throw std::runtime_error("cannot take the copy out of WAL mode");
  }
  const std::vector<std::string> check = rows_of(db.get(), "PRAGMA quick_check", "cannot check the copy");
  if (check.size() != 1 || check.front() != "ok") {
    throw std::runtime_error("the copy failed PRAGMA quick_check: " +
                             (check.empty() ? std::string("?") : check.front()));
  }
}

fs::path unused_name(const fs::path& folder, const std::string& database_path, std::int64_t at) {
  const std::string first = backup_name(database_path, at);
  fs::path candidate = folder / first;
  std::error_code ec;
  for (int n = 2; fs::exists(candidate, ec) || fs::exists(candidate.string() + std::string(partial_suffix), ec); ++n) {
    if (n > 999) {
      throw std::runtime_error("too many backups named " + first);
    }
    candidate = folder / (first.substr(0, first.size() - 3) + "-" + std::to_string(n) + ".db");
  }
  return candidate;
}

}  // namespace

std::string backup_name(const std::string& database_path, std::int64_t at) {
  const std::time_t t = static_cast<std::time_t>(at);
  std::tm parts{};
  char text[32] = {};
  if (::gmtime_r(&t, &parts) == nullptr || std::strftime(text, sizeof text, "%Y%m%d-%H%M%SZ", &parts) == 0) {
    throw std::runtime_error("cannot write the time " + std::to_string(at));
  }
  return stem_of(database_path) + "-" + text + ".db";
}

std::optional<std::int64_t> backup_time(const std::string& database_path, const std::string& name) {
  if (auto parts = parse_name(database_path, name)) {
    return parts->at;
  }
  return std::nullopt;
}

std::vector<backup_file> list_backups(const std::string& folder, const std::string& database_path) {
  std::vector<std::tuple<std::int64_t, int, backup_file>> found;
  if (!fs::is_directory(folder)) {
    return {};
  }
  for (const fs::directory_entry& entry : fs::directory_iterator(folder)) {
    const std::string name = entry.path().filename().string();
    const auto parts = parse_name(database_path, name);
    std::error_code ec;
    if (!parts || !entry.is_regular_file(ec)) {
      continue;
    }
    const auto size = entry.file_size(ec);
    found.emplace_back(parts->at, parts->number,
                       backup_file{entry.path().string(), name, ec ? 0 : static_cast<std::int64_t>(size), parts->at});
  }
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) {
    return std::tie(std::get<0>(a), std::get<1>(a)) < std::tie(std::get<0>(b), std::get<1>(b));
  });
  std::vector<backup_file> out;
  out.reserve(found.size());
  for (auto& f : found) {
    out.push_back(std::move(std::get<2>(f)));
  }
  return out;
}

std::vector<std::string> prune_backups(const std::string& folder, const std::string& database_path, std::size_t keep) {
  std::vector<std::string> removed;
  try {
    // Temporary files first: none is being written while this runs (one backup at a time).
    std::error_code ec;
    for (const fs::directory_entry& entry : fs::directory_iterator(folder, ec)) {
      const std::string name = entry.path().filename().string();
      if (name.ends_with(partial_suffix) &&
          parse_name(database_path, name.substr(0, name.size() - partial_suffix.size())) &&
          fs::remove(entry.path(), ec)) {
        removed.push_back(name);
      }
    }
    const std::vector<backup_file> all = list_backups(folder, database_path);
    for (std::size_t i = 0; i + keep < all.size(); ++i) {
      if (fs::remove(all[i].path, ec)) {
        removed.push_back(all[i].name);
      }
    }
  } catch (const std::exception&) {
    // What was deleted so far is reported; the rest waits for the next backup.
  }
  return removed;
}

backup_outcome take_backup(const std::string& database_path, const std::string& folder, const backup_options& options) {
  backup_outcome outcome;
  const auto started = std::chrono::steady_clock::now();
  fs::path temp;
  try {
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (ec || !fs::is_directory(folder)) {
      throw std::runtime_error("cannot create the backup folder " + folder + ": " +
                               (ec ? ec.message() : std::string("not a folder")));
    }
    const fs::path final_path = unused_name(folder, database_path, options.at);
    temp = final_path.string() + std::string(partial_suffix);
    {
      connection source = open_raw(database_path, SQLITE_OPEN_READONLY, "cannot open the database");
      // One read transaction for the whole copy: every step reads the same snapshot, and the writer's
      // commits meanwhile go to the WAL beyond it (they neither wait nor restart the copy).
      exec(source.get(), "BEGIN", "cannot begin reading the database");
      const std::vector<std::string> id = rows_of(source.get(), "PRAGMA application_id", "cannot read the database");
      if (id.empty() || std::stoll(id.front()) != deepwell_application_id) {
        throw std::runtime_error(database_path + " is not a Deepwell database");
      }
      connection dest = open_raw(temp.string(), SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                                 "cannot write in the backup folder (is it writable?):");
      copy_pages(source.get(), dest.get(), options);
      exec(source.get(), "COMMIT", "cannot end reading the database");
    }
    settle_copy(temp.string());
    // The copy holds what the database holds (password hashes, addresses): no more readable than it.
    std::error_code mode_ec;
    fs::permissions(temp, fs::status(database_path, mode_ec).permissions() & fs::perms::all, mode_ec);
    sync_path(temp, false);
    fs::rename(temp, final_path);
    temp.clear();
    sync_path(final_path.parent_path().empty() ? fs::path(".") : final_path.parent_path(), true);
    outcome.ok = true;
    outcome.path = final_path.string();
    outcome.bytes = static_cast<std::int64_t>(fs::file_size(final_path));
  } catch (const std::exception& e) {
    outcome.ok = false;
    outcome.error = e.what();
    if (!temp.empty()) {
      std::error_code ignored;
      fs::remove(temp, ignored);
      fs::remove(temp.string() + "-journal", ignored);
    }
  }
  outcome.took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
  if (outcome.ok && options.keep > 0) {
    outcome.removed = prune_backups(folder, database_path, options.keep);
  }
  return outcome;
}

}  // namespace dw::store
