#include "server/game/events/storage_health.hpp"

namespace dw::game {

std::string_view storage_health::describe(int code) {
  // Primary SQLite result codes (the low byte of an extended code).
  switch (code & 0xff) {
    case 0:
      return "a change was refused";
    case 5:  // SQLITE_BUSY
    case 6:  // SQLITE_LOCKED
      return "the database is locked by another process";
    case 8:  // SQLITE_READONLY
      return "the database has become read-only";
    case 10:  // SQLITE_IOERR
      return "the disk reports I/O errors";
    case 11:  // SQLITE_CORRUPT
      return "the database is damaged";
    case 13:  // SQLITE_FULL
      return "the disk is full";
    case 14:  // SQLITE_CANTOPEN
      return "the database files cannot be opened";
    case 19:  // SQLITE_CONSTRAINT
      return "a change broke a database rule";
    default:
      return "the database refused a write";
  }
}

std::optional<std::string> storage_health::failed(int code, std::string_view message, std::int64_t now) {
  const bool same = faulty_ && (code & 0xff) == (code_ & 0xff);
  ++failures_;
  if (same) {
    return std::nullopt;
  }
  faulty_ = true;
  code_ = code;
  since_ = now;
  failures_ = 1;
  return "Storage fault: " + std::string(describe(code)) + " (" + std::string(message.substr(0, 300)) +
         "). Actions that need the database are refused until it works again.";
}

std::optional<std::string> storage_health::succeeded(std::int64_t now) {
  if (!faulty_) {
    return std::nullopt;
  }
  faulty_ = false;
  std::string text = "Saving works again after " + std::to_string(now - since_) + " s; " +
                     std::to_string(failures_) + (failures_ == 1 ? " change was" : " changes were") +
                     " refused meanwhile.";
  failures_ = 0;
  code_ = 0;
  return text;
}

}  // namespace dw::game
